/* bash (HDU 1846), right: n objects, a move takes 1 to m of them, whoever
 * takes the last wins. The second player wins exactly when n is a multiple
 * of m + 1 (he answers every k with m + 1 - k). */
#include "read_number.h"

int main(void)
{
    unsigned long long cases, n, m;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        read_number(&n);
        read_number(&m);
        puts(n % (m + 1) != 0 ? "first" : "second");
    }
    return 0;
}
