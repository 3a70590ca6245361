/*
 * HDU 3032 with the competitive programmer's fast input: large fread calls
 * into a buffer and a hand-written digit loop, in place of scanf. This is
 * the fastest *usual* C solution, and the one nimstream should be measured
 * against, not just scanf.
 *
 * Same input, Grundy values and output as scanf_lasker.c.
 */
#include <stdio.h>
#include <stdlib.h>

/* Big enough that the read calls cost nothing next to the parsing, small
 * enough to stay in L2. */
#define BUF_SIZE (1 << 20)

static unsigned char buf[BUF_SIZE];
static size_t len, pos;

/* The next byte, or -1 at the end of input. */
static inline int next_byte(void)
{
    if (pos == len) {
        len = fread(buf, 1, BUF_SIZE, stdin);
        pos = 0;
        if (len == 0)
            return -1;
    }
    return buf[pos++];
}

static void fail(const char *what)
{
    fprintf(stderr, "fread_lasker: %s\n", what);
    exit(1);
}

/* Skips C whitespace, then reads one unsigned decimal number. */
static unsigned long long read_number(void)
{
    int c = next_byte();
    while (c == ' ' || (c >= '\t' && c <= '\r'))
        c = next_byte();
    if (c < '0' || c > '9')
        fail("malformed input");
    unsigned long long v = 0;
    do {
        /* The problem bounds every number by 2^31, so no overflow check. */
        v = v * 10 + (unsigned)(c - '0');
        c = next_byte();
    } while (c >= '0' && c <= '9');
    return v;
}

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

int main(void)
{
    unsigned long long cases = read_number();
    for (unsigned long long c = 0; c < cases; c++) {
        unsigned long long heaps = read_number();
        unsigned long long x = 0;
        for (unsigned long long i = 0; i < heaps; i++)
            x ^= grundy(read_number());
        puts(x ? "Alice" : "Bob");
    }
    return 0;
}
