// WRONG ANSWER on purpose: Luogu P2197 "Nim" (nimstream problem `nim`).
// Nim by the xor of the heaps, but the xor is declared once outside the
// loop over the cases and never reset, so every case after the first
// carries the xor of the ones before. Right on one case, and whenever the
// cases before xor to zero; wrong on "1 1" (No) followed by "1 1 1" (Yes
// where the answer is No).
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
    unsigned long long cases = 0, xr = 0;
    read_number(cases);
    for (unsigned long long t = 0; t < cases; ++t) {
        unsigned long long heaps = 0, heap = 0;
        read_number(heaps);
        for (unsigned long long i = 0; i < heaps; ++i) {
            read_number(heap);
            xr ^= heap;
        }
        puts(xr != 0 ? "Yes" : "No");
    }
    return 0;
}
