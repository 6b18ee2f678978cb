/* bench_sizes.h - the sizes the chapter's benchmarks measure: 2^20, 2^24
 * and 2^28 elements, those up to 2^max_log2 (or 2^max_log2 alone when it is
 * below 2^20). Shared by canonical_bench and determinism_levels, so their
 * tables cover the same sizes; --n measures one size of the caller's
 * choice instead, which the tables name by bench_size_label. */
#ifndef CANONICAL_SCAN_BENCH_SIZES_H
#define CANONICAL_SCAN_BENCH_SIZES_H

#include "cli.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

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

/* The sizes of a benchmark's --n and --max-log2 (0: not given; --max-log2
 * defaults to 28): --n alone measures that one size. Both given is bad
 * input: "error: ..." and exit 2. Fills sizes[]; returns their count. */
static inline int bench_sizes_of_options(uint64_t one_size, uint64_t max_log2, uint64_t sizes[BENCH_MAX_SIZES])
{
    if (one_size != 0 && max_log2 != 0)
        cli_refuse("--n measures one size, --max-log2 chooses among 2^20, 2^24, 2^28: give one of them");
    if (one_size != 0) {
        sizes[0] = one_size;
        return 1;
    }
    return bench_sizes(max_log2 != 0 ? max_log2 : 28, sizes);
}

/* The size a table row names: "2^24" for a power of two, the number itself
 * ("1000003") for any other n (a size given with --n). */
#define BENCH_LABEL_LEN 24
static inline const char *bench_size_label(uint64_t n, char label[BENCH_LABEL_LEN])
{
    int k = 0;
    while (k < 63 && (UINT64_C(1) << k) < n)
        k++;
    if ((UINT64_C(1) << k) == n)
        snprintf(label, BENCH_LABEL_LEN, "2^%d", k);
    else
        snprintf(label, BENCH_LABEL_LEN, "%" PRIu64, n);
    return label;
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
