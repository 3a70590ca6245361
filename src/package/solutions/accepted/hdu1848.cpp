// HDU 1848 "Fibonacci again and again" (nimstream problem `hdu1848`): lines
// m n p of three heaps (1 to 1000), 0 0 0 ends. A move removes a Fibonacci
// number (1, 2, 3, 5, 8, ...) of objects from one heap. The Sprague-Grundy
// values are the mex over the moves, tabled up to 1000; the first player
// ("Fibo") wins iff the xor of the three values is nonzero.
#include <cstdio>
#include <vector>

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

static const int MAX_HEAP = 1000;

int main() {
    std::vector<int> takes;
    for (int a = 1, b = 2; a <= MAX_HEAP;) {
        takes.push_back(a);
        int next = a + b;
        a = b;
        b = next;
    }
    std::vector<int> grundy(MAX_HEAP + 1, 0);
    for (int h = 1; h <= MAX_HEAP; ++h) {
        std::vector<bool> reached(takes.size() + 2, false);
        for (int take : takes) {
            if (take > h) break;
            int value = grundy[h - take];
            if (value < (int)reached.size()) reached[value] = true;
        }
        int mex = 0;
        while (reached[mex]) ++mex;
        grundy[h] = mex;
    }
    unsigned long long m = 0, n = 0, p = 0;
    while (read_number(m) && read_number(n) && read_number(p)) {
        if (m == 0 && n == 0 && p == 0) break;
        int xr = grundy[m] ^ grundy[n] ^ grundy[p];
        puts(xr != 0 ? "Fibo" : "Nacci");
    }
    return 0;
}
