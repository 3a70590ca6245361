/* lasker (HDU 3032), right: Lasker's Nim, where a move may also split a
 * heap in two. The Grundy value of a heap s is s - 1 when s % 4 == 0,
 * s + 1 when s % 4 == 3, and s otherwise; the first player ("Alice") wins
 * when the xor of the values is not 0. 64 bits: s + 1 reaches 2^31. */
#include "read_number.h"

static unsigned long long grundy(unsigned long long s)
{
    switch (s % 4) {
    case 0:
        return s - 1;
    case 3:
        return s + 1;
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
