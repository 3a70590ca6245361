/* nim (Luogu P2197), too slow: right answers, but looks for a winning move
 * by xoring, for each heap, all the other heaps: O(N^2) per case. A heap
 * larger than the xor of the others can be reduced to it, which wins; there
 * is such a heap exactly when the xor of all heaps is not 0. A losing case
 * of 10^5 heaps takes 10^10 steps: a time limit exceeded. */
#include <stdlib.h>
#include "read_number.h"

int main(void)
{
    unsigned long long cases, heaps, i, j;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        read_number(&heaps);
        unsigned long long *heap = malloc((heaps + 1) * sizeof *heap);
        if (heap == NULL)
            return 1;
        for (i = 0; i < heaps; i++)
            read_number(&heap[i]);
        int wins = 0;
        for (i = 0; i < heaps && !wins; i++) {
            unsigned long long others = 0;
            for (j = 0; j < heaps; j++)
                if (j != i)
                    others ^= heap[j];
            wins = heap[i] > others;
        }
        puts(wins ? "Yes" : "No");
        free(heap);
    }
    return 0;
}
