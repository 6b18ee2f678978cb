/* rng.c - see rng.h. */
#include "rng.h"

double lcg64_next(lcg64 *g)
{
    g->state = g->state * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
    /* top 53 bits as a signed offset from 2^52: exactly representable */
    const int64_t top = (int64_t)(g->state >> 11) - (INT64_C(1) << 52);
    return (double)top / 4503599627370496.0; /* 2^52 */
}

void lcg64_fill(uint64_t seed, double *x, size_t n)
{
    lcg64 g = { seed };
    for (size_t i = 0; i < n; i++)
        x[i] = lcg64_next(&g);
}

uint64_t splitmix64_next(splitmix64 *g)
{
    uint64_t z = (g->state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

double splitmix64_uniform(splitmix64 *g, double lo, double hi)
{
    const double unit = (double)(splitmix64_next(g) >> 11) / 9007199254740992.0; /* 2^53 */
    return lo + (hi - lo) * unit;
}

uint64_t splitmix64_below(splitmix64 *g, uint64_t bound)
{
    /* reject the short top slice so every residue is equally likely */
    const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
    uint64_t r;
    do {
        r = splitmix64_next(g);
    } while (r >= limit);
    return r % bound;
}

void splitmix64_shuffle_u32(splitmix64 *g, uint32_t *a, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        const size_t j = (size_t)splitmix64_below(g, i);
        const uint32_t t = a[i - 1];
        a[i - 1] = a[j];
        a[j] = t;
    }
}
