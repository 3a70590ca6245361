/* nim (Luogu P2197), wrong: stores a case's heaps in a fixed array of 100
 * while the problem allows 10000, then xors the array. The array is a
 * member of a struct followed by the xor, so the 101st heap lands on the
 * xor and the xor loop then cancels it (x ^= x): on a case of more than 100
 * heaps the answer is the xor of heaps 102 to N only, a wrong answer (not a
 * crash) for the problem's N <= 10000, as `volatile` keeps every access in
 * memory, in order. Past 10101 heaps the writes leave the struct: undefined
 * (likely a crash). Right on every case of at most 100 heaps. */
#include "read_number.h"

static volatile struct {
    unsigned long long heap[100]; /* the bug: room for 100 heaps only */
    unsigned long long x;         /* the xor, right after the heaps */
    unsigned long long rest[10000]; /* the rest of the program's data */
} memory;

int main(void)
{
    unsigned long long cases, heaps, i;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        read_number(&heaps);
        memory.x = 0;
        for (i = 0; i < heaps; i++) {
            unsigned long long heap;
            read_number(&heap);
            memory.heap[i] = heap;
        }
        for (i = 0; i < heaps; i++)
            memory.x ^= memory.heap[i];
        puts(memory.x != 0 ? "Yes" : "No");
    }
    return 0;
}
