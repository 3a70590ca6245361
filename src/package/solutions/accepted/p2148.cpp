// Luogu P2148, [SDOI2009] E&D: T cases, each N piles in pairs (1 and 2, 3 and
// 4, ...; 1 <= S <= 2 * 10^9); a move removes one pile of a pair and splits
// the other into two non-empty piles, the new pair; whoever cannot move
// loses, E moves first.
// Method: the Grundy value of a pair (a, b) is the number of trailing one
// bits of (a - 1) | (b - 1) (its lowest zero bit's place); E wins iff the xor
// over the pairs is nonzero.
#include <cstdio>
#include <string>

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

// The Grundy value of the pair (a, b), both at least 1.
static unsigned long long pair_grundy(unsigned long long a, unsigned long long b) {
    unsigned long long bits = (a - 1) | (b - 1), ones = 0;
    while (bits & 1) {
        bits >>= 1;
        ones++;
    }
    return ones;
}

int main() {
    std::string out;
    unsigned long long cases = 0, n, a, b;
    read_number(cases);
    for (unsigned long long t = 0; t < cases && read_number(n); t++) {
        unsigned long long xor_pairs = 0;
        for (unsigned long long i = 0; i < n; i += 2) {
            read_number(a);
            read_number(b);
            xor_pairs ^= pair_grundy(a, b);
        }
        out += xor_pairs != 0 ? "YES\n" : "NO\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
