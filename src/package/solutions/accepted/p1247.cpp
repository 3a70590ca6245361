// Luogu P1247, Taking matches: one case, k heaps of matches (k, then the k
// sizes, 0 <= n <= 10^9); Nim, whoever takes the last match wins. Print
// "lose", or the first winning move "a b" (take a from heap b, the smallest
// such b) and then the heaps it leaves.
// Method: Nim (Bouton): the player to move wins iff the xor x of the heaps is
// nonzero; a heap h with h ^ x < h is lowered to h ^ x, taking h - (h ^ x).
#include <cstdio>
#include <string>
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

static void append_number(std::string &out, unsigned long long value) {
    char digits[24];
    int length = 0;
    do {
        digits[length++] = (char)('0' + value % 10);
        value /= 10;
    } while (value > 0);
    while (length > 0) out += digits[--length];
}

int main() {
    unsigned long long k = 0, xor_all = 0;
    read_number(k);
    std::vector<unsigned long long> heaps(k);
    for (auto &heap : heaps) {
        read_number(heap);
        xor_all ^= heap;
    }
    std::string out;
    if (xor_all == 0) {
        out = "lose\n";
    } else {
        size_t b = 0;
        while ((heaps[b] ^ xor_all) >= heaps[b]) b++;
        unsigned long long left = heaps[b] ^ xor_all;
        append_number(out, heaps[b] - left);
        out += ' ';
        append_number(out, b + 1);
        out += '\n';
        heaps[b] = left;
        for (size_t i = 0; i < heaps.size(); i++) {
            if (i > 0) out += ' ';
            append_number(out, heaps[i]);
        }
        out += '\n';
    }
    fwrite(out.data(), 1, out.size(), stdout);
    return 0;
}
