/* list_rank_bench.c - 11.4: ranking random-order lists of 2^20 ... 2^26
 * nodes (up to 2^28 on request) every way the chapter knows, on the same
 * machine, in the same run:
 * the GPU ruling set, GPU pointer jumping on two arrays and on packed
 * {next, dist} pairs, the strongest CPU rival (sublists on every core) and
 * the textbook baseline (one walk on one core). Every repetition runs each
 * ranker once, in turn, so that a drift of the machine touches all of them
 * alike; every answer is checked against the walk node for node (a wrong
 * one exits 1). Prints markdown tables for RESULTS.md; --dat writes the
 * medians for the figure, --ratios appends the headline ratios. --n 2^K
 * measures the one size 2^K (--min-log K --max-log K); --quiet prints only
 * the verdict and what went wrong. --on cpu runs the CPU rankers alone (the
 * list, the walk, the sublists ranker and every check), with no GPU. */
#include "run_header.h"
#include "common.h"
#include "list_gpu.h"
#include "list_rank_threads.h"
#include "list_walk.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZES 12
/* From this size on the single-core walk runs once per size: one walk of
 * 2^26 nodes takes seconds, and the bench must stay within two minutes. */
#define WALK_ONCE_FROM (INT32_C(1) << 26)

/* What is timed, in the order of one repetition. */
enum { RULING, WYLLIE, PACKED, SUBLISTS, RULING_E2E, WYLLIE_E2E, PACKED_E2E, WALK, KINDS };
static const char *const kind_name[KINDS] = { "GPU ruling set",
                                              "GPU Wyllie (two arrays)",
                                              "GPU Wyllie (packed)",
                                              "CPU sublists",
                                              "GPU ruling set end to end",
                                              "GPU Wyllie (two arrays) end to end",
                                              "GPU Wyllie (packed) end to end",
                                              "CPU walk" };

typedef struct {
    int lg;
    double med[KINDS], spread[KINDS];
    int runs[KINDS];
    gpu_rank_info info;
    int right;
} size_result;

typedef struct {
    uint64_t n, min_log, max_log, reps, warmup, cpu_reps, sublist, seed, threads;
    int quiet, cpu_only;
    const char *dat_path, *ratios_path, *on;
} bench_options;

#define MIN_LOG 4
#define MAX_LOG 28
/* Nodes, ranks and every index are int32_t. The largest list, 2^28 nodes,
 * leaves a factor 8 below INT32_MAX: a rank, a distance (at most n - 1), a
 * pointer-jumping sum of two distances, an index plus one and the
 * sublists' counts all stay below 2^29. What can exceed it is computed in
 * 64 bits: byte counts (size_t), thread indices and ruler positions
 * (int64_t, ruling_set_node.h, the kernels), launch sizes (blocks_for). */
_Static_assert((INT64_C(1) << MAX_LOG) <= LIST_MAX_NODES, "the bench's largest list is one the chapter validates");
_Static_assert(2 * (INT64_C(1) << MAX_LOG) <= INT32_MAX, "a sum of two distances fits in int32_t");
_Static_assert((UINT64_C(1) << MAX_LOG) * 4 * sizeof(int32_t) <= SIZE_MAX,
               "the largest buffer's byte count (Wyllie's four int32 arrays of n) fits in size_t");

/* --n N names one size, N = 2^K: the range --min-log K --max-log K. The
 * bench measures powers of two only, so any other N is refused. */
static void size_range(bench_options *o)
{
    const int given_range = o->min_log != 0 || o->max_log != 0;
    if (o->n == 0) {
        if (o->min_log == 0)
            o->min_log = 20;
        if (o->max_log == 0)
            o->max_log = 26;
        if (o->min_log > o->max_log) { /* no size to measure: nothing would be checked */
            fprintf(stderr, "error: --min-log %" PRIu64 " is above --max-log %" PRIu64 ": no size to measure\n",
                    o->min_log, o->max_log);
            exit(EXIT_BAD_INPUT);
        }
        return;
    }
    int lg = 0;
    while ((UINT64_C(1) << lg) < o->n)
        lg++;
    if ((UINT64_C(1) << lg) != o->n) {
        fprintf(stderr,
                "error: --n must be a power of two 2^K with K in [%d, %d] (the bench's sizes), got %" PRIu64 "\n",
                MIN_LOG, MAX_LOG, o->n);
        exit(EXIT_BAD_INPUT);
    }
    if (given_range) {
        fprintf(stderr, "error: --n picks one size: leave out --min-log and --max-log\n");
        exit(EXIT_BAD_INPUT);
    }
    o->min_log = o->max_log = (uint64_t)lg;
}

static void parse_options(int argc, char **argv, bench_options *o)
{
    /* min_log and max_log stay 0 unless given (size_range sets them) */
    *o = (bench_options){ .reps = 10, .warmup = 2, .cpu_reps = 3, .sublist = 64, .seed = 1 };
    const cli_option options[] = {
        { "--n", CLI_U64, &o->n, "measure one list of N = 2^K nodes only (default: 2^20 to 2^26)",
          UINT64_C(1) << MIN_LOG, UINT64_C(1) << MAX_LOG, NULL },
        { "--min-log", CLI_U64, &o->min_log, "smallest list 2^K nodes (default 20)", MIN_LOG, MAX_LOG, NULL },
        { "--max-log", CLI_U64, &o->max_log, "largest list 2^K nodes (default 26, at most 28; sizes step by 4x)",
          MIN_LOG, MAX_LOG, NULL },
        { "--reps", CLI_U64, &o->reps, "timed runs of every ranker but the walk, per size (default 10)", 1, 1000,
          NULL },
        { "--warmup", CLI_U64, &o->warmup, "untimed runs of every ranker first (default 2)", 0, 100, NULL },
        { "--cpu-reps", CLI_U64, &o->cpu_reps, "timed single-core walks per size (default 3; 1 from 2^26 on)", 1, 100,
          NULL },
        { "--threads", CLI_U64, &o->threads, "threads of the CPU sublists ranker (default: every online CPU)", 1,
          SUBLISTS_MAX_THREADS, NULL },
        { "--sublist", CLI_U64, &o->sublist, "GPU ruling set: one ruler per K node indices (default 64)", 1, 1 << 20,
          NULL },
        { "--seed", CLI_U64, &o->seed, "seed of the random lists (default 1)", 0, UINT64_MAX, NULL },
        { "--dat", CLI_STRING, &o->dat_path, "also write the medians to FILE (gnuplot data)", 0, 0, NULL },
        { "--ratios", CLI_STRING, &o->ratios_path, "append the headline ratios at the largest size to FILE (TSV)", 0, 0,
          NULL },
        { "--quiet", CLI_FLAG, &o->quiet, "no tables: only the verdict and what went wrong", 0, 0, NULL },
        { "--on", CLI_CHOICE, &o->on,
          "gpu: every ranker (default); cpu: the CPU rankers only, no GPU needed; emu: refused (see --help)", 0, 0,
          "cpu|gpu|emu" },
    };
    cli_parse(argc, argv, "List ranking at scale: GPU ruling set and pointer jumping vs CPU sublists and walk.",
              options, sizeof options / sizeof options[0]);
    /* a benchmark has nothing to emulate: its result is the GPU's time */
    cli_no_emu(o->on, "a benchmark measures the GPU's time, which the emulator does not model (it runs one thread "
                      "at a time); list_rank --on emu runs the same kernels");
    o->cpu_only = o->on != NULL && strcmp(o->on, "cpu") == 0;
    if (o->cpu_only && (o->dat_path != NULL || o->ratios_path != NULL)) {
        fprintf(stderr, "error: --dat and --ratios report the GPU rankers: leave out --on cpu\n");
        exit(EXIT_BAD_INPUT);
    }
    size_range(o);
}

/* Checks one answer; names the first wrong node. */
static int check(const char *what, int lg, const int32_t *got, const int32_t *walk, int32_t n)
{
    int32_t first;
    const int32_t wrong = count_differences(got, walk, n, &first);
    if (wrong != 0)
        fprintf(stderr, "%s at 2^%d: %d of %d distances wrong; first: node %d has %d, the walk says %d\n", what, lg,
                (int)wrong, (int)n, (int)first, (int)got[first], (int)walk[first]);
    return wrong == 0;
}

/* Everything one size needs, allocated once before its first timed run. */
typedef struct {
    list l;
    int32_t *walk, *got;
    sublists_work work;
    gpu_rank_bench *gpu;
    int threads;
    int32_t spacing;
    uint32_t seed;
} size_setup;

/* One run of ranker `kind`: milliseconds, the answer in s->got. */
static double run_one(size_setup *s, int kind)
{
    if (kind == WALK || kind == SUBLISTS) {
        const double t0 = host_seconds();
        if (kind == WALK)
            rank_by_walk(&s->l, s->got);
        else if (rank_by_sublists_threads(&s->l, s->threads, s->spacing, s->seed, s->got, &s->work, NULL, NULL) != 0) {
            fprintf(stderr, "error: the CPU sublists ranker ran out of memory or threads\n");
            exit(EXIT_BAD_INPUT);
        }
        return 1e3 * (host_seconds() - t0);
    }
    static const gpu_ranker which[KINDS] = {
        [RULING] = GPU_RULING_SET,     [WYLLIE] = GPU_WYLLIE,     [PACKED] = GPU_WYLLIE_PACKED,
        [RULING_E2E] = GPU_RULING_SET, [WYLLIE_E2E] = GPU_WYLLIE, [PACKED_E2E] = GPU_WYLLIE_PACKED
    };
    return gpu_rank_bench_run(s->gpu, which[kind], kind >= RULING_E2E, s->got);
}

/* Whether ranker `kind` runs: all of them, or with --on cpu the CPU's. */
static int runs_here(const bench_options *o, int kind)
{
    return !o->cpu_only || kind == SUBLISTS || kind == WALK;
}

// [listing rank-bench-interleaved]
/* One size: warm-ups, then `reps` repetitions, each running every ranker
 * once in the order of the enum (the walk only in the first walk_reps). */
static void measure_size(size_setup *s, const bench_options *o, size_result *res)
{
    const int32_t n = s->l.n;
    const int cpu_reps = o->cpu_reps < o->reps ? (int)o->cpu_reps : (int)o->reps;
    const int walk_reps = n >= WALK_ONCE_FROM ? 1 : cpu_reps;
    double *ms = alloc_or_exit((size_t)KINDS * o->reps, sizeof *ms, "the timings");
    res->right = 1;
    for (int w = 0; w < (int)o->warmup; w++)
        for (int k = 0; k < WALK; k++)
            if (runs_here(o, k))
                run_one(s, k);
    for (int r = 0; r < (int)o->reps; r++)
        for (int k = 0; k < KINDS; k++) {
            if ((k == WALK && r >= walk_reps) || !runs_here(o, k))
                continue;
            ms[k * o->reps + r] = run_one(s, k);
            res->right &= check(kind_name[k], res->lg, s->got, s->walk, n);
        }
    for (int k = 0; k < KINDS; k++) {
        if (!runs_here(o, k)) {
            res->runs[k] = 0;
            res->med[k] = res->spread[k] = 0.0;
            continue;
        }
        res->runs[k] = k == WALK ? walk_reps : (int)o->reps;
        res->med[k] = median_of(ms + k * o->reps, (size_t)res->runs[k]);
        res->spread[k] = spread_of(ms + k * o->reps, (size_t)res->runs[k]);
    }
    free(ms);
}
// [end]

/* Builds the list of 2^lg nodes and its reference ranks, measures, frees. */
static void bench_size(int lg, const bench_options *o, int threads, size_result *res)
{
    size_setup s = { .threads = threads, .seed = (uint32_t)o->seed };
    const int32_t n = INT32_C(1) << lg;
    if (list_alloc(&s.l, n) != 0 || list_make_random(&s.l, o->seed + (uint64_t)lg, 1) != 0) {
        fprintf(stderr, "error: cannot allocate a list of 2^%d nodes\n", lg);
        exit(EXIT_BAD_INPUT);
    }
    s.walk = alloc_or_exit((size_t)n, sizeof *s.walk, "the walk's ranks");
    s.got = alloc_or_exit((size_t)n, sizeof *s.got, "the ranks under test");
    rank_by_walk(&s.l, s.walk); /* the reference, itself checked against the definition */
    if (!ranks_consistent(&s.l, s.walk)) {
        fprintf(stderr, "error: the walk's ranks are inconsistent at 2^%d\n", lg);
        exit(EXIT_MISMATCH);
    }
    s.spacing = sublists_default_spacing(n, threads);
    if (sublists_work_alloc(&s.work, n, s.spacing) != 0) {
        fprintf(stderr, "error: cannot allocate the sublists ranker's memory for 2^%d nodes\n", lg);
        exit(EXIT_BAD_INPUT);
    }
    if (!o->cpu_only)
        s.gpu = gpu_rank_bench_open(s.l.node, n, s.l.head, (int32_t)o->sublist, (uint32_t)o->seed);
    res->lg = lg;
    measure_size(&s, o, res);
    if (!o->cpu_only) {
        res->info = gpu_rank_bench_info(s.gpu);
        /* both pointer-jumping kernels must have taken exactly ceil(log2 n) rounds */
        res->right &= res->info.wyllie_rounds == ceil_log2(n) && res->info.packed_rounds == ceil_log2(n);
        gpu_rank_bench_close(s.gpu);
    }
    sublists_work_free(&s.work);
    free(s.walk);
    free(s.got);
    list_free(&s.l);
}

static void print_tables(const size_result *res, int sizes, int threads)
{
    printf("| n | ruling set (ms) | spread | Wyllie, two arrays (ms) | spread | Wyllie, packed (ms) | spread | "
           "CPU sublists, %d thread%s (ms) | spread | CPU walk, 1 core (ms) | spread | walks | rounds | rulers |\n",
           threads, threads == 1 ? "" : "s");
    printf("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < sizes; i++) {
        const size_result *r = &res[i];
        printf("| 2^%d | %.3f | %.0f%% | %.2f | %.0f%% | %.2f | %.0f%% | %.1f | %.0f%% | %.1f | %.0f%% | %d | %d | %d "
               "|%s\n",
               r->lg, r->med[RULING], 100 * r->spread[RULING], r->med[WYLLIE], 100 * r->spread[WYLLIE], r->med[PACKED],
               100 * r->spread[PACKED], r->med[SUBLISTS], 100 * r->spread[SUBLISTS], r->med[WALK],
               100 * r->spread[WALK], r->runs[WALK], r->info.packed_rounds, (int)r->info.rulers,
               r->right ? "" : " WRONG RANKS");
    }
    printf("\nEnd to end: the list copied in from pinned host memory, ranked, the ranks copied back.\n\n");
    printf("| n | ruling set (ms) | spread | Wyllie, two arrays (ms) | spread | Wyllie, packed (ms) | spread |\n");
    printf("|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < sizes; i++) {
        const size_result *r = &res[i];
        printf("| 2^%d | %.2f | %.0f%% | %.2f | %.0f%% | %.2f | %.0f%% |\n", r->lg, r->med[RULING_E2E],
               100 * r->spread[RULING_E2E], r->med[WYLLIE_E2E], 100 * r->spread[WYLLIE_E2E], r->med[PACKED_E2E],
               100 * r->spread[PACKED_E2E]);
    }
    printf("\nRatios of the medians (above 1: the second named is slower).\n\n");
    printf("| n | CPU sublists / ruling set | CPU sublists / ruling set end to end | Wyllie packed / ruling set | "
           "Wyllie two arrays / packed | CPU walk / CPU sublists | CPU walk / ruling set |\n");
    printf("|---:|---:|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < sizes; i++) {
        const double *m = res[i].med;
        printf("| 2^%d | %.1f | %.1f | %.1f | %.2f | %.1f | %.0f |\n", res[i].lg, m[SUBLISTS] / m[RULING],
               m[SUBLISTS] / m[RULING_E2E], m[PACKED] / m[RULING], m[WYLLIE] / m[PACKED], m[WALK] / m[SUBLISTS],
               m[WALK] / m[RULING]);
    }
    printf("\n");
}

/* --on cpu: the CPU rankers alone. */
static void print_cpu_table(const size_result *res, int sizes, int threads)
{
    printf("| n | CPU sublists, %d thread%s (ms) | spread | CPU walk, 1 core (ms) | spread | walks |\n", threads,
           threads == 1 ? "" : "s");
    printf("|---:|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < sizes; i++) {
        const size_result *r = &res[i];
        printf("| 2^%d | %.1f | %.0f%% | %.1f | %.0f%% | %d |%s\n", r->lg, r->med[SUBLISTS], 100 * r->spread[SUBLISTS],
               r->med[WALK], 100 * r->spread[WALK], r->runs[WALK], r->right ? "" : " WRONG RANKS");
    }
    printf("\n");
}

/* One TSV line: NAME RATIO OURS_US RIVAL_US DESCRIPTION, ratio = rival / ours. */
static void ratio_line(FILE *f, const char *what, int lg, double ours_ms, double rival_ms, const char *description)
{
    fprintf(f, "ch11.%s.2^%d\t%.3f\t%.1f\t%.1f\t%s, 2^%d random nodes\n", what, lg, rival_ms / ours_ms, 1e3 * ours_ms,
            1e3 * rival_ms, description, lg);
}

static void write_ratios(const char *path, const size_result *r, int threads)
{
    FILE *f = fopen(path, "a");
    if (f == NULL) {
        fprintf(stderr, "error: writing %s: %s\n", path, strerror(errno));
        exit(EXIT_MISMATCH);
    }
    char sublists[96];
    snprintf(sublists, sizeof sublists, "GPU ruling set vs %d-thread CPU sublists", threads);
    const double *m = r->med;
    ratio_line(f, "ruling_vs_cpu_sublists", r->lg, m[RULING], m[SUBLISTS], sublists);
    snprintf(sublists, sizeof sublists, "GPU ruling set end to end (pinned copies) vs %d-thread CPU sublists", threads);
    ratio_line(f, "ruling_e2e_vs_cpu_sublists", r->lg, m[RULING_E2E], m[SUBLISTS], sublists);
    ratio_line(f, "ruling_vs_wyllie_packed", r->lg, m[RULING], m[PACKED], "GPU ruling set vs GPU packed Wyllie");
    ratio_line(f, "wyllie_packed_vs_two_array", r->lg, m[PACKED], m[WYLLIE],
               "GPU packed Wyllie vs GPU two-array Wyllie");
    ratio_line(f, "ruling_vs_cpu_walk", r->lg, m[RULING], m[WALK], "GPU ruling set vs one-core CPU walk");
    cli_close_output(f, path); /* a failed write: "error: writing PATH: ..." and exit 1 */
}

/* Shows what is printed so far before a long measurement. A write that
 * fails here ends the program with its reason (the exit check would only
 * know that an earlier write failed). */
static void flush_stdout(void)
{
    errno = 0;
    if (fflush(stdout) != 0) {
        fprintf(stderr, "error: writing stdout: %s\n", strerror(errno));
        clearerr(stdout); /* reported: the check at exit need not say it again */
        exit(EXIT_MISMATCH);
    }
}

int main(int argc, char **argv)
{
    bench_options o;
    parse_options(argc, argv, &o);
    if (!o.cpu_only)
        gpu_require_device();
    const int threads = o.threads != 0 ? (int)o.threads : sublists_online_cpus();
    FILE *dat = cli_open_output(o.dat_path);
    if (!o.quiet && o.cpu_only) {
        printf("Distance to the end of every node of a random-order list (int32 next and rank), CPU rankers only.\n"
               "Host clock; sublists on %d threads, %d sublists walked at once per thread; median of %d repetitions\n"
               "after %d warm-ups, the single-core walk in the first %d of them (1 from 2^26 nodes on).\n"
               "Every answer of the sublists ranker equals the walk's (checked every run).\n\n",
               threads, SUBLISTS_WALKERS, (int)o.reps, (int)o.warmup, (int)o.cpu_reps);
    } else if (!o.quiet) {
        print_run_header(argc, argv);
        printf("Distance to the end of every node of a random-order list (int32 next and rank).\n"
               "GPU: CUDA events, list already on the GPU (kernels only) or copied in and out (end to end).\n"
               "CPU: host clock; sublists on %d threads, %d sublists walked at once per thread.\n"
               "Every repetition runs every ranker once, in turn; median of %d repetitions after %d warm-ups,\n"
               "the single-core walk in the first %d of them (1 from 2^26 nodes on). Spread = (max - min) / median.\n"
               "Ruling set: one ruler per %d node indices. Every answer equals the walk's (checked every run).\n\n",
               threads, SUBLISTS_WALKERS, (int)o.reps, (int)o.warmup, (int)o.cpu_reps, (int)o.sublist);
    }
    flush_stdout();
    size_result res[MAX_SIZES];
    int sizes = 0, ok = 1;
    for (uint64_t lg = o.min_log; lg <= o.max_log && sizes < MAX_SIZES; lg += 2, sizes++) {
        bench_size((int)lg, &o, threads, &res[sizes]);
        ok &= res[sizes].right;
        if (o.quiet && !res[sizes].right) /* wrong distances are named on stderr; this also covers the rounds */
            printf("2^%d nodes: WRONG RANKS (or pointer jumping took other than ceil(log2 n) rounds)\n", (int)lg);
    }
    if (!o.quiet && o.cpu_only)
        print_cpu_table(res, sizes, threads);
    else if (!o.quiet)
        print_tables(res, sizes, threads);
    if (dat) {
        fprintf(dat,
                "# n cpu_walk_ms wyllie_ms ruling_ms ruling_end_to_end_ms wyllie_packed_ms cpu_sublists_ms "
                "(medians; sublists on %d threads)\n",
                threads);
        for (int i = 0; i < sizes; i++) {
            const double *m = res[i].med;
            fprintf(dat, "%d %.6f %.6f %.6f %.6f %.6f %.6f\n", 1 << res[i].lg, m[WALK], m[WYLLIE], m[RULING],
                    m[RULING_E2E], m[PACKED], m[SUBLISTS]);
        }
        cli_close_output(dat, o.dat_path);
    }
    ok = verdict(o.cpu_only ? "the CPU sublists ranker equals the CPU walk at every size, in every run"
                            : "every ranker equals the CPU walk at every size, in every run",
                 ok);
    flush_stdout();
    if (o.ratios_path != NULL && sizes > 0 && ok)
        write_ratios(o.ratios_path, &res[sizes - 1], threads);
    return exit_status(ok);
}
