/* brent_gpu.c - section 3.3 measured: one fixed tree reduction run by
 * p = 1, 2, 4, ... GPU threads, up to every thread the GPU can hold at once,
 * next to Brent's bound T_p <= W/p + S.
 *
 * Without --bench it only checks, for a few p, that the GPU result equals
 * the CPU's tree bit for bit: the tree (and so the rounding) is fixed, only
 * who computes which addition changes with p. */
#include "common.h"
#include "grid_tree.h"
#include "tree_trace.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The CPU emulation of grid_tree_sum: the same pairs in the same order. */
static double pairwise_tree_sum(const double *x, size_t n, double *scratch)
{
    memcpy(scratch, x, n * sizeof *x);
    for (size_t m = n; m > 1; m = m / 2 + m % 2) {
        for (size_t i = 0; i < m / 2; i++)
            scratch[i] = scratch[2 * i] + scratch[2 * i + 1];
        if (m % 2)
            scratch[m / 2] = scratch[m - 1];
    }
    return scratch[0];
}

static int add_run(grid_tree_run *runs, int count, int blocks, int threads)
{
    memset(&runs[count], 0, sizeof runs[count]);
    runs[count].blocks = blocks;
    runs[count].threads = threads;
    return count + 1;
}

// [listing brent-model]
/* Brent in the machine's units: an addition by one thread costs alpha, a
 * level (its grid-wide barrier) costs beta, so T_p ~ alpha W/p + beta S.
 * alpha and beta come from two measurements, p = 1 and the largest p; every
 * row in between is a prediction. With alpha = beta this is W/p + S. */
typedef struct {
    double alpha_ms, beta_ms;
} brent_units;

static brent_units fit_units(double work, double span, double t1, double p_max, double t_max)
{
    brent_units u;
    u.alpha_ms = (t1 - t_max) / (work * (1.0 - 1.0 / p_max));
    u.beta_ms = (t_max - u.alpha_ms * work / p_max) / span;
    return u;
}
// [end]

static int bench(const double *x, int n, double cpu_sum, int max_reps, const char *dat_path)
{
    grid_tree_limits lim;
    gpu_grid_tree_limits(&lim);
    const int max_blocks = lim.sms * lim.blocks_per_sm;
    grid_tree_run runs[64];
    int count = 0;
    for (int t = 1; t <= GRID_TREE_BLOCK; t *= 2)
        count = add_run(runs, count, 1, t);
    for (int b = 2; b < max_blocks; b *= 2)
        count = add_run(runs, count, b, GRID_TREE_BLOCK);
    if (max_blocks > 1)
        count = add_run(runs, count, max_blocks, GRID_TREE_BLOCK);
    gpu_grid_tree_sweep(x, n, runs, count, 1, max_reps);

    const double work = (double)n - 1.0, span = (double)ceil_log2_u64((uint64_t)n);
    const grid_tree_run *last = &runs[count - 1];
    const double p_max = (double)last->blocks * last->threads;
    const brent_units u = fit_units(work, span, runs[0].ms, p_max, last->ms);
    char device[256], date[32];
    gpu_device_describe(device, sizeof device);
    utc_now(date, sizeof date, "%Y-%m-%d");
    printf("## Brent's bound on the GPU: pairwise tree of n = %d doubles\n\n", n);
    printf("device: %s, %d SMs x %d resident blocks of %d threads; date %s\n", device, lim.sms,
           lim.blocks_per_sm, GRID_TREE_BLOCK, date);
    printf("command: brent_gpu --bench --n %d; W = %.0f additions, S = %.0f levels; CUDA events, "
           "median of up to %d runs after a warm-up\n", n, work, span, max_reps);
    printf("machine units (fitted from p = 1 and p = %.0f): one addition by one thread "
           "alpha = %.3g ns, one level barrier beta = %.3g us (= %.0f additions)\n\n",
           p_max, 1e6 * u.alpha_ms, 1e3 * u.beta_ms, u.beta_ms / u.alpha_ms);
    printf("| p | blocks x threads | reps | median ms | spread | speed-up T_1/T_p "
           "| Brent W/p+S (unit steps) | Brent alpha W/p + beta S |\n"
           "|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    FILE *dat = cli_open_output(dat_path);
    if (dat) {
        fprintf(dat, "# brent_gpu --bench --n %d on %s, %s\n"
                     "# p median_ms spread measured_speedup brent_unit_speedup brent_fitted_speedup\n",
                n, device, date);
    }
    int same = 1;
    for (int i = 0; i < count; i++) {
        const grid_tree_run *r = &runs[i];
        const double p = (double)r->blocks * r->threads;
        const double measured = runs[0].ms / r->ms;
        const double unit = (work + span) / (work / p + span);
        const double fitted = runs[0].ms / (u.alpha_ms * work / p + u.beta_ms * span);
        printf("| %.0f | %d x %d | %d | %.4f | %.1f%% | %.1f | %.1f | %.1f |\n", p, r->blocks,
               r->threads, r->reps, r->ms, 100.0 * r->spread, measured, unit, fitted);
        if (dat)
            fprintf(dat, "%.0f %.6f %.4f %.3f %.3f %.3f\n", p, r->ms, r->spread, measured, unit, fitted);
        same &= doubles_bit_equal(r->sum, cpu_sum);
    }
    if (dat)
        cli_close_output(dat, dat_path);
    printf("\n");
    return verdict("every p gives the CPU tree's sum bit for bit", same);
}

static int check(const double *x, int n, double cpu_sum, int quiet)
{
    grid_tree_limits lim;
    gpu_grid_tree_limits(&lim);
    const int max_blocks = lim.sms * lim.blocks_per_sm;
    grid_tree_run runs[8];
    int count = 0;
    const int one_block[] = { 1, 2, 3, 32, 1000, 1024 };
    for (int i = 0; i < 6; i++)
        count = add_run(runs, count, 1, one_block[i]);
    if (max_blocks >= 2)
        count = add_run(runs, count, 2, GRID_TREE_BLOCK);
    if (max_blocks > 2)
        count = add_run(runs, count, max_blocks, GRID_TREE_BLOCK);
    gpu_grid_tree_sweep(x, n, runs, count, 0, 1);
    int same = 1;
    char a[HEX64_LEN], b[HEX64_LEN];
    if (!quiet)
        printf("CPU tree sum: %.17g (%s)\n", cpu_sum, double_hex(cpu_sum, a));
    for (int i = 0; i < count; i++) {
        const int ok = doubles_bit_equal(runs[i].sum, cpu_sum);
        same &= ok;
        if (!quiet)
            printf("  p = %7d (%4d x %4d): %s %s\n", runs[i].blocks * runs[i].threads, runs[i].blocks,
                   runs[i].threads, double_hex(runs[i].sum, b), ok ? "same bits" : "DIFFERENT");
    }
    return verdict("the GPU tree gives the CPU tree's sum bit for bit for every p", same);
}

int main(int argc, char **argv)
{
    uint64_t n = 0, seed = 1, reps = 51;
    int do_bench = 0, quiet = 0;
    const char *dat = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "values in the tree (default 10007; with --bench 2^20)", 1, GRID_TREE_MAX_N, NULL },
        { "--bench", CLI_FLAG, &do_bench, "time p = 1, 2, 4, ... up to the whole GPU (markdown table)", 0, 0, NULL },
        { "--reps", CLI_U64, &reps, "most timed runs per p (default 51; long runs get fewer, at least 3)", 1, 10000, NULL },
        { "--dat", CLI_STRING, &dat, "with --bench: also write the plot data to this file", 0, 0, NULL },
        { "--seed", CLI_U64, &seed, "random seed of the input (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Section 3.3 on the GPU: one tree reduction run by p threads, measured against Brent's bound.",
              options, sizeof options / sizeof options[0]);
    if (dat && !do_bench) {
        fprintf(stderr, "error: --dat needs --bench\n");
        return EXIT_BAD_INPUT;
    }
    gpu_require_device();
    if (n == 0)
        n = do_bench ? (UINT64_C(1) << 20) : 10007;
    double *x = alloc_or_exit((size_t)n, sizeof *x, "the input");
    double *scratch = alloc_or_exit((size_t)n, sizeof *scratch, "the scratch array");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++)
        x[i] = splitmix64_uniform(&g, -1.0, 1.0);
    const double cpu_sum = pairwise_tree_sum(x, n, scratch);
    const int ok = do_bench ? bench(x, (int)n, cpu_sum, (int)reps, dat) : check(x, (int)n, cpu_sum, quiet);
    free(x);
    free(scratch);
    return exit_status(ok);
}
