// POJ 3922 "A simple stone game" (nimstream problem `poj3922`): T lines
// n k. One pile of n; the first move takes at least one but not all, each
// later move at most k times the previous one. The first player loses iff n
// is one of the piles a[i] of the generalised Zeckendorf sequence below;
// otherwise the smallest winning first take is the smallest term of n's
// unique sum of a-terms, each more than k times the next (the opponent
// cannot clear the next term, and the same reply wins again). The sequence
// up to n = 10^8 has under 750 thousand terms for k <= 10^5.
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

// The losing piles a[i] for multiple k, up to the first at or above n:
// a[0] = b[0] = 1, a[i] = b[i-1] + 1, b[i] = a[i] + b[j] with j the largest
// index where a[j] * k < a[i] (b[i] = a[i] when there is none). b[i] is the
// largest pile written as a sum of a-terms, each more than k times the next,
// with top term a[i]; every pile has exactly one such sum.
static void losing_piles(unsigned long long n, unsigned long long k,
                         std::vector<unsigned long long> &a,
                         std::vector<unsigned long long> &b) {
    a.assign(1, 1);
    b.assign(1, 1);
    long long j = -1;
    while (a.back() < n) {
        unsigned long long next = b.back() + 1;
        while ((unsigned long long)(j + 1) < a.size() && a[j + 1] * k < next) ++j;
        a.push_back(next);
        b.push_back(j >= 0 ? next + b[j] : next);
    }
}

// The smallest term of n's sum, which is the smallest winning first take;
// 0 when n is itself a term (a loss for the first player).
static unsigned long long smallest_winning_take(unsigned long long n,
                                                unsigned long long k) {
    std::vector<unsigned long long> a, b;
    losing_piles(n, k, a, b);
    unsigned long long rest = n, smallest = 0;
    size_t i = a.size();
    while (rest > 0) {
        while (a[i - 1] > rest) --i;
        smallest = a[i - 1];
        rest -= smallest;
    }
    return smallest == n ? 0 : smallest;
}

int main() {
    unsigned long long cases = 0, n = 0, k = 0;
    read_number(cases);
    for (unsigned long long t = 1; t <= cases; ++t) {
        read_number(n);
        read_number(k);
        unsigned long long take = smallest_winning_take(n, k);
        if (take == 0) {
            printf("Case %llu: lose\n", t);
        } else {
            printf("Case %llu: %llu\n", t, take);
        }
    }
    return 0;
}
