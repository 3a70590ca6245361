// POJ 2311, Cutting Game: a W x H sheet (lines W H to the end, 2 <= W, H <=
// 200); a move cuts one piece in two along a grid line, and whoever first
// cuts out a 1 x 1 piece wins.
// Method: leaving a strip (1 x k) loses at once, so good play only makes
// pieces with both sides >= 2 and the game is a sum of such pieces. Grundy
// values g(w, h) = mex of g(i, h) ^ g(w - i, h) for 2 <= i <= w - 2 and
// g(w, j) ^ g(w, h - j) for 2 <= j <= h - 2, for every sheet up to
// 200 x 200 (O(n^3), once); the first player wins iff g(W, H) != 0.
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

static const int SIDE = 200;
static int grundy[SIDE + 1][SIDE + 1];

static void fill_grundy() {
    // At most 2 * SIDE options, so every value and every xor of two is
    // below 512; seen[x] == stamp marks x as reached for the current sheet.
    static int seen[512];
    int stamp = 0;
    for (int w = 2; w <= SIDE; w++) {
        for (int h = 2; h <= SIDE; h++) {
            stamp++;
            for (int i = 2; i <= w - 2; i++) seen[grundy[i][h] ^ grundy[w - i][h]] = stamp;
            for (int j = 2; j <= h - 2; j++) seen[grundy[w][j] ^ grundy[w][h - j]] = stamp;
            int mex = 0;
            while (seen[mex] == stamp) mex++;
            grundy[w][h] = mex;
        }
    }
}

int main() {
    fill_grundy();
    std::string out;
    unsigned long long w, h;
    while (read_number(w) && read_number(h)) out += grundy[w][h] != 0 ? "WIN\n" : "LOSE\n";
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
