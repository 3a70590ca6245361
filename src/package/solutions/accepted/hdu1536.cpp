// HDU 1536 / POJ 2960 "S-Nim" (nimstream problem `hdu1536`): per case a line
// k s1 ... sk (the set of allowed removals), a line m, then m positions
// "l h1 ... hl"; a lone 0 ends. A move removes s objects from one heap, s in
// the set. Sprague-Grundy values by mex, tabled per case up to its largest
// heap (10^4 heaps by 100 removals: 10^6 steps); a position is a win ("W")
// iff the xor of its heaps' values is nonzero. One line per case, a letter
// per position.
#include <algorithm>
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

// The Sprague-Grundy values of heaps 0 to max_heap under removals `takes`.
static std::vector<int> grundy_table(const std::vector<unsigned long long> &takes,
                                     unsigned long long max_heap) {
    std::vector<int> grundy(max_heap + 1, 0);
    std::vector<int> seen_at(takes.size() + 2, -1);
    for (unsigned long long h = 1; h <= max_heap; ++h) {
        for (unsigned long long take : takes) {
            if (take > h) continue;
            int value = grundy[h - take];
            if (value < (int)seen_at.size()) seen_at[value] = (int)h;
        }
        int mex = 0;
        while (seen_at[mex] == (int)h) ++mex;
        grundy[h] = mex;
    }
    return grundy;
}

int main() {
    unsigned long long set_size = 0;
    while (read_number(set_size) && set_size != 0) {
        std::vector<unsigned long long> takes(set_size);
        for (auto &take : takes) read_number(take);
        unsigned long long positions = 0;
        read_number(positions);
        std::vector<std::vector<unsigned long long>> heaps(positions);
        unsigned long long max_heap = 0;
        for (auto &position : heaps) {
            unsigned long long count = 0;
            read_number(count);
            position.resize(count);
            for (auto &heap : position) {
                read_number(heap);
                max_heap = std::max(max_heap, heap);
            }
        }
        std::vector<int> grundy = grundy_table(takes, max_heap);
        std::string line;
        for (const auto &position : heaps) {
            int xr = 0;
            for (unsigned long long heap : position) xr ^= grundy[heap];
            line += xr != 0 ? 'W' : 'L';
        }
        puts(line.c_str());
    }
    return 0;
}
