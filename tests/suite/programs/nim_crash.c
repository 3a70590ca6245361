/* nim (Luogu P2197), crashes: keeps up to 3 heaps in a small array and
 * meant to allocate room for larger cases, but forgot: a case of more than
 * 3 heaps writes through a null pointer and dies of SIGSEGV. Right on every
 * input whose cases have at most 3 heaps. */
#include "read_number.h"

unsigned long long *large_case; /* the bug: never allocated (null) */

int main(void)
{
    unsigned long long small_case[3];
    unsigned long long cases, heaps, i;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        read_number(&heaps);
        unsigned long long *heap = heaps <= 3 ? small_case : large_case;
        for (i = 0; i < heaps; i++)
            read_number(&heap[i]);
        unsigned long long x = 0;
        for (i = 0; i < heaps; i++)
            x ^= heap[i];
        puts(x != 0 ? "Yes" : "No");
    }
    return 0;
}
