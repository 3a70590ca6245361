// HDU 3595, GG and MM (the format is the one nimstream's catalogue
// reconstructs, not copied from a statement): per case N games of Euclid (N,
// then N lines "x y"; cases to the end). A move in a game takes a positive
// multiple of the smaller pile from the larger; a game with an empty pile is
// over. Each turn moves in every game not over; whoever cannot move loses;
// MM moves first.
// Method: Every-SG. Each game's step count: 0 when over; the winner plays it
// as long as possible and the loser as short as possible. With x = q y + r:
// r = 0 ends it now (1 step); q = 1 forces (y, r); q >= 2 lets the mover go
// to whichever of (y, r) and (y + r, y) is lost (the second one step longer).
// MM wins iff the largest step count is odd.
#include <algorithm>
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

struct Steps {
    bool mover_wins;
    unsigned long long count;
};

// The step count of Euclid's game (x, y) alone; the depth is that of Euclid's
// algorithm, under 50 for piles below 2^31.
static Steps steps(unsigned long long x, unsigned long long y) {
    unsigned long long large = std::max(x, y), small = std::min(x, y);
    if (small == 0) return {false, 0};
    unsigned long long q = large / small, r = large % small;
    if (r == 0) return {true, 1};
    Steps next = steps(small, r);
    if (q == 1) return {!next.mover_wins, next.count + 1};
    if (!next.mover_wins) return {true, next.count + 1};
    return {true, next.count + 2};
}

int main() {
    std::string out;
    unsigned long long n, x, y;
    while (read_number(n)) {
        unsigned long long most = 0;
        for (unsigned long long i = 0; i < n && read_number(x) && read_number(y); i++) {
            most = std::max(most, steps(x, y).count);
        }
        out += most % 2 == 1 ? "MM\n" : "GG\n";
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
