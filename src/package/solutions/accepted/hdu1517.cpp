// HDU 1517 / POJ 2505, A Multiplication Game: p starts at 1, the players
// (Stan first) multiply it by 2 to 9 in turn, and the first to make p >= n
// wins (one n a line, to the end; 2 <= n <= 4294967294, so 64-bit).
// Method: from p the game is the game from 1 towards ceil(n / p); the first
// player wins (1, 9], loses (9, 18], and a move answered by its complement
// to 18 carries each interval to the next one 18 times larger. So replace n
// by ceil(n / 18) while it is above 18: Stan wins iff what is left is <= 9.
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
        while (n > 18) n = (n + 17) / 18;
        out += n <= 9 ? "Stan wins.\n" : "Ollie wins.\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
