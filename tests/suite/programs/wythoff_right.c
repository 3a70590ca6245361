/* wythoff (POJ 1067), right, in exact integer arithmetic: a pair a <= b is
 * lost for the player to move ("0") exactly when a = floor(k * phi) with
 * k = b - a and phi the golden ratio. floor(k * phi) = floor((k + r) / 2)
 * with r = floor(sqrt(5 k^2)) (5 k^2 is never a square for k > 0), and
 * 5 k^2 <= 5 * 10^18 fits in 64 bits for the problem's k <= 10^9. */
#include "read_number.h"

/* floor(sqrt(n)) for n < 2^64, by bisection in integers (no libm, no
 * rounding): the largest r with r * r <= n, and r < 2^32. */
static unsigned long long isqrt(unsigned long long n)
{
    unsigned long long low = 0, high = 1ULL << 32; /* low^2 <= n < high^2 */
    while (high - low > 1) {
        unsigned long long mid = low + (high - low) / 2;
        if (mid * mid <= n)
            low = mid;
        else
            high = mid;
    }
    return low;
}

int main(void)
{
    unsigned long long a, b;
    while (read_number(&a) && read_number(&b)) {
        if (a > b) {
            unsigned long long t = a;
            a = b;
            b = t;
        }
        unsigned long long k = b - a;
        unsigned long long lost_a = (k + isqrt(5 * k * k)) / 2;
        puts(a == lost_a ? "0" : "1");
    }
    return 0;
}
