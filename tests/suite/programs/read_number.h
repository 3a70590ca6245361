/* Fast reading of unsigned numbers from standard input, shared by the
 * programs of this folder so that each keeps only its game and its bug.
 * Reads in 64 KiB blocks with fread: a scanf loop would spend most of a
 * time limit on a 10^8-number input. */
#include <stdio.h>

static unsigned char input_block[1 << 16];
static size_t input_len, input_pos;

/* The next byte of standard input, or EOF. */
static int next_byte(void)
{
    if (input_pos == input_len) {
        input_len = fread(input_block, 1, sizeof input_block, stdin);
        input_pos = 0;
        if (input_len == 0)
            return EOF;
    }
    return input_block[input_pos++];
}

/* Reads the next unsigned decimal number into *value, skipping anything
 * before it; returns 0 at the end of the input, 1 otherwise. */
static int read_number(unsigned long long *value)
{
    int c = next_byte();
    while (c != EOF && (c < '0' || c > '9'))
        c = next_byte();
    if (c == EOF)
        return 0;
    unsigned long long v = 0;
    while (c >= '0' && c <= '9') {
        v = v * 10 + (unsigned long long)(c - '0');
        c = next_byte();
    }
    *value = v;
    return 1;
}
