/* nim (Luogu P2197) with --move, wrong: the verdicts are right, but the
 * move takes one object from the last non-empty heap, which is legal and
 * leaves a winning position for the opponent unless that heap happens to
 * be the one to move (heaps 1 2 3 ... as "Yes 3:3->2" when x = 1). */
#include <stdlib.h>
#include "read_number.h"

int main(void)
{
    unsigned long long cases, heaps, heap;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        unsigned long long x = 0, last = 0, last_at = 0;
        read_number(&heaps);
        for (unsigned long long i = 1; i <= heaps; i++) {
            read_number(&heap);
            x ^= heap;
            if (heap > 0) {
                last = heap;
                last_at = i;
            }
        }
        if (x == 0)
            puts("No");
        else
            printf("Yes %llu:%llu->%llu\n", last_at, last, last - 1);
    }
    return 0;
}
