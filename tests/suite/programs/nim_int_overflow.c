/* nim (Luogu P2197), wrong: keeps each heap size in an unsigned char (to
 * save memory, say), which holds 0 to 255 only, while the problem's heaps
 * reach 9999: a heap of 256 or more is taken modulo 256. Wrong e.g. on a
 * single heap of 256 (right: "Yes"). */
#include "read_number.h"

int main(void)
{
    unsigned long long cases, heaps, value;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        unsigned char x = 0;
        read_number(&heaps);
        while (heaps--) {
            read_number(&value);
            unsigned char heap = (unsigned char)value; /* the bug: 8 bits */
            x ^= heap;
        }
        puts(x != 0 ? "Yes" : "No");
    }
    return 0;
}
