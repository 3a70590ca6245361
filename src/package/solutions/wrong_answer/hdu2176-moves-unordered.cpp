// WRONG ANSWER on purpose: HDU 2176 (nimstream problem `hdu2176`). Nim
// with every winning first move, but the heaps are sorted before the moves
// are listed, so the moves come in increasing heap order, not the input's.
// Right when the heaps with a winning move come in increasing order; wrong
// on "3 10 9 8" (moves 10 1, 9 2, 8 3, printed 8 3, 9 2, 10 1).
#include <algorithm>
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

static char out_buf[1 << 16];
static size_t out_len = 0;

static void flush_output() {
    fwrite(out_buf, 1, out_len, stdout);
    out_len = 0;
}

static void write_text(const char *text) {
    for (; *text; ++text) {
        if (out_len == sizeof out_buf) flush_output();
        out_buf[out_len++] = *text;
    }
}

static void write_number(unsigned long long value) {
    char digits[24];
    int count = 0;
    do {
        digits[count++] = char('0' + value % 10);
        value /= 10;
    } while (value > 0);
    char text[25];
    for (int i = 0; i < count; ++i) text[i] = digits[count - 1 - i];
    text[count] = '\0';
    write_text(text);
}

int main() {
    std::vector<unsigned long long> heaps;
    unsigned long long count = 0;
    while (read_number(count) && count != 0) {
        heaps.resize(count);
        unsigned long long xr = 0;
        for (auto &heap : heaps) {
            read_number(heap);
            xr ^= heap;
        }
        if (xr == 0) {
            write_text("No\n");
            continue;
        }
        write_text("Yes\n");
        std::sort(heaps.begin(), heaps.end());
        for (unsigned long long heap : heaps) {
            if ((heap ^ xr) < heap) {
                write_number(heap);
                write_text(" ");
                write_number(heap ^ xr);
                write_text("\n");
            }
        }
    }
    flush_output();
    return 0;
}
