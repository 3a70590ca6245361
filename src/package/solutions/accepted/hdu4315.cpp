// HDU 4315, Climbing the Hill: per case N people on increasing cells a[1] <
// ... < a[N] below the hilltop (cell 0), the king k-th from the top (N k,
// then the cells; cases to the end). A move takes one person up any number
// of cells past nobody (only the top holds several); whoever takes the king
// to the top wins; Alice moves first.
// Method: k = 1, the king goes up at once: Alice. Otherwise nobody takes the
// person just above the king to the top (the king would follow), and the
// game is staircase Nim towards the top: pair the people from the bottom,
// gaps a[i] - a[i-1] - 1 for i = N, N-2, ...; when N is odd the top person
// pairs with the hilltop, gap a[1], or a[1] - 1 when that person stands just
// above the king (k = 2). Alice wins iff the xor is nonzero.
#include <cstdio>
#include <string>
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
    std::string out;
    unsigned long long n, king;
    std::vector<unsigned long long> cells;
    while (read_number(n) && read_number(king)) {
        cells.assign(n, 0);
        for (auto &cell : cells) read_number(cell);
        unsigned long long xor_piles = 0;
        long long i = (long long)n;
        for (; i >= 2; i -= 2) xor_piles ^= cells[i - 1] - cells[i - 2] - 1;
        if (i == 1) xor_piles ^= cells[0] - (king == 2 ? 1 : 0);
        bool alice = king == 1 || xor_piles != 0;
        out += alice ? "Alice\n" : "Bob\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
