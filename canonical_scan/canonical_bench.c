/* canonical_bench.c - the price of determinism on the GPU: the canonical
 * reduce and scans against CUB's DeviceReduce::Sum and
 * DeviceScan::InclusiveSum, measured in the same run on the same device
 * data (P4016 doubles, never zeros), at 2^20, 2^24 and 2^28 elements.
 *
 * Only kernels are timed (CUDA events, inputs already on the device, scratch
 * and CUB temporary storage allocated once), after warm-up runs; the table
 * gives the median of --reps runs and their spread. GB/s counts bytes read
 * plus bytes written: 8 N for a reduce, 16 N for a scan. Every canonical
 * result is then checked bit for bit against the CPU library. */
#include "bench_sizes.h"
#include "canonical_cpu.h"
#include "canonical_gpu_plan.h"
#include "common.h"
#include "cub_baseline.h"
#include "device_buffers.h"
#include "run_header.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WARMUP 5

enum { CUB_REDUCE, REDUCE_L16, REDUCE_L128, REDUCE_L1, CUB_SCAN, SCAN_BD256, SCAN_PAIRWISE, OPS };

static const char *const op_name[OPS] = {
    "cub::DeviceReduce::Sum",
    "canonical reduce, L = 16",
    "canonical reduce, L = 128",
    "canonical reduce, L = 1 (pairwise)",
    "cub::DeviceScan::InclusiveSum",
    "block_dyadic<256> inclusive scan",
    "iterated_pairwise inclusive scan",
};
/* which CUB row each row is compared with */
static const int op_baseline[OPS] = { CUB_REDUCE, CUB_REDUCE, CUB_REDUCE, CUB_REDUCE,
                                      CUB_SCAN,   CUB_SCAN,   CUB_SCAN };
static const int op_is_scan[OPS] = { 0, 0, 0, 0, 1, 1, 1 };

typedef struct {
    const double *d_x;
    double *d_out, *d_sum;
    cub_baseline *cub;
    gpu_reduce_plan *reduce[3]; /* L = 16, 128, 1 */
    gpu_scan_plan *scan[2];     /* block_dyadic<256>, iterated_pairwise */
    int op;
} bench_ctx;

static void launch(void *p)
{
    bench_ctx *c = p;
    switch (c->op) {
    case CUB_REDUCE: cub_baseline_reduce(c->cub, c->d_x, c->d_sum); break;
    case REDUCE_L16: gpu_reduce_plan_run(c->reduce[0], c->d_x); break;
    case REDUCE_L128: gpu_reduce_plan_run(c->reduce[1], c->d_x); break;
    case REDUCE_L1: gpu_reduce_plan_run(c->reduce[2], c->d_x); break;
    case CUB_SCAN: cub_baseline_inclusive_scan(c->cub, c->d_x, c->d_out); break;
    case SCAN_BD256: gpu_scan_plan_run(c->scan[0], c->d_x, c->d_out, 0, 0, 0.0); break;
    case SCAN_PAIRWISE: gpu_scan_plan_run(c->scan[1], c->d_x, c->d_out, 0, 0, 0.0); break;
    }
}

typedef struct {
    double ms, spread, gbs;
} measurement;

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

static void print_header(int argc, char **argv, uint64_t reps)
{
    printf("## canonical_scan: canonical reduce and scans vs CUB\n\n");
    print_run_header(argc, argv);
    printf("- data: P4016 LCG doubles in [-1, 1) (seed 0x243F6A8885A308D3), on the device before timing\n");
    printf("- timing: CUDA events around the kernels only; %d warm-up runs, median of %" PRIu64
           " runs; spread = (max - min) / median\n",
           WARMUP, reps);
    printf("- GB/s: bytes read + written (reduce 8 N, scan 16 N) / median time\n\n");
}

/* The canonical kernels' speed relative to CUB's at the largest size. */
static void print_ratios(const measurement *m, size_t n)
{
    printf("\nat N = %zu, speed relative to CUB in the same run (above 1: faster):\n", n);
    printf("- canonical reduce L = 16: %.2fx\n", m[CUB_REDUCE].ms / m[REDUCE_L16].ms);
    printf("- canonical reduce L = 128: %.2fx\n", m[CUB_REDUCE].ms / m[REDUCE_L128].ms);
    printf("- block_dyadic<256> inclusive scan: %.2fx\n\n", m[CUB_SCAN].ms / m[SCAN_BD256].ms);
}

/* GB/s per size and operation, for the figure's gnuplot script. */
static void write_dat(const char *path, const char *device, const char *date, uint64_t reps,
                      measurement m[][OPS], const uint64_t *sizes, int nsizes)
{
    FILE *f = cli_open_output(path);
    fprintf(f, "# %s, %s: GB/s (bytes read + written / median time), %" PRIu64 " runs\n", device, date, reps);
    fprintf(f, "# log2N cub_reduce reduce_L16 reduce_L128 reduce_L1 cub_scan block_dyadic256 iterated_pairwise\n");
    for (int s = 0; s < nsizes; s++) {
        fprintf(f, "%d", bench_log2(sizes[s]));
        for (int op = 0; op < OPS; op++)
            fprintf(f, " %.1f", m[s][op].gbs);
        fprintf(f, "\n");
    }
    cli_close_output(f, path);
}

int main(int argc, char **argv)
{
    uint64_t max_log2 = 28, reps = 30;
    const char *dat = NULL;
    const cli_option options[] = {
        { "--max-log2", CLI_U64, &max_log2, "largest size 2^K; sizes 2^20, 2^24, 2^28 up to it (default 28)", 10, 30, NULL },
        { "--reps", CLI_U64, &reps, "timed runs per measurement (default 30)", 1, 1000, NULL },
        { "--dat", CLI_STRING, &dat, "also write GB/s per size to this plain data file", 0, 0, NULL },
    };
    cli_parse(argc, argv, "Times the canonical reduce and scans against CUB in the same run (markdown tables).",
              options, sizeof options / sizeof options[0]);
    gpu_require_device();

    uint64_t sizes[BENCH_MAX_SIZES];
    const int nsizes = bench_sizes(max_log2, sizes);
    const size_t largest = sizes[nsizes - 1];

    char device[256], date[32];
    gpu_device_describe(device, sizeof device); /* for the data file's first line */
    utc_now(date, sizeof date, "%Y-%m-%d");
    print_header(argc, argv, reps);
    printf("| N | operation | median ms | spread | GB/s | vs CUB |\n|---|---|---|---|---|---|\n");

    double *x = alloc_or_exit(largest, sizeof(double), "the data"), *got = alloc_or_exit(largest, sizeof(double), "the GPU scan");
    double *want = alloc_or_exit(largest, sizeof(double), "the CPU scan");
    p4016_data(LCG64_DEFAULT_SEED, 0, x, largest);
    double *d_x = device_doubles(largest), *d_out = device_doubles(largest), *d_sum = device_doubles(1);
    device_upload(d_x, x, largest);

    measurement m[BENCH_MAX_SIZES][OPS];
    int all_checked = 1;
    for (int s = 0; s < nsizes; s++) {
        const size_t n = sizes[s];
        bench_ctx c = { d_x, d_out, d_sum, cub_baseline_create(n),
                        { gpu_reduce_plan_create(n, 16), gpu_reduce_plan_create(n, 128), gpu_reduce_plan_create(n, 1) },
                        { gpu_scan_plan_create(n, 256), gpu_scan_plan_create(n, 0) },
                        0 };
        for (int op = 0; op < OPS; op++) {
            c.op = op;
            m[s][op].ms = device_median_ms(launch, &c, WARMUP, (int)reps, &m[s][op].spread);
            const double bytes = (op_is_scan[op] ? 16.0 : 8.0) * (double)n;
            m[s][op].gbs = bytes / (m[s][op].ms * 1e-3) / 1e9;
        }
        gpu_scan_plan_check(c.scan[0]);
        gpu_scan_plan_check(c.scan[1]);
        for (int op = 0; op < OPS; op++) {
            const double ratio = m[s][op_baseline[op]].ms / m[s][op].ms;
            printf("| 2^%d | %s | %.4f | %.1f%% | %.0f | %.2fx |\n", bench_log2(n), op_name[op], m[s][op].ms,
                   100.0 * m[s][op].spread, m[s][op].gbs, ratio);
        }
        all_checked &= check_size(&c, x, got, want, n);
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
    return exit_status(verdict("every canonical result of every size equals the CPU library bit for bit", all_checked));
}
