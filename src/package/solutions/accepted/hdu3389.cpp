// HDU 3389, Game: T cases, each n boxes numbered 1 to n with c[i] cards (n,
// then the n counts); a move takes cards from box A to a box B < A with A + B
// odd and a multiple of 3; whoever cannot move loses, Alice moves first.
// Method: A + B = 3 (mod 6), so moves go between the classes {0, 2, 5} and
// {3, 1, 4} of i mod 6, and boxes 1, 3 and 4 have no move: staircase Nim
// where the boxes with i mod 6 in {0, 2, 5} are the odd steps. Alice wins
// iff the xor of their cards is nonzero.
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

int main() {
    std::string out;
    unsigned long long cases = 0, n, cards;
    read_number(cases);
    for (unsigned long long t = 1; t <= cases && read_number(n); t++) {
        unsigned long long xor_odd_steps = 0;
        for (unsigned long long box = 1; box <= n && read_number(cards); box++) {
            unsigned long long cls = box % 6;
            if (cls == 0 || cls == 2 || cls == 5) xor_odd_steps ^= cards;
        }
        out += "Case " + std::to_string(t) + (xor_odd_steps != 0 ? ": Alice\n" : ": Bob\n");
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
