// WRONG ANSWER on purpose: Luogu P2148, [SDOI2009] E&D (nimstream problem
// `p2148`). The pair's Grundy value is right, but only the first pair of a
// case decides it: the others are read and ignored. Right on cases of one
// pair (N = 2), which is all a test of 9 piles per case, cut to pairs,
// used to have; wrong wherever a later pair changes the xor.
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
            if (i == 0) xor_pairs = pair_grundy(a, b);
        }
        out += xor_pairs != 0 ? "YES\n" : "NO\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
