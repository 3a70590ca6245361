// HDU 2147, kiki's game: a coin in the top right corner of an n x m board
// (lines n m until 0 0); a move takes it one cell left, down or diagonally
// down-left; whoever cannot move loses, kiki moves first.
// Method: the coin is n - 1 rows and m - 1 columns from the dead corner. From
// a cell with both distances even every move makes one odd; from any other a
// step that undoes the odd ones makes both even again. So kiki loses iff n
// and m are both odd.
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
    unsigned long long n, m;
    while (read_number(n) && read_number(m) && (n != 0 || m != 0)) {
        out += n % 2 == 1 && m % 2 == 1 ? "What a pity!\n" : "Wonderful!\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
