/* nim (Luogu P2197) with --move, right: "Yes" and a winning move, or "No".
 * It names the LAST heap that can win (h xor x < h), where `solve --move`
 * names the first, so a checker that compares text would reject it. The
 * heaps of a case are kept (in a growing array) to find that heap. */
#include <stdlib.h>
#include "read_number.h"

int main(void)
{
    unsigned long long cases, heaps, *heap = NULL;
    size_t room = 0;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        unsigned long long x = 0;
        read_number(&heaps);
        if (heaps > room) {
            room = heaps;
            heap = realloc(heap, room * sizeof *heap);
            if (!heap)
                return 1;
        }
        for (unsigned long long i = 0; i < heaps; i++) {
            read_number(&heap[i]);
            x ^= heap[i];
        }
        if (x == 0) {
            puts("No");
            continue;
        }
        unsigned long long i = heaps;
        while ((heap[i - 1] ^ x) >= heap[i - 1])
            i--;
        printf("Yes %llu:%llu->%llu\n", i, heap[i - 1], heap[i - 1] ^ x);
    }
    free(heap);
    return 0;
}
