// HDU 2177, Wythoff's game: lines "a b" (0 <= a <= b <= 10^6) until "0 0"; a
// move takes any number from one pile or the same number from both; whoever
// takes the last stone wins. Print 0 when the player to move loses, else 1
// and, a line each, every pair "x y" (x <= y) a winning move leaves, once:
// the move from both piles first, then the moves from one pile by x.
// Method: the losing pairs are (a_k, a_k + k), a_k the smallest number not in
// an earlier pair (Wythoff), built exactly in integers for every k up to 10^6.
// With s <= l: a move from both keeps k = l - s and wins only to (a_k,
// a_k + k) when a_k < s; lowering l wins only to s's partner in its losing
// pair (when below l), lowering s only to l's partner (when below s).
#include <algorithm>
#include <cstdio>
#include <string>
#include <utility>
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

static const int LIMIT = 1000000;
static std::vector<int> smaller_of_gap;  // a_k for each difference k <= LIMIT
static std::vector<int> partner;         // the other pile of v's losing pair, v <= LIMIT

static void build_losing_pairs() {
    smaller_of_gap.assign(LIMIT + 1, 0);
    partner.assign(LIMIT + 1, 0);
    // a_k < 1.62 k + 1 and a_k + k < 2.62 k + 1: 3 * LIMIT covers both.
    std::vector<char> used(3 * (size_t)LIMIT + 2, 0);
    int smallest_free = 1;
    for (int k = 1; k <= LIMIT; k++) {
        while (used[smallest_free]) smallest_free++;
        int a = smallest_free, b = a + k;
        used[a] = used[b] = 1;
        smaller_of_gap[k] = a;
        if (a <= LIMIT) partner[a] = b;
        if (b <= LIMIT) partner[b] = a;
    }
}

static void append_pair(std::string &out, int x, int y) {
    out += std::to_string(x);
    out += ' ';
    out += std::to_string(y);
    out += '\n';
}

int main() {
    build_losing_pairs();
    std::string out;
    unsigned long long a, b;
    while (read_number(a) && read_number(b) && (a != 0 || b != 0)) {
        int s = (int)std::min(a, b), l = (int)std::max(a, b), k = l - s;
        if (smaller_of_gap[k] == s) {
            out += "0\n";
            continue;
        }
        out += "1\n";
        std::vector<std::pair<int, int>> leaves;
        int low = smaller_of_gap[k];
        if (low < s) leaves.push_back({low, low + k});
        std::vector<std::pair<int, int>> single;
        int p = partner[s];
        if (p < l) single.push_back({std::min(s, p), std::max(s, p)});
        int q = partner[l];
        if (q < s) single.push_back({q, l});
        std::sort(single.begin(), single.end());
        for (auto pair : single) {
            if (std::find(leaves.begin(), leaves.end(), pair) == leaves.end()) leaves.push_back(pair);
        }
        for (auto pair : leaves) append_pair(out, pair.first, pair.second);
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
