// A player of nimstream's interactive Wythoff game, for a package's
// submissions: games each sent as a line "a b" (two piles; a move takes
// any number from one pile, or the same number from both), until the input
// ends, or until a line "0 0" when END_ZERO is 1. The lines above this
// comment choose the player:
//   STYLE  0 right: with x <= y and k = y - x, the losing pairs are
//            (floor(k phi), floor(k phi) + k), floor(k phi) computed in
//            integers as (k + isqrt(5 k^2)) / 2,
//          1 the same in double, (k * (1 + sqrt(5)) / 2): off by one where
//            k phi is within rounding of an integer (k = 102334155),
//          2 a random side and random legal moves,
//          3 right, but never flushes its output.
// A move is written "a b->c d" (both piles before and after, in the
// input's order); the interactor answers 0 when the game is won (the next
// game follows), -1 when it is lost (exit).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

typedef unsigned long long u64;

static u64 isqrt(unsigned __int128 n)
{
    u64 r = (u64)std::sqrt((double)n);
    while ((unsigned __int128)r * r > n)
        r--;
    while ((unsigned __int128)(r + 1) * (r + 1) <= n)
        r++;
    return r;
}

// floor(k phi), the smaller pile of the k-th losing pair.
static u64 lower(u64 k)
{
    if (STYLE == 1)
        return (u64)(k * (1 + std::sqrt(5.0)) / 2);
    return (k + isqrt((unsigned __int128)5 * k * k)) / 2;
}

static bool losing(u64 a, u64 b)
{
    u64 x = a < b ? a : b, y = a < b ? b : a;
    return lower(y - x) == x;
}

static void say(const char *line)
{
    std::printf("%s\n", line);
    if (STYLE != 3)
        std::fflush(stdout);
}

// The smaller pile x <= y after a winning move, or false when none wins.
static bool winning(u64 x, u64 y, u64 &to_x, u64 &to_y)
{
    u64 k = y - x, ak = lower(k);
    if (ak == x)
        return false;
    if (x > ak) {
        to_x = ak;
        to_y = ak + k;
        return true;
    }
    // x < floor(k phi): x is a pile of a smaller pair j, the smaller one
    // (j near x / phi) or the larger one (j near x / phi^2 = x - x / phi).
    u64 t = (isqrt((unsigned __int128)5 * x * x) - x) / 2;
    for (u64 j = t > 2 ? t - 2 : 0; j <= t + 2; j++)
        if (lower(j) == x && x + j <= y) {
            to_x = x;
            to_y = x + j;
            return true;
        }
    for (u64 j = x - t > 2 ? x - t - 2 : 0; j <= x - t + 2; j++)
        if (lower(j) + j == x) {
            to_x = x;
            to_y = lower(j);
            return true;
        }
    return false;
}

// The move from (a, b), in the input's order, into a and b.
static void choose(u64 &a, u64 &b)
{
    bool swapped = a > b;
    u64 x = swapped ? b : a, y = swapped ? a : b, to_x = x, to_y = y;
    if (STYLE == 2 || !winning(x, y, to_x, to_y)) {
        int kind = std::rand() % 3;
        if (x == 0 || kind == 1)
            to_y = y - 1 - (u64)std::rand() % y;
        else if (kind == 0)
            to_x = x - 1 - (u64)std::rand() % x;
        else {
            u64 take = 1 + (u64)std::rand() % x;
            to_x = x - take;
            to_y = y - take;
        }
    }
    a = swapped ? to_y : to_x;
    b = swapped ? to_x : to_y;
}

int main()
{
    if (STYLE == 3)
        std::setvbuf(stdout, nullptr, _IOFBF, 1 << 16);
    std::srand(20260907);
    char line[256];
    for (;;) {
        u64 a, b;
        if (!std::fgets(line, sizeof line, stdin))
            return 0;
        if (std::sscanf(line, "%llu %llu", &a, &b) != 2)
            return 1;
        if (END_ZERO && a == 0 && b == 0)
            return 0;
        bool mine = STYLE == 2 ? std::rand() % 2 == 0 : !losing(a, b);
        say(mine ? "First" : "Second");
        for (;;) {
            if (mine && (a > 0 || b > 0)) {
                u64 c = a, d = b;
                choose(c, d);
                std::sprintf(line, "%llu %llu->%llu %llu", a, b, c, d);
                a = c;
                b = d;
                say(line);
            } else {
                if (!std::fgets(line, sizeof line, stdin))
                    return 1;
                line[std::strcspn(line, "\r\n")] = 0;
                if (std::strcmp(line, "-1") == 0)
                    return 0;
                if (std::strcmp(line, "0") == 0)
                    break;
                u64 from_a, from_b;
                if (std::sscanf(line, "%llu %llu->%llu %llu", &from_a, &from_b, &a, &b) != 4)
                    return 1;
            }
            mine = !mine;
        }
    }
}
