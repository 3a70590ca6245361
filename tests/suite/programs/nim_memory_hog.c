/* nim (Luogu P2197), memory hog: allocates 1 GiB and writes a byte on each
 * of its pages (so that the memory is really taken, not only reserved), then
 * prints the right answers. When the allocation fails (an address-space
 * limit), it says so on standard error and exits with status 1; under a
 * limit on memory actually used (a cgroup) it is killed while writing. */
#include <stdlib.h>
#include "read_number.h"

#define HOG_BYTES (1ULL << 30)
#define PAGE_BYTES 4096

int main(void)
{
    volatile unsigned char *hog = malloc(HOG_BYTES);
    unsigned long long cases, heaps, heap, offset;
    if (hog == NULL) {
        fputs("nim_memory_hog: cannot allocate 1 GiB\n", stderr);
        return 1;
    }
    for (offset = 0; offset < HOG_BYTES; offset += PAGE_BYTES)
        hog[offset] = 1;
    if (!read_number(&cases))
        return 0;
    while (cases--) {
        unsigned long long x = 0;
        read_number(&heaps);
        while (heaps--) {
            read_number(&heap);
            x ^= heap;
        }
        puts(x != 0 ? "Yes" : "No");
    }
    return 0;
}
