/* bash (HDU 1846), wrong: off by one, n % m where the right test is
 * n % (m + 1). Wrong e.g. on n = 1, m = 1 (right: "first"). */
#include "read_number.h"

int main(void)
{
    unsigned long long cases, n, m;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        read_number(&n);
        read_number(&m);
        puts(n % m != 0 ? "first" : "second"); /* the bug: m, not m + 1 */
    }
    return 0;
}
