/* test_cpu_reduce.c - the vectorised, threaded reduce (cpu_reduce.c) against
 * the library's canonical_reduce, bit for bit: every N from 0 to SMALL_N for
 * many lane counts, sizes around the tile, chunk and power-of-two
 * boundaries, N = 10^6, with and without init, plain and hostile data, on
 * T = 1, 2, 3 and 8 threads and with chunks from 1 row upwards (so that
 * small arrays already split into many chunks with a short last one).
 * Prints one line per group and the number of comparisons; exit 1 on any
 * mismatch, and also when a group compared nothing.
 *
 * The data is P4016 LCG data of --seed; --n N makes the large group check
 * that one size instead of 10^6 and 2^20 + 1. --quiet prints only what
 * failed and one verdict. */
#include "common.h"
#include "canonical_cpu.h"
#include "cpu_reduce.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SMALL_N 300
#define BIG_N 1000000

static const unsigned lane_cases[] = { 1, 2, 3, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 64, 100, 128, 129, 200, 256, 300 };
static const unsigned thread_cases[] = { 1, 2, 3, 8 };
static const struct {
    int has_init;
    double init;
} init_cases[] = { { 0, 0.0 }, { 1, 0.5 }, { 1, -0.0 } };

#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
    uint64_t compared, failed;
} tally;

static int quiet = 0; /* --quiet: the failing groups and the verdict only */

/* Compares one configuration with the library; prints the first failures. */
static void check(tally *t, const double *x, size_t n, unsigned lanes, unsigned init_case, unsigned threads,
                  int chunk_log2)
{
    const int has_init = init_cases[init_case].has_init;
    const double init = init_cases[init_case].init;
    const double want = canonical_reduce(x, n, lanes, has_init, init);
    const double got = chunk_log2 < 0
                           ? canonical_reduce_threads(x, n, lanes, has_init, init, threads)
                           : canonical_reduce_chunked(x, n, lanes, has_init, init, threads, (unsigned)chunk_log2);
    t->compared++;
    if (double_bits(got) != double_bits(want) && t->failed++ < 10)
        printf("  MISMATCH N = %zu, L = %u, init case %u, T = %u, chunk 2^%d rows: 0x%016" PRIx64
               " instead of 0x%016" PRIx64 "\n",
               n, lanes, init_case, threads, chunk_log2, double_bits(got), double_bits(want));
}

static int report(const char *group, const tally *t)
{
    const int ok = t->compared > 0 && t->failed == 0;
    if (!ok || !quiet)
        printf("%s  %s: %" PRIu64 " comparisons, %" PRIu64 " mismatches\n", ok ? "ok  " : "FAIL", group, t->compared,
               t->failed);
    return ok;
}

/* Every N up to SMALL_N, every lane count, chunks of 1, 2 and 8 rows. */
static int test_small(const double *x)
{
    tally t = { 0, 0 };
    for (size_t n = 0; n <= SMALL_N; n++)
        for (size_t l = 0; l < COUNT(lane_cases); l++)
            for (unsigned i = 0; i < COUNT(init_cases); i++) {
                check(&t, x, n, lane_cases[l], i, 1, -1);
                if (i != n % COUNT(init_cases))
                    continue; /* the threaded runs take one init case in turn (threads cost time) */
                check(&t, x, n, lane_cases[l], i, 3, 0);
                check(&t, x, n, lane_cases[l], i, 2, 1);
                check(&t, x, n, lane_cases[l], i, 8, 3);
            }
    return report("every N <= 300, 20 lane counts, 1 thread and 2..8 threads with 1..8-row chunks", &t);
}

/* Sizes at the boundaries: L - 1, L, L + 1, 8L +- 1, 2^k +- 1, each with
 * the default chunks and with small ones, on every thread count. */
static int test_boundaries(const double *x)
{
    tally t = { 0, 0 };
    for (size_t l = 0; l < COUNT(lane_cases); l++) {
        const size_t lanes = lane_cases[l];
        size_t sizes[64], count = 0;
        const size_t around[] = { lanes - 1, lanes, lanes + 1, 8 * lanes - 1, 8 * lanes + 1, 1000 * lanes + 7 };
        for (size_t k = 0; k < COUNT(around); k++)
            sizes[count++] = around[k];
        for (unsigned k = 10; k <= 17; k += 7) {
            sizes[count++] = ((size_t)1 << k) - 1;
            sizes[count++] = ((size_t)1 << k) + 1;
        }
        for (size_t s = 0; s < count; s++)
            for (size_t th = 0; th < COUNT(thread_cases); th++) {
                check(&t, x, sizes[s], (unsigned)lanes, (unsigned)(s % COUNT(init_cases)), thread_cases[th], -1);
                check(&t, x, sizes[s], (unsigned)lanes, 1, thread_cases[th], 2);
            }
    }
    return report("N = L-1, L, L+1, 8L+-1, 1000L+7, 2^10+-1, 2^17+-1 on T = 1, 2, 3, 8", &t);
}

/* N = 10^6 and 2^20 + 1 for L = 1, 16, 128 (the published sizes); only_n
 * != 0: that size alone. */
static int test_large(const double *x, size_t only_n)
{
    static const unsigned lanes[] = { 1, 16, 128 };
    const size_t sizes[] = { only_n != 0 ? only_n : BIG_N, ((size_t)1 << 20) + 1 };
    const size_t nsizes = only_n != 0 ? 1 : COUNT(sizes);
    tally t = { 0, 0 };
    for (size_t l = 0; l < COUNT(lanes); l++)
        for (size_t s = 0; s < nsizes; s++)
            for (size_t th = 0; th < COUNT(thread_cases); th++)
                check(&t, x, sizes[s], lanes[l], (unsigned)((s + th) % COUNT(init_cases)), thread_cases[th], -1);
    if (only_n == 0)
        return report("N = 10^6 and 2^20+1, L = 1, 16, 128, T = 1, 2, 3, 8", &t);
    char what[96];
    snprintf(what, sizeof what, "N = %zu, L = 1, 16, 128, T = 1, 2, 3, 8", only_n);
    return report(what, &t);
}

int main(int argc, char **argv)
{
    const char *data = "both";
    uint64_t seed = LCG64_DEFAULT_SEED, n = 0;
    const cli_option options[] = {
        { "--data", CLI_CHOICE, &data, "plain, hostile or both (default both)", 0, 0, "plain|hostile|both" },
        { "--seed", CLI_U64, &seed, "LCG seed of the data (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--n", CLI_U64, &n, "the large group at this one size, not 10^6 and 2^20+1", 1, UINT64_C(1) << 26, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the failing groups and the verdict", 0, 0, NULL },
    };
    cli_parse(argc, argv, "The vectorised, threaded canonical reduce against the library, bit for bit.", options,
              COUNT(options));
    size_t big = ((size_t)1 << 20) + 1; /* >= every size above */
    if (n > big)
        big = (size_t)n;
    double *x = alloc_or_exit(big, sizeof(double), "the test data");
    int ok = 1;
    for (int hostile = 0; hostile <= 1; hostile++) {
        if (strcmp(data, "both") != 0 && (strcmp(data, "hostile") == 0) != hostile)
            continue;
        if (!quiet)
            printf("%s data:\n", hostile ? "hostile (+-1e16 overlay)" : "plain P4016");
        p4016_data(seed, hostile, x, big);
        ok &= test_small(x);
        ok &= test_boundaries(x);
        ok &= test_large(x, (size_t)n);
    }
    free(x);
    if (quiet) /* the groups' lines say it otherwise */
        verdict("the threaded reduce equals canonical_reduce bit for bit in every group", ok);
    return exit_status(ok);
}
