/* misere (HDU 1907), right: in misère Nim the first player ("John") wins
 * when the xor of the heaps is not 0, except when every heap has 1 object:
 * then he wins exactly when the number of heaps is even. */
#include "read_number.h"

int main(void)
{
    unsigned long long cases, heaps, heap;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        unsigned long long x = 0, n;
        int all_ones = 1;
        read_number(&heaps);
        for (n = 0; n < heaps; n++) {
            read_number(&heap);
            x ^= heap;
            if (heap > 1)
                all_ones = 0;
        }
        int first_wins = all_ones ? heaps % 2 == 0 : x != 0;
        puts(first_wins ? "John" : "Brother");
    }
    return 0;
}
