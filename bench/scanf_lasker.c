/*
 * The textbook solution of HDU 3032 (Nim or not Nim?), reading with scanf:
 * the baseline a judge's reference solution usually is.
 *
 * Input: T, then per case N and N heap sizes (1 <= s <= 2^31 - 1).
 * Lasker's Nim: a move takes objects from a heap or splits it in two. Its
 * Grundy values are g(h) = h except that g(4k+3) = 4k+4 and g(4k+4) = 4k+3;
 * the first player (Alice) wins when the xor of the g values is non-zero.
 *
 * Output: "Alice" or "Bob", one line per case. Exit status 1 on bad input.
 */
#include <stdio.h>
#include <stdlib.h>

static unsigned long long grundy(unsigned long long h)
{
    switch (h % 4) {
    case 3:
        return h + 1;
    case 0:
        return h == 0 ? 0 : h - 1;
    default:
        return h;
    }
}

static int read_int(int *out)
{
    if (scanf("%d", out) != 1) {
        fprintf(stderr, "scanf_lasker: malformed input\n");
        exit(1);
    }
    return *out;
}

int main(void)
{
    int cases;
    read_int(&cases);
    for (int c = 0; c < cases; c++) {
        int heaps;
        read_int(&heaps);
        unsigned long long x = 0;
        for (int i = 0; i < heaps; i++) {
            int h;
            read_int(&h);
            /* Heaps are at most 2^31 - 1, but g of that is 2^31: widen first. */
            x ^= grundy((unsigned long long)(unsigned int)h);
        }
        puts(x ? "Alice" : "Bob");
    }
    return 0;
}
