/* block_trace.c - section 3.2: a block-sized tree reduction, level by level.
 *
 * The CPU prints the trace of the pairwise tree (values before, additions,
 * values after, odd carry) for N = 1024 and N = 1000. The GPU runs the same
 * tree in shared memory with one thread per value and records per level how
 * many threads added and how many __syncthreads() barriers ran; the host
 * checks the trace it recorded against the CPU's and prints only where the
 * two differ (--gpu-table prints the whole GPU record).
 * --missing-barrier leaves out the barrier between levels: a data race. On
 * the GPU it runs in many blocks at once; with --on cpu one block is replayed
 * in one order its warps may run in (--replay-warps, block_replay.h), which
 * shows which level of which warp read a value before it was written.
 * --on emu runs the kernel's own source on the CPU emulator instead of the
 * GPU (common/emulator/): the same trace, and with --missing-barrier the
 * race reported at its lines.
 * --svg and --dot draw the CPU trace as a figure (tree_figures.h).
 * The values are 1..N; --seed S makes them random integers in [1, 1000]
 * instead, for every run above (the levels stay the same, the sums do not). */
#include "block_replay.h"
#include "block_trace.h"
#include "common.h"
#include "tree_figures.h"
#include "tree_trace.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(BLOCK_REPLAY_MAX_N == BLOCK_TRACE_MAX_N, "the CPU replay takes every N the GPU block does");

static long long reference_sum(const long long *x, size_t n)
{
    long long s = 0;
    for (size_t i = 0; i < n; i++)
        s += x[i];
    return s;
}

#define RANDOM_VALUE_MAX 1000

/* --on emu: the kernel runs on the CPU emulator, and the reports say so. */
static int emulated = 0;
static const char *recorder = "GPU";

/* The traced kernel, on the GPU or on the emulator; an error the emulator
 * reports (a race, for one) ends the run. */
static void block_tree_traced(const long long *x, int n, int missing_barrier, int trials, gpu_block_trace *out)
{
    if (!emulated) {
        gpu_block_tree_traced(x, n, missing_barrier, trials, out);
        return;
    }
    fflush(stdout); /* the emulator's error line goes to stderr: keep the order */
    if (emu_block_tree_traced(x, n, missing_barrier, trials, out) != 0) {
        verdict("the emulator ran the kernel without an error", 0);
        exit(EXIT_MISMATCH);
    }
}

/* --seed: the seed of the random values; NULL: the values are 1..N. */
static const uint64_t *value_seed = NULL;

/* 1..n, or with --seed random values in [1, RANDOM_VALUE_MAX]: never 0, so
 * a value lost or added twice always changes the sum. */
static void fill_values(long long *x, size_t n)
{
    splitmix64 g = { value_seed != NULL ? *value_seed : 0 };
    for (size_t i = 0; i < n; i++)
        x[i] = value_seed != NULL ? 1 + (long long)splitmix64_below(&g, RANDOM_VALUE_MAX) : (long long)i + 1;
}

static void print_cpu_trace(const tree_trace *t)
{
    printf("  %5s  %15s  %9s  %14s  %s\n", "level", "elements before", "additions", "elements after", "odd carry");
    for (int k = 0; k < t->span; k++) {
        const tree_level *lv = &t->level[k];
        printf("  %5d  %15lld  %9lld  %14lld  %s\n", k, lv->elements_before, lv->additions, lv->elements_after,
               lv->odd_carry ? "yes" : "no");
    }
    printf("  span (levels) = %d, work (additions) = %lld, levels with an odd carry = %d\n", t->span, t->work,
           tree_odd_carry_levels(t));
}

static void print_gpu_trace(const gpu_block_trace *g)
{
    printf("  %5s  %15s  %13s  %14s  %9s  %8s\n", "level", "elements before", "threads added", "elements after",
           "odd carry", "barriers");
    unsigned barriers = 0;
    for (unsigned k = 0; k < g->levels && k < BLOCK_TRACE_MAX_LEVELS; k++) {
        printf("  %5u  %15u  %13u  %14u  %9s  %8u\n", k, g->elements_before[k], g->additions[k], g->elements_after[k],
               g->odd_carry[k] ? "yes" : "no", g->barriers[k]);
        barriers += g->barriers[k];
    }
    printf("  levels = %u, __syncthreads() barriers = %u, sum = %lld\n", g->levels, barriers, g->sum);
}

// [listing trace-compare]
/* The GPU's record must be the CPU's tree, level for level, with exactly one
 * barrier before each level; no barrier at all when there is no level. */
static int gpu_trace_matches(const gpu_block_trace *g, const tree_trace *t)
{
    if (g->levels != (unsigned)t->span || t->span > BLOCK_TRACE_MAX_LEVELS)
        return 0;
    for (int k = 0; k < BLOCK_TRACE_MAX_LEVELS; k++) {
        if (k >= t->span) { /* nothing may be recorded past the last level */
            if (g->additions[k] || g->barriers[k] || g->elements_before[k])
                return 0;
            continue;
        }
        const tree_level *lv = &t->level[k];
        if (g->elements_before[k] != (unsigned)lv->elements_before || g->additions[k] != (unsigned)lv->additions ||
            g->elements_after[k] != (unsigned)lv->elements_after || g->odd_carry[k] != (unsigned)lv->odd_carry ||
            g->barriers[k] != 1)
            return 0;
    }
    return g->sum == t->sum;
}
// [end]

/* Prints every level where the GPU's record differs from the CPU trace, then
 * one line that sums up the GPU record: the CPU table is not repeated. */
static void print_gpu_differences(const gpu_block_trace *g, const tree_trace *t, int threads)
{
    int differ = 0;
    unsigned barriers = 0;
    for (int k = 0; k < BLOCK_TRACE_MAX_LEVELS; k++) {
        barriers += g->barriers[k];
        const tree_level none = { 0, 0, 0, 0 };
        const tree_level *lv = k < t->span ? &t->level[k] : &none;
        const unsigned want_barriers = k < t->span;
        if (g->elements_before[k] == (unsigned)lv->elements_before && g->additions[k] == (unsigned)lv->additions &&
            g->elements_after[k] == (unsigned)lv->elements_after && g->odd_carry[k] == (unsigned)lv->odd_carry &&
            g->barriers[k] == want_barriers)
            continue;
        printf("  level %2d differs: CPU %lld values, %lld additions, carry %d, 1 barrier;"
               " %s %u values, %u threads added, carry %u, %u barriers\n",
               k, lv->elements_before, lv->additions, lv->odd_carry, recorder, g->elements_before[k], g->additions[k],
               g->odd_carry[k], g->barriers[k]);
        differ++;
    }
    if (differ == 0 && g->levels == (unsigned)t->span && g->sum == t->sum)
        printf("  %s trace (one block of %d threads): identical to the CPU trace above, level for\n"
               "  level, with one __syncthreads() before each level: %u barriers, sum %lld\n",
               recorder, threads, barriers, g->sum);
    else
        printf("  %s trace (one block of %d threads): %d levels differ from the CPU trace;"
               " %s levels %u, barriers %u, sum %lld\n",
               recorder, threads, differ, recorder, g->levels, barriers, g->sum);
}

static int trace_one(int n, run_on where, int quiet, int gpu_table, long long *x, long long *scratch)
{
    fill_values(x, (size_t)n);
    tree_trace t;
    tree_sum_traced(x, (size_t)n, scratch, &t);
    const long long ref = reference_sum(x, (size_t)n);
    if (!quiet) {
        if (value_seed != NULL)
            printf("N = %d, random values in [1, %d] (seed %" PRIu64 "), CPU trace:\n", n, RANDOM_VALUE_MAX,
                   *value_seed);
        else
            printf("N = %d, values 1..%d, CPU trace:\n", n, n);
        print_cpu_trace(&t);
        printf("  tree sum %lld, reference sum %lld: %s\n", t.sum, ref, t.sum == ref ? "equal" : "DIFFERENT");
        printf("  a block that runs this tree needs one __syncthreads() before each level:\n"
               "  %d barriers (the span), not %lld (the work)\n\n",
               t.span, t.work);
    }
    char what[160];
    snprintf(what, sizeof what, "N = %d: tree sum equals the reference, span = ceil(log2 N) = %d", n,
             ceil_log2_u64((uint64_t)n));
    int ok = verdict(what, t.sum == ref && t.span == ceil_log2_u64((uint64_t)n) && t.work == (long long)n - 1);
    if (where & (RUN_GPU | RUN_EMU)) {
        gpu_block_trace g;
        block_tree_traced(x, n, 0, 1, &g);
        const int threads = (n + 31) / 32 * 32;
        if (!quiet && gpu_table) {
            printf("N = %d, trace recorded by the %s (one block of %d threads):\n", n, recorder, threads);
            print_gpu_trace(&g);
            printf("\n");
        } else if (!quiet) {
            print_gpu_differences(&g, &t, threads);
            printf("\n");
        }
        snprintf(what, sizeof what, "N = %d: %s-recorded trace equals the CPU trace, one barrier per level", n,
                 recorder);
        ok &= verdict(what, gpu_trace_matches(&g, &t));
    }
    return ok;
}

/* Many sizes, one line each: 1 (no level at all), small odd ones, primes. */
static int sweep_sizes(int quiet, long long *x, long long *scratch)
{
    static const int sizes[] = { 1, 2, 3, 7, 31, 32, 33, 97, 509, 512, 1000, 1023, 1024 };
    const int count = (int)(sizeof sizes / sizeof sizes[0]);
    int all = 1;
    if (!quiet)
        printf("%6s  %5s  %5s  %8s  %10s  %s\n", "N", "span", "work", "barriers", emulated ? "emu sum" : "GPU sum",
               "trace equal");
    for (int i = 0; i < count; i++) {
        const int n = sizes[i];
        fill_values(x, (size_t)n);
        tree_trace t;
        tree_sum_traced(x, (size_t)n, scratch, &t);
        gpu_block_trace g;
        block_tree_traced(x, n, 0, 1, &g);
        unsigned barriers = 0;
        for (int k = 0; k < BLOCK_TRACE_MAX_LEVELS; k++)
            barriers += g.barriers[k];
        const int same = gpu_trace_matches(&g, &t) && g.sum == reference_sum(x, (size_t)n);
        all &= same;
        if (!quiet)
            printf("%6d  %5d  %5lld  %8u  %10lld  %s\n", n, t.span, t.work, barriers, g.sum, same ? "yes" : "NO");
    }
    if (!quiet)
        printf("\n");
    char what[120];
    snprintf(what, sizeof what, "%s trace and sum equal the CPU for N = 1, 2, 3, 7, 31, ..., 1024", recorder);
    return verdict(what, all);
}

// [listing missing-barrier-run]
/* The same tree without the barrier between levels, in many blocks at once.
 * Whether a block reads a value before it is written depends on how its
 * warps happen to be scheduled, so a wrong sum is likely but not certain. */
static int run_missing_barrier(int n, int trials, long long *x, int quiet)
{
    fill_values(x, (size_t)n);
    const long long ref = reference_sum(x, (size_t)n);
    gpu_block_trace *g = alloc_or_exit((size_t)trials, sizeof *g, "the block traces");
    block_tree_traced(x, n, 1, trials, g);
    int wrong = 0;
    for (int b = 0; b < trials; b++)
        wrong += g[b].sum != ref;
    // [end]
    if (!quiet) {
        printf("N = %d without the barrier between levels, %d blocks; trace of block 0:\n", n, trials);
        print_gpu_trace(&g[0]);
        printf("\nblocks whose sum differs from the reference %lld: %d of %d\n", ref, wrong, trials);
        if (wrong == 0)
            printf("no wrong sum this time. That proves nothing: the race is still there, and\n"
                   "compute-sanitizer --tool racecheck reports it on every run.\n");
        else
            printf("a level read values its neighbours had not written yet.\n");
    }
    free(g);
    char what[120];
    snprintf(what, sizeof what, "without barriers, all %d block sums equal the reference", trials);
    return verdict(what, wrong == 0);
}

/* "warp 0 only", "warps 0 and 1", "warps 0, 1, ..., 31" */
static const char *warp_order(int warps, char *buf, size_t size)
{
    if (warps == 1)
        snprintf(buf, size, "warp 0 only");
    else if (warps == 2)
        snprintf(buf, size, "warps 0 and 1");
    else
        snprintf(buf, size, "warps 0, 1, ..., %d", warps - 1);
    return buf;
}

/* The warps marked in flags[0..warps-1] as ranges: "0-7", "0, 2-3", or "-". */
static const char *warp_ranges(const unsigned char *flags, int warps, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int w = 0; w < warps; w++) {
        if (!flags[w] || (w > 0 && flags[w - 1]))
            continue;
        int last = w;
        while (last + 1 < warps && flags[last + 1])
            last++;
        const int wrote = last > w ? snprintf(buf + used, size - used, "%s%d-%d", used ? ", " : "", w, last)
                                   : snprintf(buf + used, size - used, "%s%d", used ? ", " : "", w);
        if (wrote < 0 || (size_t)wrote >= size - used)
            break; /* cannot happen for 32 warps and the buffer below */
        used += (size_t)wrote;
    }
    return used ? buf : "-";
}

static void print_replay(const block_replay *r, long long ref)
{
    char order[80], warps[200];
    warp_order(r->warps, order, sizeof order);
    if (r->barriers)
        printf("N = %d with a barrier before every level: one block replayed on the CPU in one\n"
               "order the GPU may choose. Between two barriers the warps run one after another\n"
               "(%s), each as far as the next barrier; the %d threads\n"
               "of a warp run a level together.\n",
               r->n, order, BLOCK_REPLAY_WARP);
    else
        printf("N = %d without the barrier between levels: one block replayed on the CPU in one\n"
               "order the GPU may choose (a replay, not a recording). After the barrier that\n"
               "follows the loads the warps run one after another (%s), each\n"
               "all its levels before the next starts; the %d threads of a warp run a level together.\n",
               r->n, order, BLOCK_REPLAY_WARP);
    printf("  %5s  %13s  %11s  %14s  %s\n", "level", "threads added", "values read", "read too early",
           "warps that read too early");
    long long early = 0;
    for (int k = 0; k < r->levels; k++) {
        printf("  %5d  %13lld  %11lld  %14lld  %s\n", k, r->additions[k], r->reads[k], r->early[k],
               warp_ranges(r->warp_early[k], r->warps, warps, sizeof warps));
        early += r->early[k];
    }
    for (int k = 0; k < r->levels; k++) {
        const replay_early_read *e = &r->first_early[k];
        if (e->thread < 0)
            continue;
        char found[80];
        if (e->written_at >= 0)
            snprintf(found, sizeof found, "what level %d left there", e->written_at);
        else
            snprintf(found, sizeof found, "%s", e->buffer == 0 ? "the value loaded there" : "the zero it starts with");
        printf("  level %d, first read too early: thread %d (warp %d) read cell %d of buffer %d and\n"
               "    found %lld (%s); thread %d (warp %d) writes that cell at level %d, later\n",
               k, e->thread, e->thread / BLOCK_REPLAY_WARP, e->cell, e->buffer, e->seen, found, e->cell,
               e->cell / BLOCK_REPLAY_WARP, k - 1);
    }
    printf("  thread 0 takes the sum when warp 0 has run its last level: %lld (reference %lld)\n", r->sum, ref);
    if (!r->barriers && r->warps > 1)
        printf("  warps 1 to %d run their levels after that: their additions come too late to count\n", r->warps - 1);
    if (!r->barriers && early == 0 && r->levels > 0)
        printf("  no read too early in this order; the race is in the code all the same, and\n"
               "  another order may still read a cell before it is written.\n");
}

/* --replay-warps, and --missing-barrier --on cpu: one block of n values replayed
 * in one order its warps may run in, with or without the barriers between
 * levels; the same check as on the GPU: is the block's sum right? */
static int run_replay(int n, int barriers, long long *x, long long *scratch, int quiet)
{
    fill_values(x, (size_t)n);
    tree_trace t;
    tree_sum_traced(x, (size_t)n, scratch, &t);
    const long long ref = reference_sum(x, (size_t)n);
    block_replay *r = alloc_or_exit(1, sizeof *r, "the replay");
    block_replay_run(x, n, &t, barriers, r);
    if (!quiet)
        print_replay(r, ref);
    const int ok = r->sum == ref;
    free(r);
    return verdict(barriers ? "with a barrier before every level, the replayed block sum equals the reference"
                            : "without barriers between levels, the replayed block sum equals the reference",
                   ok);
}

/* --svg and --dot: the CPU trace of n values as a figure on stdout. */
static int draw_figure(int n, int svg, long long *x, long long *scratch)
{
    if (!svg && n > TREE_DOT_MAX_N) {
        fprintf(stderr, "error: --dot draws every value: --n must be at most %d, got %d\n", TREE_DOT_MAX_N, n);
        return EXIT_BAD_INPUT;
    }
    fill_values(x, (size_t)n);
    tree_trace t;
    tree_sum_traced(x, (size_t)n, scratch, &t);
    if (svg) {
        tree_levels_svg(stdout, &t);
        return EXIT_PASS;
    }
    return tree_dot(stdout, x, (size_t)n, &t) ? EXIT_PASS : EXIT_MISMATCH;
}

/* The default run: N = 1024 and N = 1000, then (GPU) the sweep of sizes. */
static int trace_default(run_on where, int quiet, int gpu_table, long long *x, long long *scratch)
{
    int ok = trace_one(1024, where, quiet, gpu_table, x, scratch);
    if (!quiet)
        printf("\n");
    ok &= trace_one(1000, where, quiet, gpu_table, x, scratch);
    tree_trace t;
    fill_values(x, 1000);
    tree_sum_traced(x, 1000, scratch, &t);
    ok &= verdict("N = 1000 has levels with an odd carry (exactly 2)", tree_odd_carry_levels(&t) == 2);
    if (where & (RUN_GPU | RUN_EMU)) {
        if (!quiet)
            printf("\n");
        ok &= sweep_sizes(quiet, x, scratch);
    }
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t n = 0, trials = 100, seed = 0;
    int quiet = 0, missing_barrier = 0, replay_warps = 0, svg = 0, dot = 0, gpu_table = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "trace only this N (default: 1024 and 1000)", 1, BLOCK_TRACE_MAX_N, NULL },
        CLI_OPTION_ON_EMU(&on),
        { "--gpu-table", CLI_FLAG, &gpu_table, "print the whole GPU-recorded trace, not only where it differs", 0, 0,
          NULL },
        { "--missing-barrier", CLI_FLAG, &missing_barrier,
          "leave out the barrier between levels (a race); --on cpu replays one block", 0, 0, NULL },
        { "--replay-warps", CLI_FLAG, &replay_warps,
          "CPU: replay one block, its warps one after another, each up to its next barrier", 0, 0, NULL },
        { "--trials", CLI_U64, &trials, "blocks that run the racy tree at once (default 100)", 1,
          BLOCK_TRACE_MAX_TRIALS, NULL },
        { "--svg", CLI_FLAG, &svg, "print the levels of the CPU trace of 1..N as SVG (default N = 1024)", 0, 0, NULL },
        { "--dot", CLI_FLAG, &dot, "print the whole CPU tree of 1..N as Graphviz DOT (N <= 32, default 13)", 0, 0,
          NULL },
        { "--seed", CLI_U64, &seed, "random values in [1, 1000] from this seed (default: the values 1..N)", 0,
          UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Section 3.2: a tree reduction of 1..N traced level by level, on the CPU and as recorded by the GPU.",
              options, sizeof options / sizeof options[0]);
    if (cli_given("--seed"))
        value_seed = &seed;
    if (on != NULL && strcmp(on, "emu") == 0) {
        emulated = 1;
        recorder = "emulator";
    }
    const int on_cpu = on != NULL && strcmp(on, "cpu") == 0;
    if (replay_warps && on != NULL && !on_cpu)
        cli_refuse("--replay-warps replays the block on the CPU; use it with --on cpu or no --on");
    if ((svg || dot) && (svg + dot + missing_barrier + replay_warps > 1 || (on != NULL && !on_cpu)))
        cli_refuse("--svg and --dot draw the CPU trace; use one of them alone, with --on cpu or no --on");
    long long x[BLOCK_TRACE_MAX_N], scratch[BLOCK_TRACE_MAX_N];
    if (svg || dot)
        return draw_figure(n ? (int)n : (svg ? BLOCK_TRACE_MAX_N : 13), svg, x, scratch);
    if (replay_warps || (missing_barrier && on_cpu))
        return exit_status(run_replay(n ? (int)n : BLOCK_TRACE_MAX_N, !missing_barrier, x, scratch, quiet));
    /* --missing-barrier alone is the GPU run; --on both adds the replay before it */
    const run_on where = cli_resolve_on(missing_barrier && on == NULL ? "gpu" : on);
    if (missing_barrier) {
        int ok = 1;
        if (emulated && !quiet)
            printf("N = %d without the barrier between levels, on the CPU emulator (common/emulator/):\n",
                   n ? (int)n : BLOCK_TRACE_MAX_N);
        if (where & RUN_CPU) {
            ok &= run_replay(n ? (int)n : BLOCK_TRACE_MAX_N, 0, x, scratch, quiet);
            if (!quiet)
                printf("\n");
        }
        ok &= run_missing_barrier(n ? (int)n : BLOCK_TRACE_MAX_N, (int)trials, x, quiet);
        return exit_status(ok);
    }

    if (!quiet) {
        printf("Section 3.2: a tree reduction traced level by level\n");
        if (emulated)
            printf("(the kernel's own source on the CPU emulator, common/emulator/: --on emu)\n");
        else if (!(where & RUN_GPU))
            printf("(CPU only: --on cpu, or no CUDA device)\n");
        printf("\n");
    }
    const int ok = n ? trace_one((int)n, where, quiet, gpu_table, x, scratch)
                     : trace_default(where, quiet, gpu_table, x, scratch);
    return exit_status(ok);
}
