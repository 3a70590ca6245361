/* lasker (HDU 3032), wrong: the Grundy value transform with two residues
 * swapped (s + 1 for s % 4 == 0 and s - 1 for s % 4 == 3, where the right
 * one is the other way round). Wrong e.g. on the heaps 3 2 ("Alice"). */
#include "read_number.h"

static unsigned long long grundy(unsigned long long s)
{
    switch (s % 4) {
    case 0:
        return s + 1; /* the bug: should be s - 1 */
    case 3:
        return s - 1; /* the bug: should be s + 1 */
    default:
        return s;
    }
}

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
            x ^= grundy(heap);
        }
        puts(x != 0 ? "Alice" : "Bob");
    }
    return 0;
}
