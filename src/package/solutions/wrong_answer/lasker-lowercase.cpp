// WRONG ANSWER on purpose: HDU 3032 "Nim or not Nim?" (nimstream problem
// `lasker`). Right verdicts in the wrong case: alice and bob. A judge that
// compares tokens ignoring case takes it; the package's problem.yaml asks
// for case-sensitive comparison, as the original judge's exact match is.
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

static unsigned long long grundy(unsigned long long heap) {
    switch (heap % 4) {
        case 3: return heap + 1;
        case 0: return heap == 0 ? 0 : heap - 1;
        default: return heap;
    }
}

int main() {
    unsigned long long cases = 0;
    read_number(cases);
    for (unsigned long long t = 0; t < cases; ++t) {
        unsigned long long heaps = 0, xr = 0, heap = 0;
        read_number(heaps);
        for (unsigned long long i = 0; i < heaps; ++i) {
            read_number(heap);
            xr ^= grundy(heap);
        }
        puts(xr != 0 ? "alice" : "bob");
    }
    return 0;
}
