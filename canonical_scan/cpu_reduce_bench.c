/* cpu_reduce_bench.c - the canonical reduce on the CPU against the sums a
 * professional would write, and against the host's read bandwidth.
 *
 * Two sizes. --n (default 10^6 doubles, 8 MB: in the caches) on ONE thread:
 * the plain loop, the `omp simd` loop, the canonical reduce with L = 16 and
 * L = 128, and a read of the array. --max-n (default 2^28 doubles, 2 GiB:
 * from memory) on ALL threads: the same read on all threads and on one,
 * OpenMP's `parallel for` reduction, plain and over `omp simd` blocks, and the
 * canonical reduce with L = 16 and 128.
 *
 * Every row of a size is timed once per repetition, in turn, so that a
 * noisy neighbour slows them alike; the tables give medians and min..max.
 * The canonical results are compared bit for bit with the scalar library
 * (canonical_reduce); a difference exits 1. The rivals' results are shown
 * as bits: they are other expressions, and differ. */
#define _POSIX_C_SOURCE 200809L /* setenv, execv under -std=c11 */
#include "common.h"
#include "canonical_cpu.h"
#include "cpu_reduce.h"
#include "cpu_threads.h"
#include "no_cuda.h"
#include "run_header.h"
#include "sum_baselines.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WARMUP 2
#define MAX_ROWS 8

typedef struct {
    const double *x;
    size_t n;
    unsigned threads;
} bench_data;

typedef enum { PLAIN, OMP_SIMD, OMP_PAR, OMP_PAR_SIMD, CANON16, CANON128, READ } row_kind;

typedef struct {
    const char *name;
    row_kind kind;
    unsigned threads;
    double ms[1024];    /* one per repetition */
    double value;       /* the last result (NaN: skipped) */
    uint64_t read_bits; /* READ rows: the integer sum */
} bench_row;

/* ---- the read ceiling on T threads ---------------------------------------- */
typedef struct {
    const double *x;
    size_t n;
    uint64_t part[1024 * 8]; /* one per thread, 64 bytes apart */
} read_job;

static void read_share(void *p, unsigned t, unsigned count)
{
    read_job *job = p;
    const size_t first = job->n * t / count, end = job->n * (t + 1) / count;
    job->part[8 * t] = read_sum_u64(job->x + first, end - first);
}

static uint64_t read_threads(const double *x, size_t n, unsigned threads)
{
    static read_job job; /* large: not on the stack */
    job.x = x;
    job.n = n;
    threads_run(threads, read_share, &job);
    uint64_t s = 0;
    for (unsigned t = 0; t < threads; t++)
        s += job.part[8 * t];
    return s;
}

static volatile uint64_t sink;

static void run_row(bench_row *r, const bench_data *d)
{
    switch (r->kind) {
    case PLAIN: r->value = sum_plain_loop(d->x, d->n); break;
    case OMP_SIMD: r->value = sum_omp_simd(d->x, d->n); break;
    case OMP_PAR: r->value = sum_omp_parallel(d->x, d->n, r->threads); break;
    case OMP_PAR_SIMD: r->value = sum_omp_parallel_simd(d->x, d->n, r->threads); break;
    case CANON16: r->value = canonical_reduce_threads(d->x, d->n, 16, 0, 0.0, r->threads); break;
    case CANON128: r->value = canonical_reduce_threads(d->x, d->n, 128, 0, 0.0, r->threads); break;
    case READ:
        r->read_bits = read_threads(d->x, d->n, r->threads);
        sink = r->read_bits;
        break;
    }
}

static int row_skipped(const bench_row *r)
{
    return (r->kind == OMP_PAR || r->kind == OMP_PAR_SIMD) && !sum_have_openmp();
}

/* WARMUP untimed rounds, then `reps` rounds of every row in turn. */
static void time_rows(bench_row *rows, int count, const bench_data *d, int reps)
{
    for (int rep = -WARMUP; rep < reps; rep++)
        for (int i = 0; i < count; i++) {
            if (row_skipped(&rows[i]))
                continue;
            const double start = host_seconds();
            run_row(&rows[i], d);
            const double ms = 1e3 * (host_seconds() - start);
            if (rep >= 0)
                rows[i].ms[rep] = ms;
        }
}

typedef struct {
    double median, min, max;
} summary;

static summary summarise(const bench_row *r, int reps)
{
    double v[1024];
    memcpy(v, r->ms, (size_t)reps * sizeof v[0]);
    summary s;
    s.median = median_of(v, (size_t)reps); /* sorts v */
    s.min = v[0];
    s.max = v[reps - 1];
    return s;
}

/* "1e6", "2^28" or the number itself: the size part of a ratio's name. */
static void size_name(size_t n, char *buf, size_t size)
{
    int k = 0;
    size_t p = 1;
    while (p < n && k < 19) {
        p *= 10;
        k++;
    }
    if (p == n && k > 0) {
        snprintf(buf, size, "1e%d", k);
        return;
    }
    if ((n & (n - 1)) == 0) {
        snprintf(buf, size, "2^%d", __builtin_ctzll(n));
        return;
    }
    snprintf(buf, size, "%zu", n);
}

/* Prints a size's table; `ref` is the row the last column compares with:
 * its time / the row's time (above 1: the row is faster). */
static void print_table(const bench_row *rows, int count, size_t n, int reps, int ref, const char *ref_label)
{
    char sz[32], hex[HEX64_LEN];
    size_name(n, sz, sizeof sz);
    const double ref_ms = summarise(&rows[ref], reps).median;
    printf("| N | what | threads | median ms | min..max ms | GB/s | %s | result bits |\n", ref_label);
    printf("|---|---|---:|---:|---:|---:|---:|---|\n");
    for (int i = 0; i < count; i++) {
        const bench_row *r = &rows[i];
        if (row_skipped(r)) {
            printf("| %s | %s | %u | skipped: built without OpenMP | | | | |\n", sz, r->name, r->threads);
            continue;
        }
        const summary s = summarise(r, reps);
        printf("| %s | %s | %u | %.3f | %.3f..%.3f | %.1f | %.2f | %s |\n", sz, r->name, r->threads, s.median, s.min,
               s.max, 8.0 * (double)n / (s.median * 1e6), ref_ms / s.median,
               r->kind == READ ? "(integer sum)" : double_hex(r->value, hex));
    }
    printf("\n");
}

/* One TSV line per ratio: NAME RATIO OURS_US RIVAL_US DESCRIPTION. */
static void write_ratio(FILE *f, const char *name, const char *size, const bench_row *ours, const bench_row *rival,
                        int reps, const char *description)
{
    if (f == NULL || row_skipped(ours) || row_skipped(rival))
        return;
    const double o = summarise(ours, reps).median, r = summarise(rival, reps).median;
    fprintf(f, "canonical.%s.%s\t%.4f\t%.1f\t%.1f\t%s\n", name, size, r / o, 1e3 * o, 1e3 * r, description);
}

/* The canonical rows' results against the scalar library. */
static int check_canonical(const bench_row *rows, int count, const double *x, size_t n)
{
    int ok = 1;
    const double want16 = canonical_reduce(x, n, 16, 0, 0.0), want128 = canonical_reduce(x, n, 128, 0, 0.0);
    for (int i = 0; i < count; i++) {
        if (rows[i].kind == CANON16)
            ok &= doubles_bit_equal(rows[i].value, want16);
        if (rows[i].kind == CANON128)
            ok &= doubles_bit_equal(rows[i].value, want128);
    }
    return ok;
}

/* ---- the two sizes ----------------------------------------------------------- */
static void first_touch_share(void *p, unsigned t, unsigned count)
{
    const bench_data *d = p; /* the pages go where the thread that reads them runs */
    const size_t first = d->n * t / count, end = d->n * (t + 1) / count;
    memset((double *)d->x + first, 0, (end - first) * sizeof(double));
}

static double *make_data(size_t n, uint64_t seed, unsigned threads)
{
    double *x = alloc_or_exit(n, sizeof(double), "the data set");
    bench_data d = { x, n, threads };
    threads_run(threads, first_touch_share, &d);
    p4016_data(seed, 0, x, n);
    return x;
}

/* One size's table: the data on `threads` threads' pages, every row timed
 * in turn, the canonical rows checked, the table printed under `title`
 * against row 0. Returns the check's verdict. */
static int run_table(bench_row *rows, int count, size_t n, uint64_t seed, unsigned threads, int reps, const char *title,
                     const char *ref_label)
{
    double *x = make_data(n, seed, threads);
    const bench_data d = { x, n, threads };
    time_rows(rows, count, &d, reps);
    const int ok = check_canonical(rows, count, x, n);
    printf("%s\n\n", title);
    print_table(rows, count, n, reps, 0, ref_label);
    free(x);
    return ok;
}

static int bench_small(size_t n, uint64_t seed, int reps, FILE *ratios)
{
    bench_row rows[] = {
        { "plain loop `s += x[i]`", PLAIN, 1, { 0 }, 0, 0 },
        { "`omp simd reduction(+:s)` (reassociates)", OMP_SIMD, 1, { 0 }, 0, 0 },
        { "canonical reduce, L = 16 (SIMD)", CANON16, 1, { 0 }, 0, 0 },
        { "canonical reduce, L = 128 (SIMD)", CANON128, 1, { 0 }, 0, 0 },
        { "read: integer sum of the bits", READ, 1, { 0 }, 0, 0 },
    };
    char title[96], sz[32];
    snprintf(title, sizeof title, "One thread, N = %zu doubles (%.1f MB):", n, 8e-6 * (double)n);
    const int ok = run_table(rows, (int)(sizeof rows / sizeof rows[0]), n, seed, 1, reps, title, "vs plain loop");
    size_name(n, sz, sizeof sz);
    write_ratio(ratios, "cpu_l16_1t_vs_plain", sz, &rows[2], &rows[0], reps,
                "canonical reduce L = 16, 1 thread (SIMD) vs plain for-loop sum, host CPU");
    write_ratio(ratios, "cpu_l128_1t_vs_plain", sz, &rows[3], &rows[0], reps,
                "canonical reduce L = 128, 1 thread (SIMD) vs plain for-loop sum, host CPU");
    write_ratio(ratios, "cpu_l16_1t_vs_omp_simd", sz, &rows[2], &rows[1], reps,
                "canonical reduce L = 16, 1 thread vs omp simd reduction (reassociating), host CPU");
    write_ratio(ratios, "cpu_l128_1t_vs_omp_simd", sz, &rows[3], &rows[1], reps,
                "canonical reduce L = 128, 1 thread vs omp simd reduction (reassociating), host CPU");
    /* A fixed line as the rival: the time of 8N bytes at 28 GB/s, a little
     * above the 24-26 GB/s of P4016's AVX-512 demonstrator at this size. */
    if (ratios != NULL)
        for (int i = 2; i <= 3; i++) {
            const double ours = summarise(&rows[i], reps).median, line = 8.0 * (double)n / 28e6;
            fprintf(ratios,
                    "canonical.cpu_l%d_1t_vs_28gbs.%s\t%.4f\t%.1f\t%.1f\tcanonical reduce L = %d, 1 thread, GB/s over "
                    "a 28 GB/s line\n",
                    i == 2 ? 16 : 128, sz, line / ours, 1e3 * ours, 1e3 * line, i == 2 ? 16 : 128);
        }
    return ok;
}

static int bench_large(size_t n, uint64_t seed, unsigned threads, int reps, FILE *ratios)
{
    bench_row rows[] = {
        { "read: integer sum of the bits", READ, threads, { 0 }, 0, 0 },
        { "read: integer sum of the bits", READ, 1, { 0 }, 0, 0 },
        { "`omp parallel for reduction(+:s)`", OMP_PAR, threads, { 0 }, 0, 0 },
        { "`omp parallel for` of `omp simd` blocks", OMP_PAR_SIMD, threads, { 0 }, 0, 0 },
        { "canonical reduce, L = 16 (SIMD, threads)", CANON16, threads, { 0 }, 0, 0 },
        { "canonical reduce, L = 128 (SIMD, threads)", CANON128, threads, { 0 }, 0, 0 },
    };
    char title[96], sz[32];
    snprintf(title, sizeof title, "All %u threads, N = %zu doubles (%.2f GiB):", threads, n,
             8.0 * (double)n / (1u << 30));
    const int ok = run_table(rows, (int)(sizeof rows / sizeof rows[0]), n, seed, threads, reps, title,
                             "of read bandwidth");
    size_name(n, sz, sizeof sz);
    write_ratio(ratios, "cpu_l16_allt_of_read_bw", sz, &rows[4], &rows[0], reps,
                "canonical reduce L = 16, all threads, as a fraction of the all-thread read bandwidth");
    write_ratio(ratios, "cpu_l128_allt_of_read_bw", sz, &rows[5], &rows[0], reps,
                "canonical reduce L = 128, all threads, as a fraction of the all-thread read bandwidth");
    write_ratio(ratios, "cpu_l16_allt_vs_omp_reduction", sz, &rows[4], &rows[2], reps,
                "canonical reduce L = 16 vs omp parallel for reduction(+), all threads");
    write_ratio(ratios, "cpu_l128_allt_vs_omp_reduction", sz, &rows[5], &rows[2], reps,
                "canonical reduce L = 128 vs omp parallel for reduction(+), all threads");
    write_ratio(ratios, "cpu_l16_allt_vs_omp_simd_reduction", sz, &rows[4], &rows[3], reps,
                "canonical reduce L = 16 vs omp parallel for reduction(+) of omp simd blocks, all threads");
    write_ratio(ratios, "cpu_l128_allt_vs_omp_simd_reduction", sz, &rows[5], &rows[3], reps,
                "canonical reduce L = 128 vs omp parallel for reduction(+) of omp simd blocks, all threads");
    return ok;
}

/* OpenMP's idle threads spin for a while after each parallel region, on the
 * very cores the next row's threads need: a row timed right after an OpenMP
 * row would pay for its spinning. Asleep between regions instead
 * (OMP_WAIT_POLICY=passive), every row has the cores to itself and an
 * OpenMP row pays only its threads' wake-up, microseconds a call. The
 * runtime reads the variable when it starts, before main, hence the
 * re-exec; a policy the user set is kept. */
static const char *omp_threads_sleep_when_idle(char **argv)
{
    const char *set = getenv("OMP_WAIT_POLICY");
    if (set != NULL || !sum_have_openmp())
        return set;
    if (setenv("OMP_WAIT_POLICY", "passive", 1) == 0)
        execv("/proc/self/exe", argv); /* returns only when it failed: go on as we are */
    unsetenv("OMP_WAIT_POLICY");
    return NULL;
}

/* --ratios FILE: opened for appending before anything is measured, so that a
 * path that cannot be written ends the run at once (common/lib/ratios.h:
 * "error: writing FILE: REASON", exit 1); NULL when not given. */
static FILE *open_ratios(const char *path)
{
    if (path == NULL)
        return NULL;
    FILE *f = fopen(path, "a");
    if (f == NULL) {
        fprintf(stderr, "error: writing %s: %s\n", path, strerror(errno));
        exit(EXIT_MISMATCH);
    }
    return f;
}

int main(int argc, char **argv)
{
    /* linked with common/gpu/no_cuda.c in every build: say why no GPU is here */
    no_device_description = "none (a CPU benchmark: only the host below is measured)";
    no_device_refusal = "skipped: this program measures the CPU only";
    const char *wait_policy = omp_threads_sleep_when_idle(argv);
    uint64_t n = 1000000, max_n = UINT64_C(1) << 28, reps = 11, threads = 0, seed = LCG64_DEFAULT_SEED;
    int quiet = 0;
    const char *ratios_path = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "doubles of the one-thread table (default 1000000)", 1, UINT64_C(1) << 30, NULL },
        { "--max-n", CLI_U64, &max_n, "doubles of the all-threads table (default 2^28)", 1, UINT64_C(1) << 31, NULL },
        { "--threads", CLI_U64, &threads, "threads of the all-threads table (default: every processor)", 1, 1024,
          NULL },
        { "--reps", CLI_U64, &reps, "timed repetitions of every row (default 11)", 1, 1000, NULL },
        { "--seed", CLI_U64, &seed, "LCG seed, hex or decimal (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--ratios", CLI_STRING, &ratios_path, "append the headline ratios to FILE (TSV)", 0, 0, NULL },
        { "--quiet", CLI_FLAG, &quiet, "tables and verdict only", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "The CPU canonical reduce (SIMD, threads) against a plain loop, omp simd, OpenMP reductions and the read "
              "bandwidth.",
              options, sizeof options / sizeof options[0]);
    if (threads == 0)
        threads = threads_online();
    FILE *ratios = open_ratios(ratios_path);
    print_run_header(argc, argv);
    if (!quiet) {
        printf("Host clock (CLOCK_MONOTONIC); %d warm-up rounds, then %d rounds of every row in turn; median and\n"
               "min..max; GB/s = 8 N bytes / median. OpenMP: %s. The canonical rows are checked bit for bit\n"
               "against the scalar library; the last column shows that the rivals' bits are not theirs.\n",
               WARMUP, (int)reps, sum_have_openmp() ? "yes" : "no (built without OpenMP: its rows are skipped)");
        if (wait_policy != NULL)
            printf("OMP_WAIT_POLICY=%s: between its parallel regions OpenMP's threads %s.\n", wait_policy,
                   strcmp(wait_policy, "passive") == 0 || strcmp(wait_policy, "PASSIVE") == 0
                       ? "sleep instead of spinning on the cores the next row needs"
                       : "may spin on the cores the next row needs");
        printf("\n");
    }
    int ok = bench_small((size_t)n, seed, (int)reps, ratios);
    ok &= bench_large((size_t)max_n, seed, (unsigned)threads, (int)reps, ratios);
    cli_close_output(ratios, ratios_path);
    return exit_status(verdict("every canonical result equals the scalar library bit for bit", ok));
}
