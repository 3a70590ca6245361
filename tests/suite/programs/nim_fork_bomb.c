/* nim (Luogu P2197), hostile: forks without end. Each process forks in a
 * loop, so their number grows until a limit stops it; run it only under a
 * limit on processes (the judge's process group, RLIMIT_NPROC or a cgroup). */
#include <unistd.h>

int main(void)
{
    for (;;)
        fork();
}
