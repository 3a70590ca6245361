// A player of nimstream's interactive take-and-break games given by an
// octal code, for a package's submissions: T games, each sent as N and a
// line of N heaps. The lines above this comment choose the game and the
// player:
//   DIGITS    the code's digits d0 d1 d2 ... (d0 before the point): removing
//             j objects from a heap may take it all when d_j has bit 1,
//             leave one heap when it has bit 2, two when it has bit 4;
//   MAX_HEAP  the largest heap of the tests: the Grundy values are computed
//             up to it, each the mex of the values a move leaves;
//   STYLE     0 right (the winning side, then a move to Grundy xor 0),
//             1 Nim's xor on the heap sizes (each heap worth its size),
//             2 a random side and random legal moves,
//             3 right, but never flushes its output.
// Moves are written i:a->b (heap i, from 1, from a objects to b) or
// i:a->b+c (a split, the parts taking heap i's place); the interactor
// answers 0 when the game is won (the next game follows), -1 when it is
// lost (exit).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

typedef unsigned long long u64;

static const char *const digits = DIGITS;
static std::vector<int> code;
static std::vector<u64> value;
static std::vector<u64> heap;

// The heap's worth, as the player believes.
static u64 worth(u64 h)
{
    return STYLE == 1 ? h : value[h];
}

// Calls found(to, other) for every move from a heap of h: to the heap h
// becomes, other the second part of a split (0 when none); stops at the
// first call that returns true.
template <class F> static bool each_move(u64 h, F found)
{
    for (u64 j = 0; j < code.size() && j <= h; j++) {
        int d = code[j];
        if ((d & 1) && j > 0 && h == j && found(0, 0))
            return true;
        if ((d & 2) && j > 0 && h > j && found(h - j, 0))
            return true;
        if (d & 4)
            for (u64 b = 1; b + 1 <= h - j && b <= h - j - b; b++)
                if (found(b, h - j - b))
                    return true;
    }
    return false;
}

static void grundy_values()
{
    for (const char *c = digits; *c; c++)
        code.push_back(*c <= '9' ? *c - '0' : *c - 'a' + 10);
    value.assign(MAX_HEAP + 1, 0);
    std::vector<char> seen;
    for (u64 h = 1; h <= MAX_HEAP; h++) {
        seen.assign(2 * h + 2, 0);
        each_move(h, [&](u64 to, u64 other) {
            u64 v = value[to] ^ value[other];
            if (v < seen.size())
                seen[v] = 1;
            return false;
        });
        while (seen[value[h]])
            value[h]++;
    }
}

static void say(const char *line)
{
    std::printf("%s\n", line);
    if (STYLE != 3)
        std::fflush(stdout);
}

static u64 total()
{
    u64 x = 0;
    for (u64 h : heap)
        x ^= worth(h);
    return x;
}

static void write_move(char *line, size_t i, u64 h, u64 to, u64 other)
{
    if (other)
        std::sprintf(line, "%zu:%llu->%llu+%llu", i + 1, h, to, other);
    else
        std::sprintf(line, "%zu:%llu->%llu", i + 1, h, to);
}

// A move into `line`: one to a total of 0 when there is one (and the
// player is not random), else the first legal move, or a random one.
static void choose(char *line)
{
    u64 x = total();
    if (STYLE != 2 && x != 0)
        for (size_t i = 0; i < heap.size(); i++) {
            u64 h = heap[i], want = worth(h) ^ x;
            if (each_move(h, [&](u64 to, u64 other) {
                    if ((worth(to) ^ worth(other)) != want)
                        return false;
                    write_move(line, i, h, to, other);
                    return true;
                }))
                return;
        }
    std::vector<size_t> movable;
    for (size_t i = 0; i < heap.size(); i++)
        if (each_move(heap[i], [](u64, u64) { return true; }))
            movable.push_back(i);
    size_t i = movable[STYLE == 2 ? (size_t)std::rand() % movable.size() : 0];
    u64 count = 0, pick = 0, h = heap[i];
    each_move(h, [&](u64, u64) { return ++count, false; });
    pick = STYLE == 2 ? (u64)std::rand() % count : 0;
    each_move(h, [&](u64 to, u64 other) {
        if (pick--)
            return false;
        write_move(line, i, h, to, other);
        return true;
    });
}

static bool any_move()
{
    for (u64 h : heap)
        if (each_move(h, [](u64, u64) { return true; }))
            return true;
    return false;
}

// Plays the move in `token`; false when it is none.
static bool apply(const char *token)
{
    u64 i, from, to, other;
    int parts = std::sscanf(token, "%llu:%llu->%llu+%llu", &i, &from, &to, &other);
    if (parts < 3 || i < 1 || i > heap.size())
        return false;
    heap[i - 1] = to;
    if (parts == 4)
        heap.insert(heap.begin() + (long)i, other);
    return true;
}

int main()
{
    if (STYLE == 3)
        std::setvbuf(stdout, nullptr, _IOFBF, 1 << 16);
    std::srand(20260907);
    grundy_values();
    u64 games;
    if (std::scanf("%llu", &games) != 1)
        return 1;
    while (games--) {
        u64 n;
        if (std::scanf("%llu", &n) != 1)
            return 1;
        heap.assign(n, 0);
        for (u64 &h : heap)
            if (std::scanf("%llu", &h) != 1 || h > MAX_HEAP)
                return 1;
        bool mine = STYLE == 2 ? std::rand() % 2 == 0 : total() != 0;
        say(mine ? "First" : "Second");
        char line[128], token[128];
        for (;;) {
            if (mine && any_move()) {
                choose(line);
                apply(line);
                say(line);
            } else {
                if (std::scanf("%127s", token) != 1)
                    return 1;
                if (std::strcmp(token, "-1") == 0)
                    return 0;
                if (std::strcmp(token, "0") == 0)
                    break;
                if (!apply(token))
                    return 1;
            }
            mine = !mine;
        }
    }
    return 0;
}
