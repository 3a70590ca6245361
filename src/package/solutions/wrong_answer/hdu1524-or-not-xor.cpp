// HDU 1524 / POJ 2425, A Chess Game: WRONG ANSWER, on purpose.
// Right in everything (memoised Grundy values, the mex, the reading) but
// the sum: it combines the pieces' Grundy values with | in place of ^, so
// two pieces of equal nonzero value (a lost sum: the second player copies
// every move) are called a win.
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

static std::vector<std::vector<int>> moves;
static std::vector<int> grundy;  // -1: not computed yet

static int grundy_of(int position) {
    if (grundy[position] >= 0) return grundy[position];
    const std::vector<int> &next = moves[position];
    for (int successor : next) grundy_of(successor);
    // The mex of d values is at most d.
    std::vector<char> seen(next.size() + 1, 0);
    for (int successor : next) {
        if ((size_t)grundy[successor] < seen.size()) seen[grundy[successor]] = 1;
    }
    int mex = 0;
    while (seen[mex]) mex++;
    return grundy[position] = mex;
}

int main() {
    std::string out;
    unsigned long long n, count, value;
    while (read_number(n)) {
        moves.assign(n, std::vector<int>());
        grundy.assign(n, -1);
        for (unsigned long long i = 0; i < n; i++) {
            read_number(count);
            moves[i].resize(count);
            for (auto &successor : moves[i]) {
                read_number(value);
                successor = (int)value;
            }
        }
        while (read_number(count) && count != 0) {
            int xor_all = 0;
            for (unsigned long long i = 0; i < count; i++) {
                read_number(value);
                xor_all |= grundy_of((int)value);  // the bug: or, not xor
            }
            out += xor_all != 0 ? "WIN\n" : "LOSE\n";
        }
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
