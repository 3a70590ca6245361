/* misere (HDU 1907), wrong: counts the heaps above 1 ("big") and plays the
 * all-ones rule (first wins on an even number of 1s) whenever big <= 1,
 * where only big == 0 is the all-ones case. Wrong exactly on the cases of
 * one heap above 1 and an odd number of 1s, e.g. heaps 2 1 (first wins by
 * taking the 2, "John"; this says "Brother"). */
#include "read_number.h"

int main(void)
{
    unsigned long long cases, heaps, heap;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        unsigned long long x = 0, ones = 0, big = 0;
        read_number(&heaps);
        while (heaps--) {
            read_number(&heap);
            x ^= heap;
            if (heap == 1)
                ones++;
            else if (heap > 1)
                big++;
        }
        int first_wins = big <= 1 ? ones % 2 == 0 : x != 0; /* the bug: big == 0 */
        puts(first_wins ? "John" : "Brother");
    }
    return 0;
}
