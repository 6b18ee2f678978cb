/* bench_sizes.h - the sizes the chapter's benchmarks measure: 2^20, 2^24
 * and 2^28 elements, those up to 2^max_log2 (or 2^max_log2 alone when it is
 * below 2^20). Shared by canonical_bench and determinism_levels, so their
 * tables cover the same sizes. */
#ifndef CANONICAL_SCAN_BENCH_SIZES_H
#define CANONICAL_SCAN_BENCH_SIZES_H

#include <stdint.h>

#define BENCH_MAX_SIZES 3

/* Fills sizes[0 .. count-1] in increasing order; returns count (>= 1). */
static inline int bench_sizes(uint64_t max_log2, uint64_t sizes[BENCH_MAX_SIZES])
{
    int count = 0;
    for (uint64_t k = 20; k <= 28; k += 4)
        if (k <= max_log2)
            sizes[count++] = UINT64_C(1) << k;
    if (count == 0)
        sizes[count++] = UINT64_C(1) << max_log2;
    return count;
}

/* k for a size n = 2^k, as the tables print it ("2^24"). */
static inline int bench_log2(uint64_t n)
{
    int k = 0;
    while (n > 1) {
        n >>= 1;
        k++;
    }
    return k;
}

#endif
