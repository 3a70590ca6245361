/* nim (Luogu P2197), wrong exit: prints the right answers, then returns 3
 * from main, which a judge reports as a runtime error. */
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
        puts(x != 0 ? "Yes" : "No");
    }
    return 3; /* the bug */
}
