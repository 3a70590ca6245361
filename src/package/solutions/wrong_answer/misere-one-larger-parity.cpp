// WRONG ANSWER on purpose: HDU 1907 "John" (nimstream problem `misere`).
// Bouton's rule, except that a case of heaps of 1 and exactly one larger
// heap is decided by the parity of the ones (John iff it is odd), as if the
// larger heap were another 1. The first player wins there whatever the
// parity (he leaves an odd count of 1s), so it is wrong only for an even,
// non-zero count of ones beside the larger heap: random heaps almost never
// have it.
#include <cstdio>

static char in_buf[1 << 16];
static size_t in_len = 0, in_pos = 0;

static int next_char() {
    if (in_pos == in_len) {
        in_len = fread(in_buf, 1, sizeof in_buf, stdin);
        in_pos = 0;
        if (in_len == 0) return -1;
    }
    return in_buf[in_pos++];
}

// Reads the next unsigned number; false at the end of the input.
static bool read_number(unsigned long long &value) {
    int c = next_char();
    while (c != -1 && (c < '0' || c > '9')) c = next_char();
    if (c == -1) return false;
    value = 0;
    while (c >= '0' && c <= '9') {
        value = value * 10 + (c - '0');
        c = next_char();
    }
    return true;
}

int main() {
    unsigned long long cases = 0;
    read_number(cases);
    for (unsigned long long t = 0; t < cases; ++t) {
        unsigned long long heaps = 0, xr = 0, heap = 0, ones = 0, big = 0;
        read_number(heaps);
        for (unsigned long long i = 0; i < heaps; ++i) {
            read_number(heap);
            xr ^= heap;
            if (heap == 1) ++ones;
            if (heap > 1) ++big;
        }
        bool first_wins = big == 0 ? ones % 2 == 0 : big == 1 && ones > 0 ? ones % 2 == 1 : xr != 0;
        puts(first_wins ? "John" : "Brother");
    }
    return 0;
}
