/* A player of Wythoff's game under `nimstream interact wythoff` (POJ
 * 1067: lines `a b` to the end of the input; a move takes from one pile,
 * or the same from both, written `a b->c d`). Piles up to 200.
 *
 *   wythoff_player right  chooses the winning side, then moves to a lost
 *                         pair, found by searching every pair
 *   wythoff_player even   always First, then evens the piles out (or takes
 *                         one when they are even): Nim's mirror, wrong here
 *
 * The interactor writes 0 (game won) only when the player to move has no
 * move, so a line of the interactor's that starts with 0 when a move is
 * left is a move from an empty first pile: the player follows the
 * position to tell them apart. */
#include <stdio.h>
#include <string.h>

#define MAX 200
static char wins[MAX + 1][MAX + 1];

static void search(void)
{
    for (int a = 0; a <= MAX; a++)
        for (int b = 0; b <= MAX; b++) {
            int w = 0;
            for (int k = 1; k <= a && !w; k++)
                w = !wins[a - k][b];
            for (int k = 1; k <= b && !w; k++)
                w = !wins[a][b - k];
            for (int k = 1; k <= a && k <= b && !w; k++)
                w = !wins[a - k][b - k];
            wins[a][b] = (char)w;
        }
}

/* The pair after the player's move from (a, b). */
static void choose(int right, unsigned long long a, unsigned long long b,
                   unsigned long long *c, unsigned long long *d)
{
    for (unsigned long long k = 1; right && k <= a; k++)
        if (!wins[a - k][b]) { *c = a - k; *d = b; return; }
    for (unsigned long long k = 1; right && k <= b; k++)
        if (!wins[a][b - k]) { *c = a; *d = b - k; return; }
    for (unsigned long long k = 1; right && k <= a && k <= b; k++)
        if (!wins[a - k][b - k]) { *c = a - k; *d = b - k; return; }
    if (!right && a != b) {
        *c = a < b ? a : b;
        *d = *c;
        return;
    }
    if (a > 0) { *c = a - 1; *d = b; }
    else { *c = a; *d = b - 1; }
}

int main(int argc, char **argv)
{
    if (argc != 2)
        return 2;
    int right = strcmp(argv[1], "right") == 0;
    search();
    unsigned long long a, b;
    while (scanf("%llu %llu", &a, &b) == 2) {
        if (a > MAX || b > MAX)
            return 1;
        int mine = !right || wins[a][b];
        printf("%s\n", mine ? "First" : "Second");
        fflush(stdout);
        char token[128];
        for (;;) {
            int over = a == 0 && b == 0;
            if (mine && !over) {
                unsigned long long c, d;
                choose(right, a, b, &c, &d);
                printf("%llu %llu->%llu %llu\n", a, b, c, d);
                fflush(stdout);
                a = c;
                b = d;
            } else {
                if (scanf("%127s", token) != 1)
                    return 1;
                if (strcmp(token, "-1") == 0)
                    return 0;
                if (over)
                    break;
                unsigned long long from_b;
                if (scanf("%llu->%llu %llu", &from_b, &a, &b) != 3)
                    return 1;
            }
            mine = !mine;
        }
    }
    return 0;
}
