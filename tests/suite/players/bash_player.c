/* A player of Bash's game under `nimstream interact bash` (HDU 1846: C,
 * then per case n and m; a move takes 1 to m from the pile, written
 * a->b).
 *
 *   bash_player right   chooses the winning side, then leaves a multiple
 *                       of m + 1 (or takes 1 when it cannot)
 *   bash_player greedy  always First, always takes m (or all that is left) */
#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    int right = strcmp(argv[1], "right") == 0;
    unsigned long long cases, n, m;
    if (scanf("%llu", &cases) != 1)
        return 1;
    while (cases--) {
        if (scanf("%llu %llu", &n, &m) != 2)
            return 1;
        int mine = !right || n % (m + 1) != 0;
        printf("%s\n", mine ? "First" : "Second");
        fflush(stdout);
        char token[128];
        for (;;) {
            if (mine && n > 0) {
                unsigned long long take = n % (m + 1);
                if (!right || take == 0)
                    take = right ? 1 : (m < n ? m : n);
                printf("%llu->%llu\n", n, n - take);
                fflush(stdout);
                n -= take;
            } else {
                if (scanf("%127s", token) != 1)
                    return 1;
                if (strcmp(token, "-1") == 0)
                    return 0;
                if (strcmp(token, "0") == 0)
                    break;
                unsigned long long from, to;
                if (sscanf(token, "%llu->%llu", &from, &to) != 2)
                    return 1;
                n = to;
            }
            mine = !mine;
        }
    }
    return 0;
}
