/* nim (Luogu P2197), never ends: reads the input, then spins forever
 * without printing anything (a time limit exceeded, on CPU time). */
#include "read_number.h"

int main(void)
{
    unsigned long long number;
    volatile unsigned long long spins = 0;
    while (read_number(&number))
        continue;
    for (;;)
        spins++;
}
