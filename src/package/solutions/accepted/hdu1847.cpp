// HDU 1847, Good Luck in CET-4 Everybody!: one pile of n cards (one n a line,
// to the end of the input); a move takes a power of two, whoever takes the
// last card wins, Kiki moves first.
// Method: no power of two is a multiple of 3, and n mod 3 (1 or 2) is one,
// so the player to move loses iff n mod 3 == 0.
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
    while (read_number(n)) out += n % 3 == 0 ? "Cici\n" : "Kiki\n";
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
