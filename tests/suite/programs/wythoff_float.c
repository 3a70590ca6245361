/* wythoff (POJ 1067), wrong: computes floor(k * phi) in single-precision
 * float, whose 24-bit significand cannot hold k * phi for large k (and whose
 * phi is off by 1.6e-8): wrong on large pairs. The rest is right. */
#include "read_number.h"

int main(void)
{
    const float phi = 1.6180339887f; /* the bug: float */
    unsigned long long a, b;
    while (read_number(&a) && read_number(&b)) {
        if (a > b) {
            unsigned long long t = a;
            a = b;
            b = t;
        }
        float k = (float)(b - a);
        unsigned long long lost_a = (unsigned long long)(k * phi);
        puts(a == lost_a ? "0" : "1");
    }
    return 0;
}
