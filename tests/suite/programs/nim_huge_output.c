/* nim (Luogu P2197), endless output: prints the right answers, then writes
 * "Yes" lines to standard output forever (until killed, or SIGPIPE when the
 * reader goes away): an output limit exceeded. */
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
    for (;;)
        fputs("Yes\n", stdout); /* the bug */
}
