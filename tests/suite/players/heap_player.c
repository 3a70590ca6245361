/* A player of nimstream's interactive heap games (`nimstream interact`):
 * nim (Luogu P2197), misere (HDU 1907), lasker (HDU 3032) and kayles
 * (testdata/kayles.toml: knock down one pin or two adjacent ones, octal
 * 0.77), all laid out as T, then per case N and a line of N heaps.
 *
 *   heap_player GAME BEHAVIOUR
 *
 * GAME is nim, misere, lasker or kayles. BEHAVIOUR is right (chooses the winning
 * side and wins every game it can), or one of the faults the interactor
 * must catch: guess (always First, then a random legal take), nim-xor
 * (Lasker's game played by Nim's xor), no-all-ones (misère played as
 * normal Nim, forgetting the endgame of heaps of 1), one-heap (the right
 * side, but a winning move only when one heap is left: otherwise it takes
 * one object from the first heap), illegal (First, then a
 * move that adds an object), junk (First, then a line that is no move),
 * silent (reads the position and never answers), unflushed (the right
 * player, but its output fully buffered and never flushed). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_HEAPS 4096

static unsigned long long heap[MAX_HEAPS];
static int heaps;
static int misere, lasker, kayles, flush_lines = 1;

/* Kayles' Grundy values, by the mex of every move, up to its limit. */
#define KAYLES_MAX 1100
static unsigned long long kayles_value[KAYLES_MAX + 1];

static void kayles_table(void)
{
    for (int h = 1; h <= KAYLES_MAX; h++) {
        char seen[64] = {0};
        for (int k = 1; k <= 2 && k <= h; k++)
            for (int a = 0; a <= (h - k) / 2; a++)
                seen[kayles_value[a] ^ kayles_value[h - k - a]] = 1;
        int mex = 0;
        while (seen[mex])
            mex++;
        kayles_value[h] = (unsigned long long)mex;
    }
}

static unsigned long long grundy(unsigned long long h, int as_lasker)
{
    if (kayles)
        return kayles_value[h];
    if (!as_lasker || h == 0)
        return h;
    switch (h % 4) {
    case 3: return h + 1;
    case 0: return h - 1;
    default: return h;
    }
}

static void say(const char *line)
{
    printf("%s\n", line);
    if (flush_lines)
        fflush(stdout);
}

/* Applies the move in `token` (i:a->b, i:a->b+c): 0 when it is no move. */
static int apply(const char *token)
{
    unsigned long long i, from, to, and;
    int parts = sscanf(token, "%llu:%llu->%llu+%llu", &i, &from, &to, &and);
    if (parts < 3 || i < 1 || i > (unsigned long long)heaps)
        return 0;
    heap[i - 1] = to;
    if (parts == 4) {
        memmove(&heap[i + 1], &heap[i], (heaps - i) * sizeof heap[0]);
        heap[i] = and;
        heaps++;
    }
    return 1;
}

static int any_left(void)
{
    for (int i = 0; i < heaps; i++)
        if (heap[i])
            return 1;
    return 0;
}

/* Whether the player to move wins, by the rules the player believes. */
static int wins(int as_lasker, int as_misere)
{
    unsigned long long x = 0, big = 0, ones = 0;
    for (int i = 0; i < heaps; i++) {
        x ^= grundy(heap[i], as_lasker);
        big += heap[i] > 1;
        ones += heap[i] == 1;
    }
    if (as_misere && big == 0)
        return ones % 2 == 0;
    return x != 0;
}

/* Writes a winning move into `line` when there is one; else takes one
 * object from the first heap that has any. */
static void choose(char *line, int as_lasker, int as_misere)
{
    unsigned long long x = 0, big = 0;
    for (int i = 0; i < heaps; i++) {
        x ^= grundy(heap[i], as_lasker);
        big += heap[i] > 1;
    }
    for (int i = 0; i < heaps && wins(as_lasker, as_misere); i++) {
        unsigned long long h = heap[i];
        if (as_misere && big <= 1 && (big == 0 ? h == 1 : h > 1)) {
            /* The endgame: leave an odd number of heaps of 1. */
            unsigned long long ones = 0;
            for (int j = 0; j < heaps; j++)
                ones += j != i && heap[j] == 1;
            sprintf(line, "%d:%llu->%llu", i + 1, h, ones % 2 ? 0ULL : 1ULL);
            return;
        }
        unsigned long long want = grundy(h, as_lasker) ^ x;
        if (as_misere && big <= 1)
            continue;
        if (want >= grundy(h, as_lasker))
            continue;
        for (unsigned long long k = 1; kayles && k <= 2 && k <= h; k++)
            for (unsigned long long a = 0; a <= (h - k) / 2; a++)
                if ((grundy(a, 0) ^ grundy(h - k - a, 0)) == want) {
                    if (a == 0)
                        sprintf(line, "%d:%llu->%llu", i + 1, h, h - k);
                    else
                        sprintf(line, "%d:%llu->%llu+%llu", i + 1, h, a, h - k - a);
                    return;
                }
        for (unsigned long long to = 0; !kayles && to < h; to++)
            if (grundy(to, as_lasker) == want) {
                sprintf(line, "%d:%llu->%llu", i + 1, h, to);
                return;
            }
        for (unsigned long long a = 1; as_lasker && a <= h / 2; a++)
            if ((grundy(a, 1) ^ grundy(h - a, 1)) == want) {
                sprintf(line, "%d:%llu->%llu+%llu", i + 1, h, a, h - a);
                return;
            }
    }
    for (int i = 0; i < heaps; i++)
        if (heap[i]) {
            sprintf(line, "%d:%llu->%llu", i + 1, heap[i], heap[i] - 1);
            return;
        }
}

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    const char *how = argv[2];
    misere = strcmp(argv[1], "misere") == 0;
    lasker = strcmp(argv[1], "lasker") == 0;
    kayles = strcmp(argv[1], "kayles") == 0;
    if (kayles)
        kayles_table();
    int as_lasker = lasker && strcmp(how, "nim-xor") != 0;
    int as_misere = misere && strcmp(how, "no-all-ones") != 0;
    int guess = strcmp(how, "guess") == 0;
    if (strcmp(how, "unflushed") == 0) {
        flush_lines = 0;
        setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    }
    srand(7);
    unsigned long long cases;
    if (scanf("%llu", &cases) != 1)
        return 1;
    while (cases--) {
        unsigned long long n;
        if (scanf("%llu", &n) != 1 || n > MAX_HEAPS / 2)
            return 1;
        heaps = (int)n;
        for (int i = 0; i < heaps; i++)
            if (scanf("%llu", &heap[i]) != 1 || (kayles && heap[i] > KAYLES_MAX))
                return 1;
        if (strcmp(how, "silent") == 0) {
            sleep(60);
            return 0;
        }
        int first = guess || strcmp(how, "illegal") == 0 || strcmp(how, "junk") == 0
                    || wins(as_lasker, as_misere);
        say(first ? "First" : "Second");
        int mine = first;
        char line[128], token[128];
        for (;;) {
            if (mine && any_left()) {
                if (strcmp(how, "illegal") == 0)
                    sprintf(line, "1:%llu->%llu", heap[0], heap[0] + 1);
                else if (strcmp(how, "junk") == 0)
                    strcpy(line, "hello");
                else if (strcmp(how, "one-heap") == 0) {
                    int left = 0, last = 0;
                    for (int i = 0; i < heaps; i++)
                        if (heap[i]) {
                            left++;
                            last = i;
                        }
                    if (left > 1)
                        for (last = 0; !heap[last]; last++)
                            ;
                    sprintf(line, "%d:%llu->%llu", last + 1, heap[last],
                            left == 1 ? 0ULL : heap[last] - 1);
                } else if (guess) {
                    int i;
                    do
                        i = rand() % heaps;
                    while (!heap[i]);
                    unsigned long long take = 1 + (unsigned long long)rand() % heap[i];
                    if (kayles && take > 2)
                        take = 1 + (unsigned long long)rand() % (heap[i] < 2 ? 1 : 2);
                    sprintf(line, "%d:%llu->%llu", i + 1, heap[i], heap[i] - take);
                } else
                    choose(line, as_lasker, as_misere);
                apply(line);
                say(line);
            } else {
                if (scanf("%127s", token) != 1)
                    return 1;
                if (strcmp(token, "-1") == 0)
                    return 0;
                if (strcmp(token, "0") == 0)
                    break;
                if (!apply(token))
                    return 1;
            }
            mine = !mine;
        }
    }
    return 0;
}
