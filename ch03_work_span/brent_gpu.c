/* brent_gpu.c - section 3.3 measured: one fixed tree reduction run by
 * p = 1, 2, 4, ... GPU threads, up to every thread the GPU can hold at once,
 * next to Brent's bound T_p <= W/p + S.
 *
 * Without --bench it only checks, for a few p, that the GPU result equals
 * the CPU's tree bit for bit: the tree (and so the rounding) is fixed, only
 * who computes which addition changes with p.
 * --on emu runs the kernel's own source on the CPU emulator (common/emulator/)
 * for the p that one block holds (1 to 1024), where the grid's barrier is the
 * block's; the p of several blocks need a GPU: the emulator runs blocks one
 * after another, and a barrier across them would wait for blocks not started.
 * --schedule P needs no GPU: it replays the kernel's schedule on the CPU and
 * prints which thread adds which pair in which step (--svg: as a picture).
 * --p-equals-span commits a trap: it takes p = S threads, as if the span
 * counted additions, and expects the tree to finish in S steps. */
#include "brent_schedule.h"
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
    printf("device: %s, %d SMs x %d resident blocks of %d threads; date %s\n", device, lim.sms, lim.blocks_per_sm,
           GRID_TREE_BLOCK, date);
    printf("command: brent_gpu --bench --n %d; W = %.0f additions, S = %.0f levels; CUDA events, "
           "median of up to %d runs after a warm-up\n",
           n, work, span, max_reps);
    printf("machine units (fitted from p = 1 and p = %.0f): one addition by one thread "
           "alpha = %.3g ns, one level barrier beta = %.3g us (= %.0f additions)\n\n",
           p_max, 1e6 * u.alpha_ms, 1e3 * u.beta_ms, u.beta_ms / u.alpha_ms);
    printf("| p | blocks x threads | reps | median ms | spread | speed-up T_1/T_p "
           "| Brent W/p+S (unit steps) | Brent alpha W/p + beta S |\n"
           "|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    FILE *dat = cli_open_output(dat_path);
    if (dat) {
        fprintf(dat,
                "# brent_gpu --bench --n %d on %s, %s\n"
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
        printf("| %.0f | %d x %d | %d | %.4f | %.1f%% | %.1f | %.1f | %.1f |\n", p, r->blocks, r->threads, r->reps,
               r->ms, 100.0 * r->spread, measured, unit, fitted);
        if (dat)
            fprintf(dat, "%.0f %.6f %.4f %.3f %.3f %.3f\n", p, r->ms, r->spread, measured, unit, fitted);
        same &= doubles_bit_equal(r->sum, cpu_sum);
    }
    if (dat)
        cli_close_output(dat, dat_path);
    printf("\n");
    return verdict("every p gives the CPU tree's sum bit for bit", same);
}

/* --on emu: the kernel on the CPU emulator, one block of p threads for each
 * p of check() that one block holds. */
static int check_emulated(const double *x, int n, double cpu_sum, int quiet)
{
    const int one_block[] = { 1, 2, 3, 32, 1000, 1024 };
    int same = 1;
    char a[HEX64_LEN], b[HEX64_LEN];
    if (!quiet)
        printf("(the kernel's own source on the CPU emulator, common/emulator/: --on emu)\n"
               "CPU tree sum: %.17g (%s)\n",
               cpu_sum, double_hex(cpu_sum, a));
    for (int i = 0; i < 6; i++) {
        double sum = 0.0;
        fflush(stdout); /* the emulator's error line goes to stderr: keep the order */
        if (emu_grid_tree_one_block(x, n, one_block[i], &sum) != 0) {
            verdict("the emulator ran the kernel without an error", 0);
            exit(EXIT_MISMATCH);
        }
        const int ok = doubles_bit_equal(sum, cpu_sum);
        same &= ok;
        if (!quiet)
            printf("  p = %7d (%4d x %4d): %s %s\n", one_block[i], 1, one_block[i], double_hex(sum, b),
                   ok ? "same bits" : "DIFFERENT");
    }
    if (!quiet)
        printf("  p > %d (several blocks): not emulated; grid.sync() across blocks needs them all\n"
               "  resident at once, and the emulator runs one block after another\n",
               GRID_TREE_BLOCK);
    return verdict("the emulated tree gives the CPU tree's sum bit for bit for every p of one block", same);
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
            printf("  p = %7d (%4d x %4d): %s %s\n", runs[i].blocks * runs[i].threads, runs[i].blocks, runs[i].threads,
                   double_hex(runs[i].sum, b), ok ? "same bits" : "DIFFERENT");
    }
    return verdict("the GPU tree gives the CPU tree's sum bit for bit for every p", same);
}

static void print_schedule_levels(const brent_schedule *s)
{
    printf("%5s  %8s  %21s\n", "level", "pairs", "steps = ceil(pairs/p)");
    for (int k = 0; k < s->levels; k++)
        printf("%5d  %8lld  %21lld\n", k, s->pairs[k], s->steps[k]);
    printf("T_p = %lld steps; Brent's bound W/p + S = %.3f; the best time S = %d needs p >= %lld "
           "(the widest level)\n\n",
           s->total_steps, (double)s->work / (double)s->p + s->levels, s->levels, s->widest);
}

/* --schedule: the kernel's schedule on the CPU, checked against Brent. */
static int run_schedule(const double *x, long long n, long long p, int p_equals_span, int svg, double cpu_sum,
                        double *scratch)
{
    brent_schedule s;
    if (p_equals_span)
        p = ceil_log2_u64((uint64_t)n) > 0 ? ceil_log2_u64((uint64_t)n) : 1;
    brent_schedule_build(n, p, &s);
    if (svg) {
        if (brent_schedule_svg(stdout, &s))
            return EXIT_PASS;
        fprintf(stderr,
                "error: --svg draws at most n = %d, p = %d and %d steps; got n = %lld, p = %lld, "
                "%lld steps\n",
                BRENT_TABLE_MAX_N, BRENT_TABLE_MAX_P, BRENT_SVG_MAX_STEPS, n, p, s.total_steps);
        return EXIT_BAD_INPUT;
    }
    printf("Brent's schedule of grid_tree_sum: thread g of p adds the pairs g, g + p, ... of each level\n");
    printf("n = %lld values, p = %lld threads%s: W = %lld additions, S = %d levels\n\n", n, p,
           p_equals_span ? " (p = S: the trap)" : "", s.work, s.levels);
    print_schedule_levels(&s);
    if (n <= BRENT_TABLE_MAX_N && p <= BRENT_TABLE_MAX_P) {
        brent_schedule_print_steps(&s);
        printf("\n");
    }
    const double replayed = brent_schedule_replay(&s, x, scratch);
    int ok = verdict("the additions in schedule order give the CPU tree's sum bit for bit",
                     doubles_bit_equal(replayed, cpu_sum));
    char what[160];
    snprintf(what, sizeof what, "T_p = %lld <= W/p + S = %.3f (Brent's bound)", s.total_steps,
             (double)s.work / (double)p + s.levels);
    ok &= verdict(what, (double)s.total_steps <= (double)s.work / (double)p + s.levels);
    if (p_equals_span || p >= s.widest) {
        snprintf(what, sizeof what, "p = %lld threads finish in S = %d steps (the best time)", p, s.levels);
        ok &= verdict(what, s.total_steps == s.levels);
    }
    return exit_status(ok);
}

int main(int argc, char **argv)
{
    uint64_t n = 0, seed = 1, reps = 51, schedule = 0;
    int do_bench = 0, quiet = 0, p_equals_span = 0, svg = 0;
    const char *dat = NULL, *on = "gpu";
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "values in the tree (default 10007; with --bench 2^20)", 1, GRID_TREE_MAX_N, NULL },
        { "--bench", CLI_FLAG, &do_bench, "time p = 1, 2, 4, ... up to the whole GPU (markdown table)", 0, 0, NULL },
        { "--reps", CLI_U64, &reps, "most timed runs per p (default 51; long runs get fewer, at least 3)", 1, 10000,
          NULL },
        { "--dat", CLI_STRING, &dat, "with --bench: also write the plot data to this file", 0, 0, NULL },
        { "--schedule", CLI_U64, &schedule, "CPU only: replay the kernel's schedule on P threads (default n = 13)", 1,
          UINT64_C(1) << 31, NULL },
        { "--p-equals-span", CLI_FLAG, &p_equals_span, "the trap: schedule on p = S threads and expect S steps", 0, 0,
          NULL },
        { "--svg", CLI_FLAG, &svg, "with --schedule: draw the schedule as SVG (n <= 64, p <= 8)", 0, 0, NULL },
        { "--seed", CLI_U64, &seed, "random seed of the input (default 1)", 0, UINT64_MAX, NULL },
        { "--on", CLI_CHOICE, &on, "where the check runs (default gpu; emu: the p of one block on the CPU emulator)", 0,
          0, "gpu|emu" },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Section 3.3 on the GPU: one tree reduction run by p threads, measured against Brent's bound.", options,
              sizeof options / sizeof options[0]);
    if (dat && !do_bench)
        cli_refuse("--dat needs --bench");
    const int scheduling = schedule != 0 || p_equals_span;
    if ((svg && !scheduling) || (scheduling && (do_bench || dat)))
        cli_refuse("--svg needs --schedule; --schedule and --p-equals-span run without --bench");
    const int emulated = strcmp(on, "emu") == 0;
    if (emulated && do_bench)
        cli_no_emu(on, "--bench times the kernel, and the emulator does not model time");
    if (cli_given("--on") && scheduling)
        cli_refuse("--schedule and --p-equals-span replay the schedule on the CPU; use them without --on");
    if (!scheduling && !emulated)
        gpu_require_device();
    if (n == 0)
        n = scheduling ? 13 : (do_bench ? (UINT64_C(1) << 20) : 10007);
    double *x = alloc_or_exit((size_t)n, sizeof *x, "the input");
    double *scratch = alloc_or_exit((size_t)n, sizeof *scratch, "the scratch array");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++)
        x[i] = splitmix64_uniform(&g, -1.0, 1.0);
    const double cpu_sum = pairwise_tree_sum(x, n, scratch);
    int status;
    if (scheduling)
        status = run_schedule(x, (long long)n, (long long)schedule, p_equals_span, svg, cpu_sum, scratch);
    else
        status = exit_status(do_bench   ? bench(x, (int)n, cpu_sum, (int)reps, dat)
                             : emulated ? check_emulated(x, (int)n, cpu_sum, quiet)
                                        : check(x, (int)n, cpu_sum, quiet));
    free(x);
    free(scratch);
    return status;
}
