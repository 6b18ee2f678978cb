/* p4016_data.c - the data set of the golden values, with the optional
 * cancellation overlay that the P4016 demonstrators sweep lengths with. */
#include "canonical_cpu.h"
#include "rng.h"

// [listing hostile-overlay]
void p4016_data(uint64_t seed, int hostile, double *x, size_t n)
{
    lcg64_fill(seed, x, n);
    if (!hostile)
        return;
    /* huge values of both signs: the sum depends on which of them meet first */
    for (size_t i = 0; i < n; i++) {
        if (i % 7 == 0)
            x[i] += 1e16;
        if (i % 11 == 0)
            x[i] -= 1e16;
    }
    /* and two +1e16 next to two -1e16 in the middle */
    if (n >= 8) {
        const size_t m = n / 2;
        x[m] += 1e16;
        x[m + 1] += 1e16;
        x[m + 2] -= 1e16;
        x[m + 3] -= 1e16;
    }
}
// [end]
