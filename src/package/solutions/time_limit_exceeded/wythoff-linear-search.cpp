// TIME LIMIT EXCEEDED on purpose: POJ 1067 (nimstream problem `wythoff`).
// Right answers (the losing pairs are (floor(k phi), floor(k phi) + k),
// computed exactly in integers), but it looks the smaller pile up by
// walking the pairs one by one from k = 0: about 6 * 10^8 steps for a pile
// near 10^9, per line.
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

// Whether (a, b), a <= b, is a losing pair: walks the pairs
// (floor(k * phi), floor(k * phi) + k) for k = 0, 1, ... until the smaller
// pile reaches a, about 0.62 a steps.
static bool is_losing_pair(unsigned long long a, unsigned long long b) {
    for (unsigned long long k = 0;; ++k) {
        unsigned long long smaller = floor_phi(k);
        if (smaller == a) return b == a + k;
        if (smaller > a) return false;
    }
}

int main() {
    unsigned long long a = 0, b = 0;
    while (read_number(a) && read_number(b)) {
        if (a > b) {
            unsigned long long swap = a;
            a = b;
            b = swap;
        }
        puts(is_losing_pair(a, b) ? "0" : "1");
    }
    return 0;
}
