// WRONG ANSWER on purpose: POJ 1067 (nimstream problem `wythoff`). Wythoff's
// game by Beatty's closed form (with a <= b and k = b - a, the first player
// loses iff a = floor(k * phi)), but floor(k * phi) computed in double. The
// product rounds up across an integer for some k <= 10^9: k = 102334155
// gives 165580141 where floor(k * phi) = 165580140, so the losing pair
// "165580140 267914295" is called a win (1) and "165580141 267914296" a
// loss (0). Right for small piles.
#include <cmath>
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

// floor(k * phi) in doubles: off by one when k * phi is within rounding of
// an integer, from k = 102334155 (a Fibonacci number) on.
static unsigned long long floor_phi(unsigned long long k) {
    return (unsigned long long)(k * (1 + std::sqrt(5.0)) / 2);
}

int main() {
    unsigned long long a = 0, b = 0;
    while (read_number(a) && read_number(b)) {
        if (a > b) {
            unsigned long long swap = a;
            a = b;
            b = swap;
        }
        puts(a == floor_phi(b - a) ? "0" : "1");
    }
    return 0;
}
