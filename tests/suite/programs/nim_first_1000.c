/* nim (Luogu P2197), wrong: keeps room for 1000 heaps where the problem
 * allows 10000, and xors only the heaps it kept: a case of more than 1000
 * heaps is answered from its first 1000. Right on every case of at most
 * 1000 heaps; the smallest failing case has 1001, e.g. 1000 heaps of 0 and
 * a heap of 1 ("No", where the first player wins). */
#include "read_number.h"

static unsigned long long kept[1000]; /* the bug: room for 1000 heaps only */

int main(void)
{
    unsigned long long cases, heaps, i;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        unsigned long long x = 0, n = 0;
        read_number(&heaps);
        for (i = 0; i < heaps; i++) {
            unsigned long long heap;
            read_number(&heap);
            if (n < 1000)
                kept[n++] = heap;
        }
        for (i = 0; i < n; i++)
            x ^= kept[i];
        puts(x != 0 ? "Yes" : "No");
    }
    return 0;
}
