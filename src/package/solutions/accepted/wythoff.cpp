// POJ 1067 "Take stones" (nimstream problem `wythoff`): lines a b to the end
// of the input, 0 <= a, b <= 10^9. Wythoff's game: take any number from one
// pile, or the same number from both. With a <= b and k = b - a, the first
// player loses iff a = floor(k * phi), phi = (1 + sqrt 5) / 2 (Beatty). In
// doubles that floor is wrong from k = 102334155 on, so it is computed in
// integers: floor(k * phi) = (k + isqrt(5 k^2)) / 2, exact since k is whole.
// Prints 1 when the first player wins, else 0.
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

// floor(sqrt(x)), exact for every 64-bit x.
static unsigned long long isqrt(unsigned long long x) {
    unsigned long long r = (unsigned long long)std::sqrt((long double)x);
    while ((unsigned __int128)r * r > x) --r;
    while ((unsigned __int128)(r + 1) * (r + 1) <= x) ++r;
    return r;
}

// floor(k * phi) for k <= 10^9 (5 k^2 fits in 64 bits).
static unsigned long long floor_phi(unsigned long long k) {
    return (k + isqrt(5 * k * k)) / 2;
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
