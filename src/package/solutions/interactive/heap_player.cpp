// A player of nimstream's interactive heap games, for a package's
// submissions: T games, each sent as N and a line of N heaps. The lines
// above this comment choose the game and the player:
//   GAME   0 Nim, 1 Lasker's Nim (a move may split a heap in two),
//          2 misère Nim (taking the last object loses);
//   STYLE  0 right (the winning side, a winning move every time),
//          1 plays Nim's strategy whatever the game: Lasker's Nim by the
//            heaps' xor, misère Nim without its endgame of heaps of 1,
//          2 a random side and random legal takes,
//          3 right, but never flushes its output.
// Moves are written i:a->b (heap i, from 1, from a objects to b) or
// i:a->b+c (a split); the interactor answers 0 when the game is won
// (the next game follows), -1 when it is lost (exit).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

typedef unsigned long long u64;

static std::vector<u64> heap;

// The heap's Grundy value, in the game the player believes it plays.
static u64 grundy(u64 h)
{
    if (GAME == 1 && STYLE != 1) {
        if (h % 4 == 3)
            return h + 1;
        if (h % 4 == 0 && h > 0)
            return h - 1;
    }
    return h;
}

// The size of a heap whose Grundy value (Lasker's) is w.
static u64 lasker_inverse(u64 w)
{
    if (w % 4 == 3)
        return w + 1;
    if (w % 4 == 0 && w > 0)
        return w - 1;
    return w;
}

static void say(const char *line)
{
    std::printf("%s\n", line);
    if (STYLE != 3)
        std::fflush(stdout);
}

static bool any_left()
{
    for (u64 h : heap)
        if (h)
            return true;
    return false;
}

// Whether the game is played in misère, as the player believes.
static const bool misere = GAME == 2 && STYLE != 1;

// Whether the player to move wins.
static bool mover_wins()
{
    u64 x = 0, big = 0, ones = 0;
    for (u64 h : heap) {
        x ^= grundy(h);
        big += h > 1;
        ones += h == 1;
    }
    if (misere && big == 0)
        return ones % 2 == 0;
    return x != 0;
}

// A winning move into `line`; one object from the first heap when none wins.
static void winning(char *line)
{
    u64 x = 0, big = 0, ones = 0;
    for (u64 h : heap) {
        x ^= grundy(h);
        big += h > 1;
        ones += h == 1;
    }
    if (mover_wins()) {
        for (size_t i = 0; i < heap.size(); i++) {
            u64 h = heap[i];
            if (misere && big == 1 && h > 1) {
                // Misère's endgame: leave an odd number of heaps of 1.
                std::sprintf(line, "%zu:%llu->%llu", i + 1, h, ones % 2 ? 0ULL : 1ULL);
                return;
            }
            if (misere && big == 0 && h == 1) {
                std::sprintf(line, "%zu:1->0", i + 1);
                return;
            }
            u64 want = grundy(h) ^ x;
            if (want >= grundy(h))
                continue;
            u64 to = GAME == 1 && STYLE != 1 ? lasker_inverse(want) : want;
            if (to < h)
                std::sprintf(line, "%zu:%llu->%llu", i + 1, h, to);
            else
                std::sprintf(line, "%zu:%llu->1+%llu", i + 1, h, h - 1);
            return;
        }
    }
    for (size_t i = 0; i < heap.size(); i++)
        if (heap[i]) {
            std::sprintf(line, "%zu:%llu->%llu", i + 1, heap[i], heap[i] - 1);
            return;
        }
}

static void random_take(char *line)
{
    size_t i;
    do
        i = (size_t)std::rand() % heap.size();
    while (!heap[i]);
    u64 take = 1 + (u64)std::rand() % heap[i];
    std::sprintf(line, "%zu:%llu->%llu", i + 1, heap[i], heap[i] - take);
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
    u64 games;
    if (std::scanf("%llu", &games) != 1)
        return 1;
    while (games--) {
        u64 n;
        if (std::scanf("%llu", &n) != 1)
            return 1;
        heap.assign(n, 0);
        for (u64 &h : heap)
            if (std::scanf("%llu", &h) != 1)
                return 1;
        bool mine = STYLE == 2 ? std::rand() % 2 == 0 : mover_wins();
        say(mine ? "First" : "Second");
        char line[128], token[128];
        for (;;) {
            if (mine && any_left()) {
                if (STYLE == 2)
                    random_take(line);
                else
                    winning(line);
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
