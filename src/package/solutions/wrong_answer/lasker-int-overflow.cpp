// WRONG ANSWER on purpose: HDU 3032 (nimstream problem `lasker`). Lasker's
// Nim with the Grundy values and their xor in a signed 32-bit int. Heaps go
// up to 2^31-1, whose value 2^31 does not fit: it becomes -2^31 (g++
// converts modulo 2^32), the xor turns negative and the test `xr > 0`,
// right for every value below 2^31, calls the win a loss. Wrong on one heap
// of 2147483647 (Bob where Alice wins); right when no heap is 2^31-1.
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

// The value is declared int: g(2^31-1) = 2^31 wraps to -2^31.
static int grundy(unsigned long long heap) {
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
        unsigned long long heaps = 0, heap = 0;
        int xr = 0;
        read_number(heaps);
        for (unsigned long long i = 0; i < heaps; ++i) {
            read_number(heap);
            xr ^= grundy(heap);
        }
        puts(xr > 0 ? "Alice" : "Bob");
    }
    return 0;
}
