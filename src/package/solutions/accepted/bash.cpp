// HDU 1846 "Brave Game" (nimstream problem `bash`): T lines n m; one pile
// of n, a move takes 1 to m. Bash's game: the first player loses iff n is a
// multiple of m + 1 (the second can always restore that). Prints "first"
// when the first player wins, else "second".
#include <cstdio>

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
    unsigned long long cases = 0, n = 0, m = 0;
    read_number(cases);
    for (unsigned long long t = 0; t < cases; ++t) {
        read_number(n);
        read_number(m);
        puts(n % (m + 1) != 0 ? "first" : "second");
    }
    return 0;
}
