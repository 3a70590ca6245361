/* nim (Luogu P2197), right: the first player wins ("Yes") exactly when the
 * xor of the heaps is not 0. Heaps are xored as they are read, so any
 * number of heaps fits, and in 64 bits, so any size does. */
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
        puts(x != 0 ? "Yes" : "No");
    }
    return 0;
}
