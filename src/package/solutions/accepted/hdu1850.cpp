// HDU 1850 "Being a Good Boy in Spring Festival" (nimstream problem
// `hdu1850`): per case a line M (2 to 100) and a line of M heaps (1 to
// 10^6); M = 0 ends.
// Nim, counting the winning first moves: with x the xor of the heaps, a
// move wins iff it leaves xor 0, that is turns a heap a into a ^ x, which
// is a move iff a ^ x < a (at most one per heap). Prints their number (0
// when x = 0).
#include <cstdio>
#include <vector>

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
    std::vector<unsigned long long> heaps;
    unsigned long long count = 0;
    while (read_number(count) && count != 0) {
        heaps.resize(count);
        unsigned long long xr = 0;
        for (auto &heap : heaps) {
            read_number(heap);
            xr ^= heap;
        }
        unsigned long long winning = 0;
        for (unsigned long long heap : heaps) {
            if ((heap ^ xr) < heap) ++winning;
        }
        printf("%llu\n", winning);
    }
    return 0;
}
