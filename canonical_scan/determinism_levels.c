/* determinism_levels.c - the canonical reduce and scan against CUB's own
 * determinism levels, in the same run on the same device data:
 *
 *   reduce: canonical L = 16 and L = 128  vs  cub::DeviceReduce::Sum with
 *           not_guaranteed, run_to_run and gpu_to_gpu;
 *   scan:   block_dyadic<256>  vs  cub::DeviceScan::InclusiveSum classic
 *           (not_guaranteed) and run_to_run.
 *
 * Timing: CUDA events around one call, after warm-up; the operations take
 * turns within every repetition (interleaved, so a slow phase of the GPU
 * hits them all alike), in reverse order every other repetition (so that
 * no operation always runs right after the same one: a scan leaves L2 full
 * of written lines that the next kernel pays to write back); median and
 * spread of --reps. Then every operation
 * runs --runs more times on one input and the program counts the distinct
 * bit patterns it produced (a scan's pattern: FNV-1a 64 of its whole
 * output). Every canonical result is checked bit for bit against the CPU
 * library. Without CCCL >= 3.1 (make CCCL_DIR=...) the CUB rows say so.
 * --ratios FILE appends the headline ratios (common/ratios.h); without the
 * CCCL it appends them as `skipped`, so the bench summary can tell a build
 * without the rival from a bench that did not run. --n N measures the one
 * size N instead (and counts its bit patterns there); --quiet prints only
 * the summary tables and the verdicts. */
#include "bench_sizes.h"
#include "canonical_cpu.h"
#include "canonical_gpu_plan.h"
#include "common.h"
#include "cub_levels.h"
#include "device_buffers.h"
#include "run_header.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WARMUP 5

enum { RED_L16, RED_L128, CUB_RED_NG, CUB_RED_R2R, CUB_RED_G2G, SCAN_BD256, CUB_SCAN_NG, CUB_SCAN_R2R, OPS };

static const char *const op_name[OPS] = {
    "canonical reduce, L = 16",
    "canonical reduce, L = 128",
    "CUB reduce, not_guaranteed",
    "CUB reduce, run_to_run",
    "CUB reduce, gpu_to_gpu",
    "block_dyadic<256> scan",
    "CUB scan, classic (not_guaranteed)",
    "CUB scan, run_to_run",
};
static const int op_is_cub[OPS] = { 0, 0, 1, 1, 1, 0, 1, 1 };
static const int op_is_scan[OPS] = { 0, 0, 0, 0, 0, 1, 1, 1 };

typedef struct {
    const double *d_x;
    double *d_out, *d_sum;
    gpu_reduce_plan *reduce16, *reduce128;
    gpu_scan_plan *scan;
    cub_levels *cub;
    int op;
} levels_ctx;

/* Enqueues one operation; a reduce leaves its value at the returned device
 * address, a scan its output in d_out. */
static const double *run_op(levels_ctx *c)
{
    switch (c->op) {
    case RED_L16: return gpu_reduce_plan_run(c->reduce16, c->d_x);
    case RED_L128: return gpu_reduce_plan_run(c->reduce128, c->d_x);
    case CUB_RED_NG: cub_levels_reduce(c->cub, CUB_NOT_GUARANTEED, c->d_x, c->d_sum); return c->d_sum;
    case CUB_RED_R2R: cub_levels_reduce(c->cub, CUB_RUN_TO_RUN, c->d_x, c->d_sum); return c->d_sum;
    case CUB_RED_G2G: cub_levels_reduce(c->cub, CUB_GPU_TO_GPU, c->d_x, c->d_sum); return c->d_sum;
    case SCAN_BD256: gpu_scan_plan_run(c->scan, c->d_x, c->d_out, 0, 0, 0.0); return c->d_out;
    case CUB_SCAN_NG: cub_levels_inclusive_scan(c->cub, CUB_NOT_GUARANTEED, c->d_x, c->d_out); return c->d_out;
    default: cub_levels_inclusive_scan(c->cub, CUB_RUN_TO_RUN, c->d_x, c->d_out); return c->d_out;
    }
}

static void launch(void *p)
{
    (void)run_op(p);
}

static int op_runs_here(int op)
{
    return !op_is_cub[op] || cub_levels_available();
}

/* The bits one run of the operation produced: the double itself for a
 * reduce, FNV-1a 64 of the whole output for a scan. */
static uint64_t result_bits(levels_ctx *c, size_t n, double *host)
{
    const double *d = run_op(c);
    if (!op_is_scan[c->op]) {
        double v = 0.0;
        device_download(&v, d, 1);
        return double_bits(v);
    }
    device_download(host, d, n);
    return fnv1a64(host, n * sizeof *host);
}

/* Times every operation at one size, interleaved; fills ms and spread. */
static void time_size(levels_ctx *c, int reps, double *ms, double *spread)
{
    double *t = alloc_or_exit((size_t)OPS * (size_t)reps, sizeof *t, "the timings");
    for (int w = 0; w < WARMUP; w++)
        for (c->op = 0; c->op < OPS; c->op++)
            if (op_runs_here(c->op))
                launch(c);
    device_sync();
    for (int r = 0; r < reps; r++)
        for (int k = 0; k < OPS; k++) {
            c->op = r % 2 ? OPS - 1 - k : k;
            if (op_runs_here(c->op))
                t[c->op * reps + r] = cub_levels_time_once_ms(launch, c);
        }
    for (int op = 0; op < OPS; op++) {
        ms[op] = op_runs_here(op) ? median_of(&t[op * reps], (size_t)reps) : 0.0;
        spread[op] = op_runs_here(op) ? spread_of(&t[op * reps], (size_t)reps) : 0.0;
    }
    free(t);
}

/* The canonical results at this size equal the CPU library's, bit for bit. */
static int canonical_results_match(levels_ctx *c, const double *x, double *got, double *want, size_t n)
{
    int ok = 1;
    c->op = RED_L16;
    ok &= result_bits(c, n, got) == double_bits(canonical_reduce(x, n, 16, 0, 0.0));
    c->op = RED_L128;
    ok &= result_bits(c, n, got) == double_bits(canonical_reduce(x, n, 128, 0, 0.0));
    c->op = SCAN_BD256;
    const uint64_t gpu_hash = result_bits(c, n, got);
    gpu_scan_plan_check(c->scan);
    block_dyadic_scan(x, want, n, 256, 0, 0, 0.0);
    ok &= gpu_hash == fnv1a64(want, n * sizeof *want);
    return ok;
}

/* Distinct bit patterns of each operation over `runs` runs on one input. */
static void count_patterns(levels_ctx *c, size_t n, int runs, double *host, int *distinct)
{
    uint64_t *seen = alloc_or_exit((size_t)runs, sizeof *seen, "the bit patterns");
    for (c->op = 0; c->op < OPS; c->op++) {
        distinct[c->op] = 0;
        if (!op_runs_here(c->op))
            continue;
        for (int r = 0; r < runs; r++) {
            const uint64_t bits = result_bits(c, n, host);
            int known = 0;
            for (int k = 0; k < distinct[c->op] && !known; k++)
                known = seen[k] == bits;
            if (!known)
                seen[distinct[c->op]++] = bits;
        }
    }
    free(seen);
}

static void print_size_rows(size_t n, const double *ms, const double *spread)
{
    char size[BENCH_LABEL_LEN];
    bench_size_label(n, size);
    for (int op = 0; op < OPS; op++) {
        printf("| %s | %s | ", size, op_name[op]);
        if (!op_runs_here(op)) {
            printf("skipped: needs CCCL >= 3.1 (CCCL_DIR) | | | |\n");
            continue;
        }
        const double bytes = (op_is_scan[op] ? 16.0 : 8.0) * (double)n;
        const int rival = op_is_scan[op] ? CUB_SCAN_NG : CUB_RED_R2R;
        printf("%.4f | %.1f%% | %.0f | ", ms[op], 100.0 * spread[op], bytes / (ms[op] * 1e-3) / 1e9);
        if (op_is_cub[op] || !op_runs_here(rival))
            printf("|\n");
        else
            printf("%.2fx %s |\n", ms[rival] / ms[op], op_is_scan[op] ? "classic" : "run_to_run");
    }
}

/* The ratios the chapter quotes, at one size: canonical time vs each level. */
static void print_ratios(size_t n, const double *ms)
{
    if (!cub_levels_available())
        return;
    char size[BENCH_LABEL_LEN];
    printf("| %s | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx | %.2fx |\n", bench_size_label(n, size),
           ms[CUB_RED_NG] / ms[RED_L16], ms[CUB_RED_R2R] / ms[RED_L16], ms[CUB_RED_G2G] / ms[RED_L16],
           ms[CUB_RED_NG] / ms[RED_L128], ms[CUB_RED_R2R] / ms[RED_L128], ms[CUB_RED_G2G] / ms[RED_L128],
           ms[CUB_SCAN_NG] / ms[SCAN_BD256], ms[CUB_SCAN_R2R] / ms[SCAN_BD256]);
}

/* The headline ratios of one size: canonical vs the CUB level with the same
 * (or a weaker) guarantee. */
static void append_ratios(const char *path, size_t n, const double *ms)
{
    static const struct {
        int ours, rival;
        const char *name;
    } r[] = {
        { RED_L16, CUB_RED_R2R, "reduce_l16_vs_cub_run_to_run" },
        { RED_L16, CUB_RED_G2G, "reduce_l16_vs_cub_gpu_to_gpu" },
        { RED_L128, CUB_RED_G2G, "reduce_l128_vs_cub_gpu_to_gpu" },
        { SCAN_BD256, CUB_SCAN_R2R, "scan_block_dyadic_vs_cub_run_to_run" },
    };
    char size[BENCH_LABEL_LEN];
    bench_size_label(n, size);
    for (size_t k = 0; k < sizeof r / sizeof r[0]; k++) {
        char name[96], what[160];
        snprintf(name, sizeof name, "canonical.%s.%s", r[k].name, size);
        if (!cub_levels_available()) {
            ratios_append_skipped(path, name, "needs CCCL >= 3.1 (make CCCL_DIR=...)");
            continue;
        }
        snprintf(what, sizeof what, "%s vs %s, %s doubles", op_name[r[k].ours], op_name[r[k].rival], size);
        ratios_append(path, name, 1e3 * ms[r[k].ours], 1e3 * ms[r[k].rival], what);
    }
}

/* The ratio table (when CUB's levels ran) and the bit-pattern table. */
static void print_summary(const uint64_t *sizes, int nsizes, double ms[][OPS], const int *distinct, uint64_t runs,
                          size_t pattern_n)
{
    if (cub_levels_available()) {
        printf("\nSpeed of the canonical operation relative to each CUB level (CUB time / canonical time):\n\n");
        printf("| N | L=16 vs not_guaranteed | L=16 vs run_to_run | L=16 vs gpu_to_gpu | L=128 vs not_guaranteed "
               "| L=128 vs run_to_run | L=128 vs gpu_to_gpu | scan vs classic | scan vs run_to_run |\n"
               "|---|---|---|---|---|---|---|---|---|\n");
        for (int s = 0; s < nsizes; s++)
            print_ratios(sizes[s], ms[s]);
    }
    char size[BENCH_LABEL_LEN];
    printf("\nDistinct bit patterns over %" PRIu64 " runs on one input of %s doubles:\n\n", runs,
           bench_size_label(pattern_n, size));
    printf("| operation | distinct results |\n|---|---|\n");
    for (int op = 0; op < OPS; op++)
        if (op_runs_here(op))
            printf("| %s | %d |\n", op_name[op], distinct[op]);
        else
            printf("| %s | skipped: needs CCCL >= 3.1 (CCCL_DIR) |\n", op_name[op]);
    printf("\n");
}

int main(int argc, char **argv)
{
    /* 0: not given (--max-log2 and --pattern-log2 default to 28 and 24) */
    uint64_t max_log2 = 0, one_size = 0, reps = 30, runs = 100, pattern_log2 = 0, seed = LCG64_DEFAULT_SEED;
    int quiet = 0;
    const char *ratios = NULL, *on = NULL;
    const cli_option options[] = {
        { "--max-log2", CLI_U64, &max_log2, "largest size 2^K; sizes 2^20, 2^24, 2^28 up to it (default 28)", 10, 30,
          NULL },
        { "--n", CLI_U64, &one_size, "measure this one size instead, and count its bit patterns (elements)", 1,
          UINT64_C(1) << 30, NULL },
        { "--reps", CLI_U64, &reps, "timed runs per operation and size (default 30)", 1, 1000, NULL },
        { "--runs", CLI_U64, &runs, "runs whose bit patterns are counted (default 100)", 2, 10000, NULL },
        { "--pattern-log2", CLI_U64, &pattern_log2, "size 2^K of the bit-pattern count (default 24)", 10, 28, NULL },
        { "--seed", CLI_U64, &seed, "LCG seed of the data, hex or decimal (default 0x243F6A8885A308D3)", 0, UINT64_MAX,
          NULL },
        { "--ratios", CLI_STRING, &ratios, "append the headline ratios to FILE (the bench summary's rows)", 0, 0,
          NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the summary tables and the verdicts", 0, 0, NULL },
        CLI_OPTION_ON_GPU_NO_EMU(&on),
    };
    cli_parse(argc, argv, "The canonical reduce and scan against CUB's determinism levels, same run (markdown).",
              options, sizeof options / sizeof options[0]);
    cli_no_emu(on, "this program times CUB's determinism levels against the canonical kernels and counts the bit "
                   "patterns of runs on a GPU; the CPU emulator has no model of time, runs every launch in one fixed "
                   "order, cannot compile CUB (inline PTX) and does not model the canonical kernels' thread-block "
                   "clusters, inline PTX and dependent launches");
    uint64_t sizes[BENCH_MAX_SIZES];
    const int nsizes = bench_sizes_of_options(one_size, max_log2, sizes);
    if (one_size != 0 && pattern_log2 != 0 && UINT64_C(1) << pattern_log2 != one_size)
        cli_refuse("with --n the bit patterns are counted at N; --pattern-log2 %" PRIu64 " names another size",
                   pattern_log2);

    size_t largest = sizes[nsizes - 1], pattern_n = (size_t)1 << (pattern_log2 != 0 ? pattern_log2 : 24);
    if (pattern_n > largest || one_size != 0)
        pattern_n = largest;
    int pattern_size_measured = 0; /* the patterns are counted while that size's plans exist */
    for (int s = 0; s < nsizes; s++)
        pattern_size_measured |= sizes[s] == pattern_n;
    if (!pattern_size_measured) {
        char measured[3 * BENCH_LABEL_LEN] = "", size[BENCH_LABEL_LEN];
        for (int s = 0; s < nsizes; s++)
            snprintf(measured + strlen(measured), sizeof measured - strlen(measured), "%s%s", s ? ", " : "",
                     bench_size_label(sizes[s], size));
        cli_refuse("--pattern-log2 %" PRIu64 " names no size this run measures (%s)", pattern_log2, measured);
    }
    gpu_require_device();

    if (!quiet) {
        printf("## The canonical reduce and scan against CUB's determinism levels\n\n");
        print_run_header(argc, argv);
        printf("CCCL %d.%d.%d; determinism API %s. Data: P4016 LCG doubles in [-1, 1) (seed 0x%016" PRIX64
               "), on the device before timing. "
               "CUDA events around one call; %d warm-up rounds; operations interleaved in each of %" PRIu64
               " rounds, order reversed every other round; median and spread = (max - min) / median. CUB's temporary "
               "storage is allocated once and "
               "passed through a memory resource. GB/s = bytes read + written / median.\n\n",
               cub_levels_cccl_version() / 1000000, cub_levels_cccl_version() / 1000 % 1000,
               cub_levels_cccl_version() % 1000, cub_levels_available() ? "present" : "absent (rows skipped)", seed,
               WARMUP, reps);
    }

    double *x = alloc_or_exit(largest, sizeof *x, "the data"), *got = alloc_or_exit(largest, sizeof *got, "a GPU scan");
    double *want = alloc_or_exit(largest, sizeof *want, "the CPU scan");
    p4016_data(seed, 0, x, largest);
    double *d_x = device_doubles(largest), *d_out = device_doubles(largest), *d_sum = device_doubles(1);
    device_upload(d_x, x, largest);

    double ms[BENCH_MAX_SIZES][OPS], spread[BENCH_MAX_SIZES][OPS];
    int distinct[OPS] = { 0 }, checked = 1;
    if (!quiet)
        printf("| N | operation | median ms | spread | GB/s | canonical vs |\n|---|---|---|---|---|---|\n");
    for (int s = 0; s < nsizes; s++) {
        const size_t n = sizes[s];
        levels_ctx c = { d_x,
                         d_out,
                         d_sum,
                         gpu_reduce_plan_create(n, 16),
                         gpu_reduce_plan_create(n, 128),
                         gpu_scan_plan_create(n, 256),
                         cub_levels_create(n),
                         0 };
        time_size(&c, (int)reps, ms[s], spread[s]);
        if (!quiet)
            print_size_rows(n, ms[s], spread[s]);
        const int size_checked = canonical_results_match(&c, x, got, want, n);
        checked &= size_checked;
        if (size_checked) /* a wrong result is no ratio */
            append_ratios(ratios, n, ms[s]);
        if (n == pattern_n)
            count_patterns(&c, n, (int)runs, got, distinct);
        gpu_reduce_plan_destroy(c.reduce16);
        gpu_reduce_plan_destroy(c.reduce128);
        gpu_scan_plan_destroy(c.scan);
        cub_levels_destroy(c.cub);
    }
    print_summary(sizes, nsizes, ms, distinct, runs, pattern_n);
    const int canonical_one = distinct[RED_L16] == 1 && distinct[RED_L128] == 1 && distinct[SCAN_BD256] == 1;
    int ok = verdict("every canonical GPU result equals the CPU library, bit for bit, at every size", checked);
    ok &= verdict("the canonical operations gave one bit pattern in every run", canonical_one);
    if (cub_levels_available())
        ok &= verdict("CUB's gpu_to_gpu reduce gave one bit pattern in every run", distinct[CUB_RED_G2G] == 1);
    device_free(d_x);
    device_free(d_out);
    device_free(d_sum);
    free(x);
    free(got);
    free(want);
    return exit_status(ok);
}
