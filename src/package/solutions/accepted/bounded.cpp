// Bounded Nim in Luogu P2197's format (nimstream problem `bounded`): T
// cases, each N heaps; a move removes 1 to K objects from one heap. A
// heap's Sprague-Grundy value is h mod (K + 1) (the moves reach every
// value below it and none equal); the first player wins iff the xor of
// the values is nonzero. Prints "Yes" for a first-player win, else "No".
//
// K is not in the input but the problem's constant: MAX_TAKE below, which a
// line `#define MAX_TAKE K` at the top of the file (or g++ -DMAX_TAKE=K)
// sets; 3 otherwise, as in testdata/bounded-k3.
#include <cstdio>

#ifndef MAX_TAKE
#define MAX_TAKE 3
#endif

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
    const unsigned long long max_take = MAX_TAKE;
    unsigned long long cases = 0;
    read_number(cases);
    for (unsigned long long t = 0; t < cases; ++t) {
        unsigned long long heaps = 0, xr = 0, heap = 0;
        read_number(heaps);
        for (unsigned long long i = 0; i < heaps; ++i) {
            read_number(heap);
            // heap <= K first: K + 1 would wrap for K = 2^64 - 1.
            xr ^= heap <= max_take ? heap : heap % (max_take + 1);
        }
        puts(xr != 0 ? "Yes" : "No");
    }
    return 0;
}
