/* wythoff (POJ 1067), wrong: computes floor(k * phi) in double precision,
 * which is exact for every k of a random draw but not where k * phi comes
 * closest to an integer: from k = 102334155 (a Fibonacci number) on, the
 * losing pair (165580140, 267914295) is answered as a win. The rest is
 * right. */
#include "read_number.h"

int main(void)
{
    const double phi = 1.6180339887498949; /* the bug: a double */
    unsigned long long a, b;
    while (read_number(&a) && read_number(&b)) {
        if (a > b) {
            unsigned long long t = a;
            a = b;
            b = t;
        }
        double k = (double)(b - a);
        unsigned long long lost_a = (unsigned long long)(k * phi);
        puts(a == lost_a ? "0" : "1");
    }
    return 0;
}
