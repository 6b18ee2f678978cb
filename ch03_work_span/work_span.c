/* work_span.c - section 3.1: work and span of two ways to add 1..n.
 *
 * The sequential sum is one unbroken chain of additions (span = work = n);
 * the pairwise tree does n - 1 additions in ceil(log2 n) levels. On the GPU
 * the same two shapes run as a one-thread chain and a one-block tree.
 * --on emu runs those two kernels' own source on the CPU emulator
 * (common/emulator/) instead of the GPU: the same sums, the same checks.
 * --bench times both shapes, on the CPU (where the tree is NOT faster: one
 * processor cannot use the independence the tree creates) and on the GPU. */
#include "common.h"
#include "sum_shapes.h"
#include "tree_trace.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

// [listing sequential-sum]
/* Every addition needs the previous running total: one link per element. */
typedef struct {
    long long work, span, sum;
} chain_count;

static chain_count sequential_sum(const long long *x, size_t n)
{
    chain_count c = { 0, 0, 0 };
    long long acc = 0;
    for (size_t i = 0; i < n; i++) {
        acc = acc + x[i]; /* waits for the acc of the step before */
        c.work++;
        c.span++;
    }
    c.sum = acc;
    return c;
}
// [end]

/* --on emu: the kernels run on the CPU emulator, and the reports say so. */
static int emulated = 0;

/* The one-thread chain and the one-block tree of 1024 threads, on the GPU or
 * on the emulator; an error the emulator reports (stderr) ends the run. */
static void device_sums(const long long *x, size_t n, long long *chain, long long *tree)
{
    if (!emulated) {
        *chain = gpu_chain_sum_one_thread(x, n);
        *tree = gpu_tree_sum_one_block(x, n, 1024);
        return;
    }
    fflush(stdout); /* the emulator's error line goes to stderr: keep the order */
    if (emu_chain_sum_one_thread(x, n, chain) != 0 || emu_tree_sum_one_block(x, n, 1024, tree) != 0) {
        verdict("the emulator ran the kernels without an error", 0);
        exit(EXIT_MISMATCH);
    }
}

static volatile long long sink; /* keeps timed sums from being optimised away */

static void fill_ascending(long long *x, size_t n)
{
    for (size_t i = 0; i < n; i++)
        x[i] = (long long)i + 1;
}

/* Sizes 2, 4, 8, ... up to max_n, and max_n itself if it is no power of two. */
static size_t next_size(size_t n, size_t max_n)
{
    if (n >= max_n)
        return 0;
    return 2 * n > max_n ? max_n : 2 * n;
}

static int run_table(size_t max_n, run_on where, int quiet, long long *x, long long *scratch)
{
    int sums_agree = 1, span_is_log = 1, counts_right = 1, gpu_agrees = 1;
    if (!quiet)
        printf("%8s  %10s  %10s  %10s  %10s  %12s  %s\n", "n", "seq work", "seq span", "tree work", "tree span",
               "ceil(log2 n)", "same sum");
    for (size_t n = 2; n != 0; n = next_size(n, max_n)) {
        fill_ascending(x, n);
        const chain_count seq = sequential_sum(x, n);
        tree_trace tree;
        tree_sum_traced(x, n, scratch, &tree);
        const int expected_span = ceil_log2_u64(n);
        const int same = seq.sum == tree.sum;
        sums_agree &= same;
        span_is_log &= tree.span == expected_span;
        counts_right &= seq.work == (long long)n && seq.span == (long long)n && tree.work == (long long)n - 1;
        if (!quiet)
            printf("%8zu  %10lld  %10lld  %10lld  %10d  %12d  %s\n", n, seq.work, seq.span, tree.work, tree.span,
                   expected_span, same ? "yes" : "NO");
        if (where & (RUN_GPU | RUN_EMU)) {
            long long chain, block;
            device_sums(x, n, &chain, &block);
            if (chain != seq.sum || block != seq.sum) {
                printf("  %s n = %zu: chain %lld, tree %lld, CPU %lld\n", emulated ? "emulator" : "GPU", n, chain,
                       block, seq.sum);
                gpu_agrees = 0;
            }
        }
    }
    if (!quiet)
        printf("\nsequential: n additions (the first adds x[0] to 0), span n;\n"
               "tree: n - 1 additions, span = number of levels = ceil(log2 n).\n\n");
    int ok = verdict("sequential and tree sums agree for every n", sums_agree);
    ok &= verdict("work and span counts are n, n (sequential) and n - 1 (tree)", counts_right);
    ok &= verdict("tree span equals ceil(log2 n) for every n", span_is_log);
    if (where & (RUN_GPU | RUN_EMU))
        ok &= verdict(emulated ? "emulated one-thread chain and one-block tree equal the CPU sum for every n"
                               : "GPU one-thread chain and one-block tree equal the CPU sum for every n",
                      gpu_agrees);
    return ok;
}

// [listing cpu-bench]
/* One processor: the tree does one addition fewer, but it writes every
 * level back to memory and walks the data log2(n) times. */
static void bench_cpu(size_t n, int reps, long long *x, long long *scratch, double *seq_ms, double *tree_ms)
{
    double *t_seq = alloc_or_exit((size_t)reps, sizeof *t_seq, "the sequential timings");
    double *t_tree = alloc_or_exit((size_t)reps, sizeof *t_tree, "the tree timings");
    for (int r = 0; r < reps; r++) {
        double t0 = host_seconds();
        sink = sequential_sum(x, n).sum;
        double t1 = host_seconds();
        tree_trace tree;
        tree_sum_traced(x, n, scratch, &tree);
        double t2 = host_seconds();
        sink = tree.sum;
        t_seq[r] = 1e3 * (t1 - t0);
        t_tree[r] = 1e3 * (t2 - t1);
    }
    *seq_ms = median_of(t_seq, (size_t)reps);
    *tree_ms = median_of(t_tree, (size_t)reps);
    free(t_seq);
    free(t_tree);
}
// [end]

static int run_bench(size_t max_n, run_on where, int reps, uint64_t seed, long long *x, long long *scratch)
{
    splitmix64 g = { seed };
    for (size_t i = 0; i < max_n; i++)
        x[i] = 1 + (long long)splitmix64_below(&g, 100); /* random, never zero */
    printf("## CPU, one processor: sequential loop vs pairwise tree (median of %d)\n\n", reps);
    printf("| n | sequential ms | tree ms | tree / sequential |\n|---:|---:|---:|---:|\n");
    for (size_t n = 1024; n != 0 && n <= max_n; n = next_size(n, max_n)) {
        double s, t;
        bench_cpu(n, reps, x, scratch, &s, &t);
        printf("| %zu | %.4f | %.4f | %.2f |\n", n, s, t, t / s);
    }
    printf("\n");
    int ok = 1;
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("## GPU (%s): one-thread chain vs one-block tree (1024 threads), median of %d, "
               "CUDA events\n\n",
               device, reps);
        printf("| n | chain ms | spread | tree ms | spread | chain / tree |\n"
               "|---:|---:|---:|---:|---:|---:|\n");
        for (size_t n = 1024; n != 0 && n <= max_n; n = next_size(n, max_n)) {
            sum_shapes_timing tm;
            gpu_sum_shapes_time(x, n, reps, &tm);
            printf("| %zu | %.4f | %.1f%% | %.4f | %.1f%% | %.1f |\n", n, tm.chain_ms, 100.0 * tm.chain_spread,
                   tm.tree_ms, 100.0 * tm.tree_spread, tm.chain_ms / tm.tree_ms);
        }
        printf("\n(tree times include restoring its input, a device-to-device copy of n values)\n\n");
        const long long ref = sequential_sum(x, max_n).sum;
        ok = verdict("GPU chain and tree sums of the largest bench input equal the CPU",
                     gpu_chain_sum_one_thread(x, max_n) == ref && gpu_tree_sum_one_block(x, max_n, 1024) == ref);
    } else {
        printf("GPU path not run (--on cpu or no CUDA device)\n");
    }
    tree_trace tree;
    tree_sum_traced(x, max_n, scratch, &tree);
    ok &= verdict("CPU tree sum of the largest bench input equals the sequential sum",
                  tree.sum == sequential_sum(x, max_n).sum);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t max_n = 0, reps = 11, seed = 1;
    int bench = 0, quiet = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &max_n, "largest n (default 1024; with --bench 2^22)", 2, SUM_SHAPES_MAX_N, NULL },
        CLI_OPTION_ON_EMU(&on),
        { "--bench", CLI_FLAG, &bench, "time both shapes for n = 1024 ... --n (random values)", 0, 0, NULL },
        { "--reps", CLI_U64, &reps, "timed repetitions per size with --bench (default 11)", 1, 1000, NULL },
        { "--seed", CLI_U64, &seed, "random seed of the --bench input (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv, "Section 3.1: work and span of the sequential sum and the pairwise tree sum of 1..n.",
              options, sizeof options / sizeof options[0]);
    if (max_n == 0)
        max_n = bench ? (UINT64_C(1) << 22) : 1024;
    if (bench)
        cli_no_emu(on, "--bench times the kernels, and the emulator does not model time");
    const run_on where = cli_resolve_on(on);
    emulated = where == RUN_EMU;

    long long *x = alloc_or_exit((size_t)max_n, sizeof *x, "the values");
    long long *scratch = alloc_or_exit((size_t)max_n, sizeof *scratch, "the scratch array");
    int ok;
    if (bench) {
        ok = run_bench((size_t)max_n, where, (int)reps, seed, x, scratch);
    } else {
        if (!quiet)
            printf("Section 3.1: work and span of adding 1..n, sequentially and as a tree\n\n");
        if (emulated && !quiet)
            printf("(the kernels' own source on the CPU emulator, common/emulator/: --on emu)\n\n");
        else if (!(where & RUN_GPU) && !quiet)
            printf("(CPU only: --on cpu, or no CUDA device)\n\n");
        ok = run_table((size_t)max_n, where, quiet, x, scratch);
    }
    free(x);
    free(scratch);
    return exit_status(ok);
}
