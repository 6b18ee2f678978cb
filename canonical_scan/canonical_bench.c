/* canonical_bench.c - the price of determinism on the GPU: the canonical
 * reduce and scans against CUB's DeviceReduce::Sum and
 * DeviceScan::InclusiveSum, measured in the same run on the same device
 * data (P4016 doubles, never zeros), at 2^20, 2^24 and 2^28 elements.
 *
 * Only kernels are timed (CUDA events, inputs already on the device, scratch
 * and CUB temporary storage allocated once), after warm-up runs. The
 * operations take turns within every repetition (interleaved: ours and
 * CUB's, one after the other, so a slow phase of the GPU hits both alike);
 * the table gives the median of --reps runs and their spread. GB/s counts
 * bytes read plus bytes written: 8 N for a reduce, 16 N for a scan. Beside
 * them, in the same rounds, the read-only ceiling kernel reads the same 8 N
 * bytes (common/gpu/read_ceiling.cu): a reduce's "% of read ceiling" is its
 * speed against a kernel that only reads, the bound a reduce can approach.
 * Every canonical result is then checked bit for bit against the CPU
 * library, and the ceiling's sum of the words it read against the host's.
 * --ratios FILE appends the headline ratios (common/ratios.h). --n N
 * measures the one size N instead of the three; --quiet prints only the
 * summary (the speeds at the largest size) and the verdicts. */
#include "bench_sizes.h"
#include "canonical_cpu.h"
#include "canonical_gpu_plan.h"
#include "common.h"
#include "cub_baseline.h"
#include "device_buffers.h"
#include "read_ceiling.h"
#include "run_header.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WARMUP 5

enum { CUB_REDUCE, REDUCE_L16, REDUCE_L128, REDUCE_L1, READ_CEILING, CUB_SCAN, SCAN_BD256, SCAN_PAIRWISE, OPS };

static const char *const op_name[OPS] = {
    "cub::DeviceReduce::Sum",
    "canonical reduce, L = 16",
    "canonical reduce, L = 128",
    "canonical reduce, L = 1 (pairwise)",
    "read-only ceiling (reads the same 8 N bytes)",
    "cub::DeviceScan::InclusiveSum",
    "block_dyadic<256> inclusive scan",
    "iterated_pairwise inclusive scan",
};
/* which CUB row each row is compared with */
static const int op_baseline[OPS] = { CUB_REDUCE, CUB_REDUCE, CUB_REDUCE, CUB_REDUCE,
                                      CUB_REDUCE, CUB_SCAN,   CUB_SCAN,   CUB_SCAN };
static const int op_is_scan[OPS] = { 0, 0, 0, 0, 0, 1, 1, 1 };
static const int op_is_reduce[OPS] = { 1, 1, 1, 1, 0, 0, 0, 0 };
/* the headline ratios (--ratios): NAME part and description of each canonical row */
static const char *const op_ratio_name[OPS] = { NULL, "reduce_l16", "reduce_l128",       "reduce_l1",
                                                NULL, NULL,         "scan_block_dyadic", "scan_iterated_pairwise" };

typedef struct {
    const double *d_x;
    double *d_out, *d_sum;
    cub_baseline *cub;
    gpu_reduce_plan *reduce[3]; /* L = 16, 128, 1 */
    gpu_scan_plan *scan[2];     /* block_dyadic<256>, iterated_pairwise */
    read_ceiling *ceiling;      /* reads d_x, 8 N bytes */
} bench_ctx;

static void launch(void *p, int op)
{
    bench_ctx *c = p;
    switch (op) {
    case CUB_REDUCE: cub_baseline_reduce(c->cub, c->d_x, c->d_sum); break;
    case REDUCE_L16: gpu_reduce_plan_run(c->reduce[0], c->d_x); break;
    case REDUCE_L128: gpu_reduce_plan_run(c->reduce[1], c->d_x); break;
    case REDUCE_L1: gpu_reduce_plan_run(c->reduce[2], c->d_x); break;
    case READ_CEILING: read_ceiling_launch(c->ceiling); break;
    case CUB_SCAN: cub_baseline_inclusive_scan(c->cub, c->d_x, c->d_out); break;
    case SCAN_BD256: gpu_scan_plan_run(c->scan[0], c->d_x, c->d_out, 0, 0, 0.0); break;
    case SCAN_PAIRWISE: gpu_scan_plan_run(c->scan[1], c->d_x, c->d_out, 0, 0, 0.0); break;
    }
}

typedef struct {
    double ms, spread, gbs;
} measurement;

/* Times every operation at one size, interleaved round by round. */
static void time_size(bench_ctx *c, size_t n, int reps, measurement *m)
{
    double *t = alloc_or_exit((size_t)OPS * (size_t)reps, sizeof *t, "the timings");
    gpu_time_interleaved(launch, c, OPS, WARMUP, reps, t);
    for (int op = 0; op < OPS; op++) {
        m[op].ms = median_of(&t[op * reps], (size_t)reps);
        m[op].spread = spread_of(&t[op * reps], (size_t)reps);
        const double bytes = (op_is_scan[op] ? 16.0 : 8.0) * (double)n;
        m[op].gbs = bytes / (m[op].ms * 1e-3) / 1e9;
    }
    free(t);
}

/* The wrapping sum of the 64-bit patterns of x[0..n-1]: what the read
 * ceiling must have read. */
static uint64_t word_sum(const double *x, size_t n)
{
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++)
        s += double_bits(x[i]);
    return s;
}

/* One size's table rows (quiet: none); ratios of the canonical rows to --ratios. */
static void print_size(const measurement *m, size_t n, const char *ratios, int quiet)
{
    char size[BENCH_LABEL_LEN];
    bench_size_label(n, size);
    for (int op = 0; op < OPS && !quiet; op++) {
        const double ratio = m[op_baseline[op]].ms / m[op].ms;
        printf("| %s | %s | %.4f | %.1f%% | %.0f | ", size, op_name[op], m[op].ms, 100.0 * m[op].spread, m[op].gbs);
        if (op == READ_CEILING)
            printf("| ");
        else
            printf("%.2fx | ", ratio);
        if (op_is_reduce[op])
            printf("%.0f%% |\n", 100.0 * m[READ_CEILING].ms / m[op].ms);
        else
            printf("|\n");
    }
    for (int op = 0; op < OPS; op++) {
        if (op_ratio_name[op] == NULL)
            continue;
        char name[96], what[160];
        snprintf(name, sizeof name, "canonical.%s_vs_cub.%s", op_ratio_name[op], size);
        snprintf(what, sizeof what, "%s vs %s, %s doubles", op_name[op], op_name[op_baseline[op]], size);
        ratios_append(ratios, name, 1e3 * m[op].ms, 1e3 * m[op_baseline[op]].ms, what);
    }
    char name[96], what[160];
    snprintf(name, sizeof name, "canonical.reduce_l16_vs_read_ceiling.%s", size);
    snprintf(what, sizeof what, "canonical reduce L = 16 vs the read-only ceiling on the same bytes, %s doubles", size);
    ratios_append(ratios, name, 1e3 * m[REDUCE_L16].ms, 1e3 * m[READ_CEILING].ms, what);
}

/* Checks the canonical results of one size against the CPU library. */
static int check_size(bench_ctx *c, const double *x, double *got, double *want, size_t n)
{
    static const unsigned lanes[3] = { 16, 128, 1 };
    int ok = 1;
    for (int r = 0; r < 3; r++) {
        double v = 0.0;
        device_download(&v, gpu_reduce_plan_run(c->reduce[r], c->d_x), 1);
        ok &= doubles_bit_equal(v, canonical_reduce(x, n, lanes[r], 0, 0.0));
    }
    for (int s = 0; s < 2; s++) {
        gpu_scan_plan_run(c->scan[s], c->d_x, c->d_out, 0, 0, 0.0);
        gpu_scan_plan_check(c->scan[s]);
        device_download(got, c->d_out, n);
        if (s == 0)
            block_dyadic_scan(x, want, n, 256, 0, 0, 0.0);
        else
            iterated_pairwise_scan(x, want, n, 0, 0, 0.0);
        ok &= memcmp(got, want, n * sizeof *got) == 0;
    }
    return ok;
}

static void print_header(int argc, char **argv, uint64_t reps, uint64_t seed)
{
    printf("## canonical_scan: canonical reduce and scans vs CUB\n\n");
    print_run_header(argc, argv);
    printf("- data: P4016 LCG doubles in [-1, 1) (seed 0x%016" PRIX64 "), on the device before timing\n", seed);
    printf("- timing: CUDA events around the kernels only; %d warm-up rounds, then %" PRIu64
           " rounds in which every operation runs once (interleaved, order reversed every other round);"
           " median; spread = (max - min) / median\n",
           WARMUP, reps);
    printf("- GB/s: bytes read + written (reduce 8 N, scan 16 N) / median time; %% of read ceiling: the read-only"
           " kernel's time on the same 8 N bytes / the reduce's time\n\n");
}

/* The canonical kernels' speed relative to CUB's at the largest size. */
static void print_ratios(const measurement *m, size_t n)
{
    printf("\nat N = %zu, speed relative to CUB in the same run (above 1: faster):\n", n);
    printf("- canonical reduce L = 16: %.2fx\n", m[CUB_REDUCE].ms / m[REDUCE_L16].ms);
    printf("- canonical reduce L = 128: %.2fx\n", m[CUB_REDUCE].ms / m[REDUCE_L128].ms);
    printf("- block_dyadic<256> inclusive scan: %.2fx\n", m[CUB_SCAN].ms / m[SCAN_BD256].ms);
    printf("- read-only ceiling on the same bytes: %.0f GB/s; canonical reduce L = 16 reaches %.0f%% of it, "
           "CUB's reduce %.0f%%\n\n",
           m[READ_CEILING].gbs, 100.0 * m[READ_CEILING].ms / m[REDUCE_L16].ms,
           100.0 * m[READ_CEILING].ms / m[CUB_REDUCE].ms);
}

/* GB/s per size and operation, for the figure's gnuplot script. */
static void write_dat(const char *path, const char *device, const char *date, uint64_t reps, measurement m[][OPS],
                      const uint64_t *sizes, int nsizes)
{
    FILE *f = cli_open_output(path);
    fprintf(f, "# %s, %s: GB/s (bytes read + written / median time), %" PRIu64 " runs\n", device, date, reps);
    fprintf(f, "# log2N cub_reduce reduce_L16 reduce_L128 reduce_L1 cub_scan block_dyadic256 iterated_pairwise"
               " read_ceiling\n");
    static const int column[OPS] = { CUB_REDUCE, REDUCE_L16, REDUCE_L128,   REDUCE_L1,
                                     CUB_SCAN,   SCAN_BD256, SCAN_PAIRWISE, READ_CEILING };
    for (int s = 0; s < nsizes; s++) {
        if (sizes[s] == UINT64_C(1) << bench_log2(sizes[s]))
            fprintf(f, "%d", bench_log2(sizes[s]));
        else /* a size of --n that is no power of two */
            fprintf(f, "%.4f", log2((double)sizes[s]));
        for (int k = 0; k < OPS; k++)
            fprintf(f, " %.1f", m[s][column[k]].gbs);
        fprintf(f, "\n");
    }
    cli_close_output(f, path);
}

int main(int argc, char **argv)
{
    uint64_t max_log2 = 0, one_size = 0, reps = 30, seed = LCG64_DEFAULT_SEED; /* 0: not given */
    int quiet = 0;
    const char *dat = NULL, *ratios = NULL, *on = NULL;
    const cli_option options[] = {
        { "--max-log2", CLI_U64, &max_log2, "largest size 2^K; sizes 2^20, 2^24, 2^28 up to it (default 28)", 10, 30,
          NULL },
        { "--n", CLI_U64, &one_size, "measure this one size instead (elements)", 1, UINT64_C(1) << 30, NULL },
        { "--seed", CLI_U64, &seed, "LCG seed of the data, hex or decimal (default 0x243F6A8885A308D3)", 0, UINT64_MAX,
          NULL },
        { "--reps", CLI_U64, &reps, "timed runs per measurement (default 30)", 1, 1000, NULL },
        { "--dat", CLI_STRING, &dat, "also write GB/s per size to this plain data file", 0, 0, NULL },
        { "--ratios", CLI_STRING, &ratios, "append the headline ratios to FILE (the bench summary's rows)", 0, 0,
          NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the summary and the verdicts", 0, 0, NULL },
        CLI_OPTION_ON_GPU_NO_EMU(&on),
    };
    cli_parse(argc, argv, "Times the canonical reduce and scans against CUB in the same run (markdown tables).",
              options, sizeof options / sizeof options[0]);
    cli_no_emu(on,
               "this program times the canonical kernels against CUB; the CPU emulator has no model of time, cannot "
               "compile CUB (inline PTX) and does not model the canonical kernels' thread-block clusters, inline PTX "
               "and dependent launches");
    uint64_t sizes[BENCH_MAX_SIZES];
    const int nsizes = bench_sizes_of_options(one_size, max_log2, sizes);
    gpu_require_device();

    const size_t largest = sizes[nsizes - 1];

    char device[256], date[32];
    gpu_device_describe(device, sizeof device); /* for the data file's first line */
    utc_now(date, sizeof date, "%Y-%m-%d");
    if (!quiet) {
        print_header(argc, argv, reps, seed);
        printf("| N | operation | median ms | spread | GB/s | vs CUB | %% of read ceiling |\n"
               "|---|---|---|---|---|---|---|\n");
    }

    double *x = alloc_or_exit(largest, sizeof(double), "the data"),
           *got = alloc_or_exit(largest, sizeof(double), "the GPU scan");
    double *want = alloc_or_exit(largest, sizeof(double), "the CPU scan");
    p4016_data(seed, 0, x, largest);
    double *d_x = device_doubles(largest), *d_out = device_doubles(largest), *d_sum = device_doubles(1);
    device_upload(d_x, x, largest);

    measurement m[BENCH_MAX_SIZES][OPS];
    int all_checked = 1, ceiling_read_all = 1;
    for (int s = 0; s < nsizes; s++) {
        const size_t n = sizes[s];
        bench_ctx c = { d_x,
                        d_out,
                        d_sum,
                        cub_baseline_create(n),
                        { gpu_reduce_plan_create(n, 16), gpu_reduce_plan_create(n, 128), gpu_reduce_plan_create(n, 1) },
                        { gpu_scan_plan_create(n, 256), gpu_scan_plan_create(n, 0) },
                        read_ceiling_create(d_x, 8 * n) };
        time_size(&c, n, (int)reps, m[s]);
        gpu_scan_plan_check(c.scan[0]);
        gpu_scan_plan_check(c.scan[1]);
        all_checked &= check_size(&c, x, got, want, n);
        const int read_all = read_ceiling_sum(c.ceiling) == word_sum(x, n);
        ceiling_read_all &= read_all;
        if (all_checked && read_all) /* a wrong result is no ratio */
            print_size(m[s], n, ratios, quiet);
        else { /* printed even when quiet: what went wrong */
            char size[BENCH_LABEL_LEN];
            printf("| %s | MISMATCH: a result differs (see the verdicts below) | | | | | |\n",
                   bench_size_label(n, size));
        }
        read_ceiling_destroy(c.ceiling);
        cub_baseline_destroy(c.cub);
        for (int r = 0; r < 3; r++)
            gpu_reduce_plan_destroy(c.reduce[r]);
        gpu_scan_plan_destroy(c.scan[0]);
        gpu_scan_plan_destroy(c.scan[1]);
    }
    device_sync();

    print_ratios(m[nsizes - 1], largest);
    if (dat != NULL)
        write_dat(dat, device, date, reps, m, sizes, nsizes);
    device_free(d_x);
    device_free(d_out);
    device_free(d_sum);
    free(x);
    free(got);
    free(want);
    int ok = verdict("every canonical result of every size equals the CPU library bit for bit", all_checked);
    ok &= verdict("the read ceiling read every word of the input (sum of 64-bit words)", ceiling_read_all);
    return exit_status(ok);
}
