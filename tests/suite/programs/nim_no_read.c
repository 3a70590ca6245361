/* nim (Luogu P2197), wrong: never reads its input and prints "Yes" once,
 * guessing T = 1. Right by luck on a single winning case only. */
#include <stdio.h>

int main(void)
{
    puts("Yes");
    return 0;
}
