// TIME LIMIT EXCEEDED on purpose: HDU 3032 (nimstream problem `lasker`).
// Right answers (Lasker's Nim by the xor of the Grundy values), but it
// first strikes out pairs of equal heaps, which cancel in the xor, by
// comparing each heap with every later one: quadratic in the heaps, about
// 5 * 10^11 comparisons for a case of 10^6 distinct heaps.
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

static unsigned long long grundy(unsigned long long heap) {
    switch (heap % 4) {
        case 3: return heap + 1;
        case 0: return heap == 0 ? 0 : heap - 1;
        default: return heap;
    }
}

int main() {
    unsigned long long cases = 0;
    read_number(cases);
    for (unsigned long long t = 0; t < cases; ++t) {
        unsigned long long heaps = 0, xr = 0;
        read_number(heaps);
        std::vector<unsigned long long> heap(heaps);
        for (auto &h : heap) read_number(h);
        // Equal heaps cancel in the xor: strike out pairs first.
        std::vector<bool> struck(heaps, false);
        for (size_t i = 0; i < heap.size(); ++i) {
            if (struck[i]) continue;
            for (size_t j = i + 1; j < heap.size(); ++j) {
                if (!struck[j] && heap[j] == heap[i]) {
                    struck[i] = struck[j] = true;
                    break;
                }
            }
        }
        for (size_t i = 0; i < heap.size(); ++i) {
            if (!struck[i]) xr ^= grundy(heap[i]);
        }
        puts(xr != 0 ? "Alice" : "Bob");
    }
    return 0;
}
