// A player of nimstream's interactive one-pile games with a limit that
// follows the last take, for a package's submissions. The lines above
// this comment choose the game and the player:
//   GAME   0 Fibonacci Nim: games sent as a line "n" until a line "0";
//            the first move takes 1 to n - 1, every later one at most
//            twice the take before;
//          1 the k-multiple game: T, then T games sent as "n k"; every
//            later move takes at most k times the take before;
//   STYLE  0 right: the losing piles are a sequence (Fibonacci numbers for
//            k = 2) of which every pile is a greedy sum; the player to
//            move wins exactly when the smallest term of that sum is
//            within the limit, and takes it,
//          1 GAME 0: the Fibonacci numbers as a table of 100 terms in
//            32-bit int, which wraps past 1836311903 into values such as
//            512559680 that are no Fibonacci numbers;
//            GAME 1: Fibonacci Nim's rule (k = 2) whatever k is,
//          2 a random side and random legal takes,
//          3 right, but never flushes its output,
//          4 the right side, then always takes all it may.
// A move is written a->b (the pile before and after); the interactor
// answers 0 when the game is won (the next game follows), -1 when it is
// lost (exit).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

typedef unsigned long long u64;

// The losing piles up to n of the k-multiple game, ascending: each is one
// more than the largest pile the smaller ones sum to (b), a sum whose
// terms are each more than k times the next smaller.
static std::vector<u64> losing_piles(u64 n, u64 k)
{
    if (GAME == 0 && STYLE == 1) {
        std::vector<u64> table;
        int fib[100];
        fib[0] = 1;
        fib[1] = 2;
        for (int i = 2; i < 100; i++)
            fib[i] = (int)((unsigned)fib[i - 1] + (unsigned)fib[i - 2]);
        for (int i = 0; i < 100; i++)
            if (fib[i] > 0)
                table.push_back((u64)fib[i]);
        std::sort(table.begin(), table.end());
        table.erase(std::unique(table.begin(), table.end()), table.end());
        return table;
    }
    std::vector<u64> a(1, 1), b(1, 1);
    size_t j = 0;
    while (a.back() < n) {
        u64 next = b.back() + 1;
        while (j + 1 < a.size() && a[j + 1] * k < next)
            j++;
        a.push_back(next);
        b.push_back(a[j] * k < next ? b[j] + next : next);
    }
    return a;
}

// The smallest term of n's greedy sum of losing piles.
static u64 smallest_term(const std::vector<u64> &piles, u64 n)
{
    u64 term = n;
    size_t i = piles.size();
    while (n > 0 && i > 0) {
        i--;
        if (piles[i] <= n) {
            n -= piles[i];
            term = piles[i];
        }
    }
    return term;
}

static void say(const char *line)
{
    std::printf("%s\n", line);
    if (STYLE != 3)
        std::fflush(stdout);
}

int main()
{
    if (STYLE == 3)
        std::setvbuf(stdout, nullptr, _IOFBF, 1 << 16);
    std::srand(20260907);
    u64 games = ~0ULL;
    if (GAME == 1 && std::scanf("%llu", &games) != 1)
        return 1;
    while (games--) {
        u64 n, k = 2;
        if (std::scanf("%llu", &n) != 1)
            return 1;
        if (GAME == 0 && n == 0)
            return 0;
        if (GAME == 1 && std::scanf("%llu", &k) != 1)
            return 1;
        std::vector<u64> piles = losing_piles(n, GAME == 1 && STYLE == 1 ? 2 : k);
        // The most the player to move may take: not all, at first.
        u64 limit = n - 1;
        bool mine = STYLE == 2 ? std::rand() % 2 == 0 : smallest_term(piles, n) <= limit;
        say(mine ? "First" : "Second");
        char line[128], token[128];
        for (;;) {
            u64 most = std::min(limit, n);
            if (mine && most > 0) {
                u64 take = smallest_term(piles, n);
                if (STYLE == 2 || take > most)
                    take = 1 + (u64)std::rand() % most;
                if (STYLE == 4)
                    take = most;
                std::sprintf(line, "%llu->%llu", n, n - take);
                n -= take;
                limit = k * take;
                say(line);
            } else {
                if (std::scanf("%127s", token) != 1)
                    return 1;
                if (std::strcmp(token, "-1") == 0)
                    return 0;
                if (std::strcmp(token, "0") == 0)
                    break;
                u64 from, to;
                if (std::sscanf(token, "%llu->%llu", &from, &to) != 2)
                    return 1;
                limit = k * (from - to);
                n = to;
            }
            mine = !mine;
        }
    }
    return 0;
}
