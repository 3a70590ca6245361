// HDU 1730, Northcott Game: per case a board of n rows and m columns (n m,
// then n lines T J, the columns of Tom's black piece and Jerry's white one;
// cases to the end); a player moves one own piece along its row to an empty
// cell without crossing the other piece; Tom moves first, whoever cannot
// move loses.
// Method: moving towards the other piece takes from the row's gap |T - J| - 1,
// a Nim move; moving away is undone by the opponent following. So Tom wins
// iff the xor of the gaps is nonzero.
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
    unsigned long long rows, width, black, white;
    while (read_number(rows) && read_number(width)) {
        unsigned long long xor_gaps = 0;
        for (unsigned long long i = 0; i < rows && read_number(black) && read_number(white); i++) {
            unsigned long long gap = black > white ? black - white : white - black;
            xor_gaps ^= gap - 1;
        }
        out += xor_gaps != 0 ? "I WIN!\n" : "BAD LUCK!\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
