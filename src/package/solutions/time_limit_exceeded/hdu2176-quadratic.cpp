// TIME LIMIT EXCEEDED on purpose: HDU 2176 (nimstream problem `hdu2176`).
// Right answers (Nim, every winning first move in input order), but for
// each heap it recomputes the xor of all the other heaps: quadratic in the
// heaps, 4 * 10^10 steps for a case of 200000 heaps.
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
        for (size_t i = 0; i < heaps.size(); ++i) {
            // The heap must become the xor of all the others.
            unsigned long long others = 0;
            for (size_t j = 0; j < heaps.size(); ++j) {
                if (j != i) others ^= heaps[j];
            }
            if (others < heaps[i]) {
                write_number(heaps[i]);
                write_text(" ");
                write_number(others);
                write_text("\n");
            }
        }
    }
    flush_output();
    return 0;
}
