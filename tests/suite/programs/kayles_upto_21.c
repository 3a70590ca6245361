/* Kayles (testdata/kayles.toml), wrong: Grundy values by the mex rule up to
 * 21 pins, and past that the last 12 of them again, as if Kayles' period
 * of 12 started there (it starts at 71, after values such as 3, 5 and 6
 * that recur only before it). Right on every case of heaps up to 21. */
#include "read_number.h"

#define EXACT 21

int main(void)
{
    unsigned g[EXACT + 1];
    for (int n = 0; n <= EXACT; n++) {
        int seen[64] = {0};
        /* Knock down one pin or two adjacent ones: two rows remain. */
        for (int take = 1; take <= 2 && take <= n; take++)
            for (int left = 0; left <= n - take; left++)
                seen[g[left] ^ g[n - take - left]] = 1;
        unsigned mex = 0;
        while (seen[mex])
            mex++;
        g[n] = mex;
    }
    unsigned long long cases, heaps, heap;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        unsigned x = 0;
        read_number(&heaps);
        for (unsigned long long i = 0; i < heaps; i++) {
            read_number(&heap);
            if (heap > EXACT)
                heap = EXACT - 11 + (heap - (EXACT - 11)) % 12;
            x ^= g[heap];
        }
        puts(x != 0 ? "W" : "L");
    }
    return 0;
}
