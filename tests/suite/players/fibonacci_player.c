/* A player of Fibonacci Nim and the k-multiple game under `nimstream
 * interact fibonacci` (HDU 2516: one n a line, 0 ends) or `nimstream
 * interact kmultiple` (T, then T lines `n k`). One pile; the first move
 * takes 1 to n - 1, every later one at most k times the take before (k = 2
 * in Fibonacci Nim); a move is written a->b.
 *
 * The losing piles are a[0] = 1, a[i] = b[i-1] + 1, b[i] = a[i] + b[j]
 * for the largest j with k a[j] < a[i] (b[i] = a[i] without one): the
 * Fibonacci numbers for k = 2. Every pile is one sum of them, each term
 * more than k times the next smaller, and the player to move wins iff the
 * smallest term is within the limit: it takes that term.
 *
 *   fibonacci_player GAME right       chooses the winning side, then takes
 *                                     the smallest term
 *   fibonacci_player GAME ones        chooses the winning side, then takes 1
 *   fibonacci_player GAME unlimited   chooses the winning side and takes
 *                                     the smallest term first, then the
 *                                     whole pile, ignoring the limit
 *   fibonacci_player GAME leave-term  chooses the winning side, then takes
 *                                     the least that leaves a losing pile,
 *                                     as if each move started a game (1
 *                                     when none is within the limit)
 *   fibonacci_player GAME all-or-one  chooses the winning side, then takes
 *                                     all when allowed and 1 otherwise
 *   fibonacci_player GAME k2          right for k = 2, whatever k is:
 *                                     Fibonacci Nim's play in the k-multiple
 *                                     game */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef unsigned long long u64;

static u64 *terms;
static size_t count, room;

/* The losing piles of k, up to the first at or above n. */
static void losing_piles(u64 n, u64 k)
{
    static u64 *ends;
    /* The j of the last term: it only moves up as the terms do. */
    size_t j = 0;
    count = 0;
    for (;;) {
        if (count == room) {
            room = room ? 2 * room : 64;
            terms = realloc(terms, room * sizeof *terms);
            ends = realloc(ends, room * sizeof *ends);
            if (!terms || !ends)
                exit(3);
        }
        u64 a = count ? ends[count - 1] + 1 : 1, b = a;
        while (j + 1 < count && k * terms[j + 1] < a)
            j++;
        if (count > 0 && k * terms[j] < a)
            b = a + ends[j];
        terms[count] = a;
        ends[count] = b;
        count++;
        if (a >= n)
            return;
    }
}

/* The largest term at most n (n > 0). */
static u64 largest_term(u64 n)
{
    size_t lo = 0, hi = count;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if (terms[mid] <= n)
            lo = mid;
        else
            hi = mid;
    }
    return terms[lo];
}

/* The smallest term of n's sum (n > 0), the piles already built past n. */
static u64 smallest_term(u64 n)
{
    u64 smallest = n;
    while (n > 0) {
        smallest = largest_term(n);
        n -= smallest;
    }
    return smallest;
}

static int is_term(u64 n)
{
    return n > 0 && largest_term(n) == n;
}

/* The take of `how` from `pile` with at most `limit` allowed; `first` for
 * the game's first move. */
static u64 take_of(const char *how, u64 pile, u64 limit, int first)
{
    u64 smallest = smallest_term(pile);
    if (strcmp(how, "ones") == 0)
        return 1;
    if (strcmp(how, "unlimited") == 0 && !first)
        return pile;
    if (strcmp(how, "all-or-one") == 0)
        return pile <= limit ? pile : 1;
    if (strcmp(how, "leave-term") == 0) {
        for (u64 t = 1; t <= limit && t < pile; t++)
            if (is_term(pile - t))
                return t;
        return 1;
    }
    return smallest <= limit ? smallest : 1;
}

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    int fibonacci = strcmp(argv[1], "fibonacci") == 0;
    const char *how = argv[2];
    u64 cases = 0, n, k = 2;
    if (!fibonacci && scanf("%llu", &cases) != 1)
        return 1;
    for (;;) {
        if (!fibonacci && cases-- == 0)
            return 0;
        if (scanf("%llu", &n) != 1)
            return 1;
        if (fibonacci && n == 0)
            return 0;
        if (!fibonacci && scanf("%llu", &k) != 1)
            return 1;
        u64 multiple = strcmp(how, "k2") == 0 ? 2 : k;
        losing_piles(n, multiple);
        int mine = n >= 2 && smallest_term(n) < n;
        printf("%s\n", mine ? "First" : "Second");
        fflush(stdout);
        u64 pile = n, limit = n - 1;
        int first = 1;
        char token[128];
        for (;;) {
            u64 take;
            /* With no move left, the interactor says who won. */
            if (mine && pile > 0 && limit > 0) {
                take = take_of(how, pile, limit, first);
                printf("%llu->%llu\n", pile, pile - take);
                fflush(stdout);
            } else {
                if (scanf("%127s", token) != 1)
                    return 1;
                if (strcmp(token, "-1") == 0)
                    return 0;
                if (strcmp(token, "0") == 0)
                    break;
                u64 from, to;
                if (sscanf(token, "%llu->%llu", &from, &to) != 2)
                    return 1;
                take = from - to;
            }
            pile -= take;
            limit = k * take;
            first = 0;
            mine = !mine;
        }
    }
}
