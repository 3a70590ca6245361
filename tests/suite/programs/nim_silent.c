/* nim (Luogu P2197), wrong: reads the whole input, prints nothing and exits
 * with status 0. */
#include "read_number.h"

int main(void)
{
    unsigned long long number;
    while (read_number(&number))
        continue;
    return 0;
}
