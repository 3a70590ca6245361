// A player of nimstream's interactive Bash game, for a package's
// submissions: T games, each sent as a line "n m" (a pile of n stones, a
// move takes 1 to m of them). The line above this comment chooses the
// player:
//   STYLE  0 right (the winning side, then it leaves a multiple of m + 1),
//          2 a random side and random legal takes,
//          3 right, but never flushes its output.
// A move is written a->b (the pile before and after); the interactor
// answers 0 when the game is won (the next game follows), -1 when it is
// lost (exit).
#include <cstdio>
#include <cstdlib>
#include <cstring>

typedef unsigned long long u64;

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
    u64 games;
    if (std::scanf("%llu", &games) != 1)
        return 1;
    while (games--) {
        u64 n, m;
        if (std::scanf("%llu %llu", &n, &m) != 2)
            return 1;
        bool mine = STYLE == 2 ? std::rand() % 2 == 0 : n % (m + 1) != 0;
        say(mine ? "First" : "Second");
        char line[128], token[128];
        for (;;) {
            if (mine && n > 0) {
                u64 most = n < m ? n : m;
                u64 take = n % (m + 1);
                if (STYLE == 2 || take == 0)
                    take = 1 + (u64)std::rand() % most;
                std::sprintf(line, "%llu->%llu", n, n - take);
                n -= take;
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
                n = to;
            }
            mine = !mine;
        }
    }
    return 0;
}
