/* misere (HDU 1907), wrong: forgets misère Nim's all-ones case and plays it
 * as normal Nim ("John" when the xor is not 0). Wrong exactly on the cases
 * whose heaps all hold 1 object, e.g. a single heap of 1 ("Brother"). */
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
        puts(x != 0 ? "John" : "Brother");
    }
    return 0;
}
