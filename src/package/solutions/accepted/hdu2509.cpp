// HDU 2509, Be the Winner: per case n piles of apples (n and the n sizes, to
// the end); a move takes a run of consecutive apples from one pile (maybe
// splitting it in two), and whoever takes the last apple loses.
// Method: a run taken leaves parts a + b < s worth a ^ b < s, so this plays
// as misere Nim (Bouton): with no pile above 1 the first player wins iff the
// number of piles is even, otherwise iff the xor of the piles is nonzero.
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
    unsigned long long n;
    while (read_number(n)) {
        unsigned long long xor_all = 0, ones = 0, a = 0;
        bool big = false;
        for (unsigned long long i = 0; i < n && read_number(a); i++) {
            xor_all ^= a;
            if (a == 1) ones++;
            if (a > 1) big = true;
        }
        bool wins = big ? xor_all != 0 : ones % 2 == 0;
        out += wins ? "Yes\n" : "No\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
