/* hostile_sums.c - what the choice of expression does to one sum. For the
 * base and the hostile P4016 data it prints each policy's reduce next to the
 * exact sum, and counts how many different answers the lane counts
 * L = 1..128 give: each is reproducible, none is "the" sum. --quiet prints
 * only the verdict, and any result outside the error bound. */
#include "common.h"
#include "canonical_cpu.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

// [listing exact-sum]
/* Every element of the data set is a multiple of 2^-52 (the LCG values are
 * k / 2^52, and adding 1e16 rounds to a multiple of 2) and below 2^55 in
 * magnitude. So a 128-bit integer count of 2^-52 units holds the sum of up to
 * 2^24 of them exactly, and one rounding at the end gives the correctly
 * rounded sum. With absolute != 0 it sums |x[i]| instead. */
static double exact_sum(const double *x, size_t n, int absolute)
{
    __int128 units = 0; /* GCC extension, host only */
    for (size_t i = 0; i < n; i++)
        units += (__int128)ldexp(absolute ? fabs(x[i]) : x[i], 52); /* an exact integer */
    return ldexp((double)units, -52);
}
// [end]

static int cmp_bits(const void *a, const void *b)
{
    const uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* How many different bit patterns the lane counts 1..lanes_max produce. */
static size_t distinct_over_lanes(const double *x, size_t n, unsigned lanes_max)
{
    uint64_t bits[1024];
    for (unsigned l = 1; l <= lanes_max; l++)
        bits[l - 1] = double_bits(canonical_reduce(x, n, l, 0, 0.0));
    qsort(bits, lanes_max, sizeof bits[0], cmp_bits);
    size_t distinct = 1;
    for (unsigned k = 1; k < lanes_max; k++)
        distinct += bits[k] != bits[k - 1];
    return distinct;
}

/* Prints one result (quiet: only one outside the bound, with its data set);
 * returns whether it lies within the worst-case bound of any summation
 * order, (n - 1) u sum |x_i| with u = 2^-53. */
static int show(const char *name, double value, double exact, double bound, int quiet, const char *data)
{
    char hex[HEX64_LEN];
    const int within = fabs(value - exact) <= bound;
    if (!quiet)
        printf("  %-22s %-24.17g %s  error %.3g\n", name, value, double_hex(value, hex), value - exact);
    else if (!within)
        printf("  MISMATCH %s data, %s: %.17g, error %.3g beyond the bound %.3g\n", data, name, value, value - exact,
               bound);
    return within;
}

int main(int argc, char **argv)
{
    uint64_t n = 1000000, seed = LCG64_DEFAULT_SEED;
    int quiet = 0;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements (default 1000000)", 8, UINT64_C(1) << 24, NULL },
        { "--seed", CLI_U64, &seed, "LCG seed, hex or decimal (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict (and any result outside the bound)", 0, 0, NULL },
    };
    cli_parse(argc, argv, "One sum, many expressions: policies and lane counts on base and hostile data.", options,
              sizeof options / sizeof options[0]);
    double *x = alloc_or_exit(n, sizeof(double), "the data set");
    int ok = 1;
    for (int hostile = 0; hostile <= 1; hostile++) {
        p4016_data(seed, hostile, x, n);
        const double exact = exact_sum(x, n, 0);
        const double bound = (double)(n - 1) * ldexp(1.0, -53) * exact_sum(x, n, 1) * (1 + 1e-12);
        const char *data = hostile ? "hostile" : "base";
        char hex[HEX64_LEN];
        if (!quiet) {
            printf("%s data, N = %" PRIu64 "\n", data, n);
            printf("  %-22s %-24.17g %s\n", "exact sum (rounded)", exact, double_hex(exact, hex));
            printf("  %-22s %.3g\n", "error bound", bound);
        }
        ok &= show("left_fold", left_fold_reduce(x, n, 0, 0.0), exact, bound, quiet, data);
        ok &= show("iterated_pairwise", iterated_pairwise_reduce(x, n, 0, 0.0), exact, bound, quiet, data);
        ok &= show("block_dyadic<256>", block_dyadic_reduce(x, n, 256, 0, 0.0), exact, bound, quiet, data);
        ok &= show("canonical L = 16", canonical_reduce(x, n, 16, 0, 0.0), exact, bound, quiet, data);
        ok &= show("canonical L = 128", canonical_reduce(x, n, 128, 0, 0.0), exact, bound, quiet, data);
        if (!quiet) { /* the count is a fact about the data, not a check */
            const size_t distinct = distinct_over_lanes(x, n, 128);
            printf("  lane counts L = 1..128 give %zu different results\n\n", distinct);
        }
    }

    free(x);
    return exit_status(verdict("every result lies within (n-1) u sum|x| of the exact sum", ok));
}
