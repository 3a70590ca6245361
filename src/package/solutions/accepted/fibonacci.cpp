// HDU 2516 "Take stones" (nimstream problem `fibonacci`): one n per line, 0
// ends. Fibonacci Nim: the first move takes any number but not all, each
// later move at most twice the previous one. The first player loses iff n is
// a Fibonacci number (Zeckendorf: otherwise take the smallest term of n's
// Zeckendorf sum). n goes up to 2^31-1, so 64-bit numbers.
#include <cstdio>
#include <set>

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
    std::set<unsigned long long> fibonacci;
    for (unsigned long long a = 1, b = 2; a <= (1ULL << 40); ) {
        fibonacci.insert(a);
        unsigned long long next = a + b;
        a = b;
        b = next;
    }
    unsigned long long n = 0;
    while (read_number(n) && n != 0) {
        puts(fibonacci.count(n) ? "Second win" : "First win");
    }
    return 0;
}
