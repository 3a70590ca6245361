// WRONG ANSWER on purpose: HDU 2516 "Take stones" (nimstream problem
// `fibonacci`). The Fibonacci table is 100 terms of 32-bit int: past
// 1836311903 the sums wrap (computed unsigned, so the wrap is defined),
// and the table holds values such as 512559680 that are no Fibonacci
// numbers, where the first player wins but this says he loses. Right on
// every n a random draw is likely to give.
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
    int table[100];
    table[0] = 1;
    table[1] = 2;
    for (int i = 2; i < 100; i++)
        table[i] = (int)((unsigned)table[i - 1] + (unsigned)table[i - 2]);
    for (int i = 0; i < 100; i++)
        if (table[i] > 0) fibonacci.insert((unsigned long long)table[i]);
    unsigned long long n = 0;
    while (read_number(n) && n != 0) {
        puts(fibonacci.count(n) ? "Second win" : "First win");
    }
    return 0;
}
