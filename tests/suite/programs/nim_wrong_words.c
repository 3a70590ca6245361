/* nim (Luogu P2197), wrong: the right verdicts in the wrong words, "YES"
 * and "NO" where the problem asks for "Yes" and "No". */
#include "read_number.h"

int main(void)
{
    unsigned long long cases, heaps, heap;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        unsigned long long x = 0;
        read_number(&heaps);
        while (heaps--) {
            read_number(&heap);
            x ^= heap;
        }
        puts(x != 0 ? "YES" : "NO"); /* the bug: the words' case */
    }
    return 0;
}
