// TIME LIMIT EXCEEDED on purpose: HDU 1907 "John" (nimstream problem
// `misere`). Right answers, by searching the game tree of misere Nim (the
// player who takes the last object loses) with no memo and no closed form:
// exponential in the objects, hopeless beyond a few small heaps, where the
// limits allow 47 heaps of 4747. (Quadratic work in the heaps would not be
// slow here: 47^2 per case.)
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

// Whether the player to move wins; with no object left the opponent took
// the last one, so the player to move has won.
static bool player_to_move_wins(std::vector<unsigned long long> &heaps) {
    bool any_left = false;
    for (size_t i = 0; i < heaps.size(); ++i) {
        unsigned long long before = heaps[i];
        if (before == 0) continue;
        any_left = true;
        for (unsigned long long after = 0; after < before; ++after) {
            heaps[i] = after;
            bool opponent_wins = player_to_move_wins(heaps);
            heaps[i] = before;
            if (!opponent_wins) return true;
        }
    }
    return !any_left;
}

int main() {
    unsigned long long cases = 0;
    read_number(cases);
    for (unsigned long long t = 0; t < cases; ++t) {
        unsigned long long count = 0;
        read_number(count);
        std::vector<unsigned long long> heaps(count);
        for (auto &heap : heaps) read_number(heap);
        puts(player_to_move_wins(heaps) ? "John" : "Brother");
    }
    return 0;
}
