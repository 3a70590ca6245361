// POJ 1704, Georgia and Bob: T cases, each N chessmen on different cells of a
// strip (N, then the N cells, not sorted); a move takes one chessman left
// over empty cells only, not past cell 1; whoever cannot move loses, Georgia
// moves first.
// Method: staircase Nim. Sort the cells and pair each chessman with the one
// to its left, from the right (an odd leftmost one with the wall at 0): the
// gaps inside the pairs are Nim heaps, the gaps between pairs do not matter
// (a move that widens a pair is undone by its partner). Georgia wins iff the
// xor of p[i] - p[i-1] - 1 over i = N, N-2, ... is nonzero.
#include <algorithm>
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
    unsigned long long cases = 0, n;
    read_number(cases);
    std::vector<unsigned long long> cells;
    for (unsigned long long t = 0; t < cases && read_number(n); t++) {
        cells.assign(n, 0);
        for (auto &cell : cells) read_number(cell);
        std::sort(cells.begin(), cells.end());
        unsigned long long xor_gaps = 0;
        for (long long i = (long long)n - 1; i >= 0; i -= 2) {
            unsigned long long left = i >= 1 ? cells[i - 1] : 0;
            xor_gaps ^= cells[i] - left - 1;
        }
        out += xor_gaps != 0 ? "Georgia will win\n" : "Bob will win\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
