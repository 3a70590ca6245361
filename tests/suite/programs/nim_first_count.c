/* nim (Luogu P2197), wrong: reads the count of heaps of the first case and
 * takes it for every case ("all cases have N heaps"), so it reads the
 * heaps of a case whose count differs out of step. Right on every file
 * whose cases all hold the same count of heaps; the smallest failing file
 * has two cases of different counts, e.g. 2 cases, `1 1` and `2 1 1`. */
#include "read_number.h"

int main(void)
{
    unsigned long long cases, first, heaps, i;
    if (!read_number(&cases) || !read_number(&first))
        return 0;
    heaps = first;
    while (cases--) {
        unsigned long long x = 0;
        for (i = 0; i < first; i++) {
            unsigned long long heap;
            read_number(&heap);
            x ^= heap;
        }
        puts(x != 0 ? "Yes" : "No");
        /* the bug: the next case's own count is read and thrown away */
        if (cases)
            read_number(&heaps);
    }
    return 0;
}
