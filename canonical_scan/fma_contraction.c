/* fma_contraction.c - the trap of -ffp-contract: the same source line
 * y = w * x + c, compiled once with contraction off (the project's flags)
 * and once with -ffp-contract=fast, gives different bits. Each variant is
 * compared with the expression as written, two roundings: the product
 * rounded to a double, then the sum. --variant separate passes; --variant
 * fused is the trap and fails. */
#include "common.h"
#include "canonical_cpu.h"
#include "multiply_add.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The expression as the source writes it: round(round(w * x) + c). The
 * volatile store forces the product to be rounded to a double first. */
static double two_roundings(double w, double x, double c)
{
    volatile double product = w * x;
    return product + c;
}

int main(int argc, char **argv)
{
    uint64_t n = 100000, seed = LCG64_DEFAULT_SEED;
    const char *variant = "separate";
    int quiet = 0;
    const cli_option options[] = {
        { "--variant", CLI_CHOICE, &variant, "which build of w * x + c to check (default separate)", 0, 0,
          "separate|fused" },
        { "--n", CLI_U64, &n, "number of elements (default 100000)", 1, UINT64_C(1) << 26, NULL },
        { "--seed", CLI_U64, &seed, "LCG seed of w, x and c (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv, "y = w * x + c built with contraction off and with -ffp-contract=fast, bit by bit.", options,
              sizeof options / sizeof options[0]);
    const int fused = strcmp(variant, "fused") == 0;
    double *w = alloc_or_exit(3 * n, sizeof *w, "the data"), *x = w + n, *c = w + 2 * n;
    double *y = alloc_or_exit(n, sizeof *y, "the results");
    p4016_data(seed, 0, w, 3 * n);
    for (size_t i = 0; i < n; i++)
        c[i] = -c[i]; /* c of the opposite sign: the product's rounding error shows */
    (fused ? multiply_add_fused : multiply_add_separate)(w, x, c, y, n);
    size_t differ = 0, as_fma = 0;
    for (size_t i = 0; i < n; i++) {
        differ += !doubles_bit_equal(y[i], two_roundings(w[i], x[i], c[i]));
        as_fma += doubles_bit_equal(y[i], fma(w[i], x[i], c[i]));
    }
    const double sum = fused ? weighted_sum_fused(w, x, n) : weighted_sum_separate(w, x, n);
    double want = 0.0;
    for (size_t i = 0; i < n; i++)
        want = two_roundings(w[i], x[i], want);
    char hex_a[HEX64_LEN], hex_b[HEX64_LEN];
    if (!quiet) {
        printf("y[i] = w[i] * x[i] + c[i], N = %llu, built %s\n", (unsigned long long)n,
               fused ? "with -ffp-contract=fast (the compiler may fuse)" : "with -ffp-contract=off");
        printf("  elements that differ from round(round(w*x) + c): %zu of %llu\n", differ, (unsigned long long)n);
        printf("  elements equal to fma(w, x, c), one rounding:    %zu of %llu\n", as_fma, (unsigned long long)n);
        printf("  weighted sum  %s   (two roundings per term: %s)\n", double_hex(sum, hex_a), double_hex(want, hex_b));
    }
    int ok = verdict("every element is the expression as written, two roundings", differ == 0);
    ok &= verdict("the weighted sum has the bits of the expression as written", doubles_bit_equal(sum, want));
    free(w);
    free(y);
    return exit_status(ok);
}
