/* comparison_matrix.c - see comparison_matrix.h. */
#include "comparison_matrix.h"
#include "canonical_cpu.h"
#include "common.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* Sizes that sit on every boundary the kernels have: warps (32), scan chunks
 * (32 slots) and tiles (4096; 1024 and 2048 for the other tile shapes of
 * scan_tuning.h), reduce tiles (8192), blocks (1, 2, 3, 16, 255, 256, 1024),
 * each -1, 0, +1. */
static const size_t small_sizes[] = {
    0,    1,    2,    3,    5,    7,    8,    9,    15,   16,   17,    31,    32,    33,   63,
    64,   65,   127,  128,  129,  255,  256,  257,  511,  512,  513,   1000,  1023,  1024, 1025,
    2047, 2048, 2049, 4095, 4096, 4097, 6143, 8191, 8192, 8193, 16383, 16384, 16385,
};
#define SMALL_SIZES (sizeof small_sizes / sizeof small_sizes[0])
#define RANDOM_SMALL 6
static const size_t large_sizes[] = { 1000000, 1048576, 1048577 };
/* the quick table (for compute-sanitizer): one size per kind of boundary */
static const size_t quick_sizes[] = { 0, 1, 9, 257, 2049, 8193, 20000 };
#define QUICK_SIZES (sizeof quick_sizes / sizeof quick_sizes[0])
#define LARGE_SIZES (sizeof large_sizes / sizeof large_sizes[0])
#define RANDOM_LARGE 2

static const unsigned lane_counts[] = { 1, 2, 3, 4, 16, 17, 64, 128, 512, 513, 1000 };
#define LANE_COUNTS (sizeof lane_counts / sizeof lane_counts[0])
static const unsigned large_lanes[] = { 1, 16, 17, 128, 1000 };
#define LARGE_LANES (sizeof large_lanes / sizeof large_lanes[0])

/* the quick table: every kernel once, few cases */
static const unsigned quick_lanes[] = { 1, 16, 17, 128 };
#define QUICK_LANES (sizeof quick_lanes / sizeof quick_lanes[0])
static const unsigned quick_blocks[] = { 3, 256, 5000 };
#define QUICK_BLOCKS (sizeof quick_blocks / sizeof quick_blocks[0])

static const unsigned block_lengths[] = { 1, 2, 3, 16, 255, 256, 1024 };
#define BLOCK_LENGTHS (sizeof block_lengths / sizeof block_lengths[0])
/* for the large sizes: 512, 1500, 2048 and 4096 (P = 2^9, 2^11 padded,
 * 2^11, 2^12: block lengths up to the last that fits a scan tile) and
 * blocks longer than a tile */
static const unsigned large_blocks[] = { 3, 16, 255, 256, 512, 1024, 1500, 2048, 4096, 5000, 65536 };
#define LARGE_BLOCKS (sizeof large_blocks / sizeof large_blocks[0])

/* The case's variant: data set, init and form cycle with a counter, so that
 * every combination appears without multiplying the matrix. */
typedef struct {
    int hostile, has_init, exclusive;
    double init;
} variant;

static variant variant_of(unsigned k)
{
    static const double inits[] = { 0.1, -1.0e16, -0.0 };
    variant v;
    v.hostile = k & 1;
    v.has_init = (k >> 1) & 1;
    v.exclusive = (k >> 2) & 1;
    v.init = inits[(k >> 3) % 3];
    return v;
}

typedef struct {
    const char *group;
    unsigned cases, failures;
    int quiet;
    const char *what;    /* "L = ", "B = " or "": what the failing parameters are */
    unsigned failed[16]; /* the distinct parameters of the failing cases */
    unsigned nfailed;
} tally;

/* Remembers a failing case's parameter (the first 16 distinct ones), in
 * increasing order. */
static void note_failed_param(tally *t, const char *what, unsigned param)
{
    t->what = what;
    unsigned at = 0;
    while (at < t->nfailed && t->failed[at] < param)
        at++;
    if ((at < t->nfailed && t->failed[at] == param) || t->nfailed == sizeof t->failed / sizeof t->failed[0])
        return;
    for (unsigned i = t->nfailed; i > at; i--)
        t->failed[i] = t->failed[i - 1];
    t->failed[at] = param;
    t->nfailed++;
}

static void report_case(tally *t, int ok, const char *what, size_t n, unsigned param, variant v, size_t where)
{
    t->cases++;
    if (ok)
        return;
    t->failures++;
    note_failed_param(t, what, param);
    if (t->failures <= 10) {
        printf("  MISMATCH %s: n = %zu, ", t->group, n);
        if (what[0] != '\0') /* the policy scans have no parameter */
            printf("%s%u, ", what, param);
        printf("%s, %s, %s: first difference at %zu\n", v.hostile ? "hostile" : "base", v.has_init ? "init" : "no init",
               v.exclusive ? "exclusive" : "inclusive", where);
    }
}

static int finish(tally *t)
{
    if (!t->quiet)
        printf("%-26s %5u cases, %u differ\n", t->group, t->cases, t->failures);
    if (t->failures > 0 && t->what[0] != '\0') { /* which parameters fail */
        printf("  %s: %u of %u cases differ, all with %s", t->group, t->failures, t->cases, t->what);
        for (unsigned i = 0; i < t->nfailed; i++)
            printf("%s%u", i ? ", " : "", t->failed[i]);
        printf("\n");
    }
    return t->failures == 0;
}

/* Index of the first element that differs in bits, or n. */
static size_t first_difference(const double *a, const double *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!doubles_bit_equal(a[i], b[i]))
            return i;
    return n;
}

typedef struct {
    size_t sizes[SMALL_SIZES + RANDOM_SMALL + LARGE_SIZES + RANDOM_LARGE];
    size_t count, first_large;
    int quick;
    size_t max_n;
    double *x, *ref, *got;
} workspace;

static void fill(workspace *w, uint64_t seed, size_t n, int hostile)
{
    p4016_data(seed, hostile, w->x, n);
}

typedef double (*reduce_fn)(const double *x, size_t n, unsigned param, int has_init, double init);

/* The lane counts (blocks == 0) or block lengths that size s is tested with. */
static const unsigned *params_for(const workspace *w, size_t s, int blocks, size_t *count)
{
    const int large = s >= w->first_large;
    if (blocks) {
        *count = w->quick ? QUICK_BLOCKS : large ? LARGE_BLOCKS : BLOCK_LENGTHS;
        return w->quick ? quick_blocks : large ? large_blocks : block_lengths;
    }
    *count = w->quick ? QUICK_LANES : large ? LARGE_LANES : LANE_COUNTS;
    return w->quick ? quick_lanes : large ? large_lanes : lane_counts;
}

/* A reduce against its CPU reference, for every size and parameter. */
static int group_reduce(const char *name, const char *label, int blocks, reduce_fn cpu, reduce_fn dev, workspace *w,
                        uint64_t seed, int quiet)
{
    tally t = { name, 0, 0, quiet, "", { 0 }, 0 };
    unsigned k = 0;
    for (size_t s = 0; s < w->count; s++) {
        const size_t n = w->sizes[s];
        size_t np;
        const unsigned *param = params_for(w, s, blocks, &np);
        for (size_t i = 0; i < np; i++, k++) {
            const variant v = variant_of(k);
            fill(w, seed, n, v.hostile);
            const double want = cpu(w->x, n, param[i], v.has_init, v.init);
            const double got = dev(w->x, n, param[i], v.has_init, v.init);
            report_case(&t, doubles_bit_equal(want, got), label, n, param[i], v, 0);
        }
    }
    return finish(&t);
}

static int group_block_scan(const impl_under_test *impl, workspace *w, uint64_t seed, int quiet)
{
    tally t = { "block_dyadic scan", 0, 0, quiet, "", { 0 }, 0 };
    unsigned k = 0;
    for (size_t s = 0; s < w->count; s++) {
        const size_t n = w->sizes[s];
        size_t nb;
        const unsigned *blocks = params_for(w, s, 1, &nb);
        const int one_form = s >= w->first_large || w->quick;
        for (size_t b = 0; b < nb; b++) {
            /* small sizes: all 4 forms; large and quick: one, cycling */
            for (unsigned f = 0; f < (one_form ? 1u : 4u); f++, k++) {
                variant v = variant_of(k);
                if (!one_form) { /* the four forms on one data set; the next parameter, the other */
                    v.exclusive = f & 1;
                    v.has_init = f >> 1;
                    v.hostile = (k >> 2) & 1;
                }
                fill(w, seed, n, v.hostile);
                block_dyadic_scan(w->x, w->ref, n, blocks[b], v.exclusive, v.has_init, v.init);
                impl->block_dyadic_scan(w->x, w->got, n, blocks[b], v.exclusive, v.has_init, v.init);
                const size_t d = first_difference(w->ref, w->got, n);
                report_case(&t, d == n, "B = ", n, blocks[b], v, d);
            }
        }
    }
    return finish(&t);
}

typedef void (*policy_scan_fn)(const double *x, double *out, size_t n, int exclusive, int has_init, double init);

static int group_policy_scan(const char *name, policy_scan_fn cpu, policy_scan_fn dev, workspace *w, uint64_t seed,
                             int quiet, size_t max_n)
{
    tally t = { name, 0, 0, quiet, "", { 0 }, 0 };
    unsigned k = 0;
    for (size_t s = 0; s < w->count; s++) {
        const size_t n = w->sizes[s];
        if (n > max_n)
            continue;
        for (unsigned f = 0; f < (w->quick ? 1u : 4u); f++, k++) {
            variant v = variant_of(k);
            if (!w->quick) { /* the four forms on one data set; the next size, the other */
                v.exclusive = f & 1;
                v.has_init = f >> 1;
                v.hostile = (k >> 2) & 1;
            }
            fill(w, seed, n, v.hostile);
            cpu(w->x, w->ref, n, v.exclusive, v.has_init, v.init);
            dev(w->x, w->got, n, v.exclusive, v.has_init, v.init);
            const size_t d = first_difference(w->ref, w->got, n);
            report_case(&t, d == n, "", n, 0, v, d);
        }
    }
    return finish(&t);
}

/* Every group on the sizes of w (allocates and frees its buffers). */
static int run_groups(const impl_under_test *impl, workspace *w, uint64_t seed, int quiet, size_t left_fold_max_n)
{
    w->max_n = 1;
    for (size_t i = 0; i < w->count; i++)
        if (w->sizes[i] > w->max_n)
            w->max_n = w->sizes[i];
    w->x = alloc_or_exit(w->max_n, sizeof *w->x, "the input");
    w->ref = alloc_or_exit(w->max_n, sizeof *w->ref, "the CPU results");
    w->got = alloc_or_exit(w->max_n, sizeof *w->got, "the results under test");
    if (!quiet) {
        if (w->count == 1)
            printf("%s vs the CPU library, bit for bit: one size, n = %zu (seed 0x%016" PRIx64 ")\n", impl->name,
                   w->sizes[0], seed);
        else
            printf("%s vs the CPU library, bit for bit: %zu sizes from 0 to %zu (seed 0x%016" PRIx64 ")\n", impl->name,
                   w->count, w->max_n, seed);
        printf("each group cycles base/hostile data, init 0.1 / -1e16 / -0.0 or none, inclusive/exclusive\n\n");
    }
    int ok_reduce = group_reduce("canonical reduce", "L = ", 0, canonical_reduce, impl->reduce, w, seed, quiet);
    int ok_block_reduce = group_reduce("block_dyadic reduce", "B = ", 1, block_dyadic_reduce, impl->block_dyadic_reduce,
                                       w, seed, quiet);
    int ok_block_scan = group_block_scan(impl, w, seed, quiet);
    int ok_pairwise = group_policy_scan("iterated_pairwise scan", iterated_pairwise_scan, impl->iterated_pairwise_scan,
                                        w, seed, quiet, w->max_n);
    int ok_left = 1;
    if (impl->left_fold_scan)
        ok_left = group_policy_scan("left_fold scan", left_fold_scan, impl->left_fold_scan, w, seed, quiet,
                                    left_fold_max_n);
    if (!quiet)
        printf("\n");
    int ok = 1;
    ok &= verdict("canonical reduce (every L) equals the CPU bit for bit", ok_reduce);
    ok &= verdict("block_dyadic reduce (every B) equals the CPU bit for bit", ok_block_reduce);
    ok &= verdict("block_dyadic scan (every B, every form) equals the CPU bit for bit", ok_block_scan);
    ok &= verdict("iterated_pairwise scan (every form) equals the CPU bit for bit", ok_pairwise);
    if (impl->left_fold_scan)
        ok &= verdict("left_fold scan (every form) equals the CPU bit for bit", ok_left);
    free(w->x);
    free(w->ref);
    free(w->got);
    return ok;
}

int run_comparison_matrix(const impl_under_test *impl, uint64_t seed, matrix_level level, int quiet)
{
    workspace w;
    splitmix64 g = { seed ^ UINT64_C(0x5eed5eed) };
    w.count = 0;
    w.quick = level == MATRIX_QUICK;
    if (w.quick) {
        for (size_t i = 0; i < QUICK_SIZES; i++)
            w.sizes[w.count++] = quick_sizes[i];
    } else {
        for (size_t i = 0; i < SMALL_SIZES; i++)
            w.sizes[w.count++] = small_sizes[i];
        for (int i = 0; i < RANDOM_SMALL; i++)
            w.sizes[w.count++] = 1 + (size_t)splitmix64_below(&g, 50000);
    }
    w.first_large = w.count;
    if (level == MATRIX_LARGE) {
        for (size_t i = 0; i < LARGE_SIZES; i++)
            w.sizes[w.count++] = large_sizes[i];
        for (int i = 0; i < RANDOM_LARGE; i++)
            w.sizes[w.count++] = 1048576 + (size_t)splitmix64_below(&g, 2000000);
    }
    return run_groups(impl, &w, seed, quiet, 20000); /* left_fold: span n, small sizes only */
}

int run_comparison_one_size(const impl_under_test *impl, uint64_t seed, size_t n, int quiet)
{
    workspace w;
    w.count = 1;
    w.sizes[0] = n;
    w.quick = 0;
    w.first_large = n <= 50000 ? 1 : 0; /* a size above the small table's range is a large one */
    return run_groups(impl, &w, seed, quiet, n);
}
