/* A Nim player for a problem file's [interactive] protocol with a fixed
 * side and the position as the interactor's answer (side = "first" or
 * "second", reply = "position", won = "WIN", lost = "LOSE"): it reads T,
 * then per case N and the heaps; it writes no side; after each of its
 * moves it reads the position nimstream's move left (N and the heaps) or
 * an end word.
 *
 *   nim_fixed_player SIDE BEHAVIOUR
 *
 * SIDE is first or second, the side the problem file fixes. BEHAVIOUR is
 * right (moves to a xor of 0 when it can, else takes one object), or
 * says-side (writes First or Second before its moves, as the default
 * protocol has it, which the interactor must refuse). */
#include <stdio.h>
#include <string.h>

#define MAX_HEAPS 4096

static unsigned long long heap[MAX_HEAPS];
static unsigned long long heaps;

static void move(void)
{
    unsigned long long x = 0;
    for (unsigned long long i = 0; i < heaps; i++)
        x ^= heap[i];
    for (unsigned long long i = 0; x && i < heaps; i++)
        if ((heap[i] ^ x) < heap[i]) {
            printf("%llu:%llu->%llu\n", i + 1, heap[i], heap[i] ^ x);
            fflush(stdout);
            return;
        }
    for (unsigned long long i = 0; i < heaps; i++)
        if (heap[i]) {
            printf("%llu:%llu->%llu\n", i + 1, heap[i], heap[i] - 1);
            fflush(stdout);
            return;
        }
}

/* Reads N and the heaps. */
static int read_heaps(unsigned long long n)
{
    if (n > MAX_HEAPS)
        return 0;
    heaps = n;
    for (unsigned long long i = 0; i < heaps; i++)
        if (scanf("%llu", &heap[i]) != 1)
            return 0;
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 3)
        return 2;
    int first = strcmp(argv[1], "first") == 0;
    int says_side = strcmp(argv[2], "says-side") == 0;
    unsigned long long cases, n;
    if (scanf("%llu", &cases) != 1)
        return 1;
    while (cases--) {
        if (scanf("%llu", &n) != 1 || !read_heaps(n))
            return 1;
        if (says_side) {
            puts(first ? "First" : "Second");
            fflush(stdout);
        }
        if (first)
            move();
        for (;;) {
            char word[32];
            if (scanf("%31s", word) != 1)
                return 1;
            if (strcmp(word, "WIN") == 0)
                break;
            if (strcmp(word, "LOSE") == 0)
                return 0;
            if (sscanf(word, "%llu", &n) != 1 || !read_heaps(n))
                return 1;
            move();
        }
    }
    return 0;
}
