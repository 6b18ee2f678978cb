/* cub_contrast.c - CUB's reduce and inclusive scan against the canonical
 * block_dyadic<256> ones, on the same P4016 data (default N = 2^20).
 *
 * CUB names no expression, and its scan does not even promise to repeat
 * itself (its look-back adds whatever predecessors are ready: on the H200,
 * 2026-11-30, two runs gave different bits). Its scan's last element need
 * not equal its own reduce, and almost every
 * scan element differs in its last bits from the canonical scan. Neither is
 * "wrong" -- both are within rounding of a compensated reference -- they are
 * different expressions. The canonical scan's back element equals its
 * reduce, and the published witness, by construction.
 *
 * --runs R is the trap shown failing: R runs of each on the same data in
 * one process, counting the distinct bit patterns of every output. The
 * canonical scan must give one; CUB's scan is allowed to give several. */
#include "canonical_cpu.h"
#include "canonical_gpu.h"
#include "canonical_gpu_plan.h"
#include "common.h"
#include "cub_baseline.h"
#include "device_buffers.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define WITNESS_N (UINT64_C(1) << 20)
#define WITNESS_BITS UINT64_C(0x406fef4dbe54a0f8)
#define BLOCK 256u
/* CUB's sums must be this close to the compensated reference, relative to
 * sum |x_i| (the scale of the rounding errors, cancellation or not). */
#define CUB_TOLERANCE 1e-10

/* A compensated (Neumaier) sum: an accurate reference to measure against. */
static double compensated_sum(const double *x, size_t n)
{
    double s = 0.0, c = 0.0;
    for (size_t i = 0; i < n; i++) {
        const double t = s + x[i];
        c += fabs(s) >= fabs(x[i]) ? (s - t) + x[i] : (x[i] - t) + s;
        s = t;
    }
    return s + c;
}

static size_t count_differences(const double *a, const double *b, size_t n, uint64_t *max_ulps)
{
    size_t differ = 0;
    *max_ulps = 0;
    for (size_t i = 0; i < n; i++) {
        if (!doubles_bit_equal(a[i], b[i])) {
            differ++;
            const uint64_t u = ulp_distance_double(a[i], b[i]);
            if (u > *max_ulps)
                *max_ulps = u;
        }
    }
    return differ;
}

static void show(const char *what, double v, double ref)
{
    char hex[HEX64_LEN];
    printf("  %-40s %s  %.17g  (%" PRIu64 " ulp from the reference)\n", what, double_hex(v, hex), v,
           ulp_distance_double(v, ref));
}

typedef struct {
    double cub_sum, cub_scan_back, can_reduce, can_scan_back, ref;
} contrast_sums;

static void print_contrast(const contrast_sums *s, uint64_t n, uint64_t seed, int hostile, int cub_repeats,
                           size_t differ, uint64_t max_ulps)
{
    char device[256];
    gpu_device_describe(device, sizeof device);
    printf("GPU: %s\n", device);
    printf("data: N = %" PRIu64 " P4016 doubles, seed 0x%016" PRIx64 "%s\n\n", n, seed,
           hostile ? ", hostile overlay" : "");
    printf("the sum of all N elements, five ways:\n");
    show("CUB DeviceReduce::Sum", s->cub_sum, s->ref);
    show("CUB DeviceScan::InclusiveSum, back", s->cub_scan_back, s->ref);
    show("canonical block_dyadic<256> reduce", s->can_reduce, s->ref);
    show("canonical block_dyadic<256> scan, back", s->can_scan_back, s->ref);
    show("compensated reference (Neumaier)", s->ref, s->ref);
    printf("\nCUB scan back element == CUB reduce: %s\n",
           doubles_bit_equal(s->cub_scan_back, s->cub_sum) ? "yes" : "no");
    printf("CUB run to run (reduce and scan, twice each): %s\n", cub_repeats ? "same bits" : "DIFFERENT bits");
    printf("CUB scan elements that differ from the canonical scan: %zu of %" PRIu64 " (%.2f%%), "
           "at most %" PRIu64 " ulp apart\n",
           differ, n, 100.0 * (double)differ / (double)n, max_ulps);
    printf("(the P4229 paper, on a Tesla T4: 975698 of 1048576, and CUB's scan back\n"
           " element ...a0eb against its reduce ...a0d7)\n\n");
}

/* Distinct values among hash[0..runs-1]. */
static size_t distinct(const uint64_t *hash, size_t runs)
{
    size_t count = 0;
    for (size_t r = 0; r < runs; r++) {
        size_t k = 0;
        while (k < r && hash[k] != hash[r])
            k++;
        count += k == r;
    }
    return count;
}

// [listing trap-cub-run-to-run]
/* R runs of CUB's scan, CUB's reduce and the canonical scan on the same
 * device data: how many different bit patterns did each return? */
static int run_to_run(const double *d_x, double *d_out, double *d_sum, double *host, size_t n, size_t runs, int quiet)
{
    uint64_t *h_cub = alloc_or_exit(3 * runs, sizeof *h_cub, "the hashes"), *h_sum = h_cub + runs;
    uint64_t *h_can = h_cub + 2 * runs;
    cub_baseline *cub = cub_baseline_create(n);
    gpu_scan_plan *plan = gpu_scan_plan_create(n, BLOCK);
    for (size_t r = 0; r < runs; r++) {
        cub_baseline_inclusive_scan(cub, d_x, d_out);
        device_download(host, d_out, n);
        h_cub[r] = fnv1a64(host, n * sizeof *host);
        cub_baseline_reduce(cub, d_x, d_sum);
        device_download(host, d_sum, 1);
        h_sum[r] = double_bits(host[0]);
        gpu_scan_plan_run(plan, d_x, d_out, 0, 0, 0.0);
        gpu_scan_plan_check(plan);
        device_download(host, d_out, n);
        h_can[r] = fnv1a64(host, n * sizeof *host);
    }
    cub_baseline_destroy(cub);
    gpu_scan_plan_destroy(plan);
    if (!quiet) {
        printf("%zu runs of each, same data, same process (distinct bit patterns of the whole output):\n", runs);
        printf("  CUB DeviceScan::InclusiveSum        %zu\n", distinct(h_cub, runs));
        printf("  CUB DeviceReduce::Sum               %zu\n", distinct(h_sum, runs));
        printf("  canonical block_dyadic<256> scan    %zu\n\n", distinct(h_can, runs));
    }
    int ok = verdict("the canonical scan returns the same bits in every run", distinct(h_can, runs) == 1);
    ok &= verdict("CUB's scan returns the same bits in every run", distinct(h_cub, runs) == 1);
    free(h_cub);
    return ok;
}
// [end]

/* CUB, twice each: does it repeat itself run to run? (Printed, not assumed.) */
static void cub_twice(const double *d_x, double *d_out, double *d_sum, size_t n, double sum[2], double *scan0,
                      double *scan1)
{
    cub_baseline *cub = cub_baseline_create(n);
    for (int k = 0; k < 2; k++) {
        cub_baseline_reduce(cub, d_x, d_sum);
        device_download(&sum[k], d_sum, 1);
    }
    cub_baseline_inclusive_scan(cub, d_x, d_out);
    device_download(scan0, d_out, n);
    cub_baseline_inclusive_scan(cub, d_x, d_out);
    device_download(scan1, d_out, n);
    cub_baseline_destroy(cub);
}

int main(int argc, char **argv)
{
    uint64_t n = WITNESS_N, seed = LCG64_DEFAULT_SEED, runs = 0;
    int hostile = 0, quiet = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements (default 2^20)", 1, UINT64_C(1) << 28, NULL },
        { "--seed", CLI_U64, &seed, "LCG seed (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--hostile", CLI_FLAG, &hostile, "add the P4016 cancellation overlay", 0, 0, NULL },
        { "--runs", CLI_U64, &runs, "instead: R runs of each, counting distinct outputs (the trap)", 2, 10000, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        CLI_OPTION_ON_GPU_NO_EMU(&on),
    };
    cli_parse(argc, argv, "CUB reduce and inclusive scan vs the canonical block_dyadic<256> ones, on the same data.",
              options, sizeof options / sizeof options[0]);
    cli_no_emu(on,
               "CUB's reduce and scan are built on inline PTX, which the emulator's shim cannot compile, and the "
               "canonical kernels beside them use thread-block clusters, inline PTX and dependent launches, which it "
               "does not model (canonical_scan --on cpu replays the canonical scan's arithmetic)");
    gpu_require_device();

    double *x = alloc_or_exit(n, sizeof(double), "the data"),
           *cub_scan = alloc_or_exit(n, sizeof(double), "the CUB scan");
    p4016_data(seed, hostile, x, n);
    double *d_x = device_doubles(n), *d_out = device_doubles(n), *d_sum = device_doubles(1);
    device_upload(d_x, x, n);
    if (runs) {
        const int same = run_to_run(d_x, d_out, d_sum, cub_scan, n, (size_t)runs, quiet);
        device_free(d_x);
        device_free(d_out);
        device_free(d_sum);
        free(x);
        free(cub_scan);
        return exit_status(same);
    }
    double *cub_scan2 = alloc_or_exit(n, sizeof(double), "the second CUB scan"),
           *can_scan = alloc_or_exit(n, sizeof(double), "the canonical scan");
    double *cpu_scan = alloc_or_exit(n, sizeof(double), "the CPU scan");
    double cub_sum[2];
    cub_twice(d_x, d_out, d_sum, n, cub_sum, cub_scan, cub_scan2);

    /* canonical block_dyadic<256>, GPU and CPU */
    gpu_scan_plan *plan = gpu_scan_plan_create(n, BLOCK);
    gpu_scan_plan_run(plan, d_x, d_out, 0, 0, 0.0);
    gpu_scan_plan_check(plan);
    device_download(can_scan, d_out, n);
    gpu_scan_plan_destroy(plan);
    const double can_reduce = gpu_block_dyadic_reduce(x, n, BLOCK, 0, 0.0);
    block_dyadic_scan(x, cpu_scan, n, BLOCK, 0, 0, 0.0);
    const double ref = compensated_sum(x, n);
    double magnitude = 0.0;
    for (uint64_t i = 0; i < n; i++)
        magnitude += fabs(x[i]);

    uint64_t max_ulps = 0, max_ulps_cpu = 0, unused = 0;
    const size_t differ = count_differences(cub_scan, can_scan, n, &max_ulps);
    const size_t gpu_cpu_differ = count_differences(can_scan, cpu_scan, n, &max_ulps_cpu);
    const int cub_repeats = doubles_bit_equal(cub_sum[0], cub_sum[1]) &&
                            count_differences(cub_scan, cub_scan2, n, &unused) == 0;
    if (!quiet) {
        const contrast_sums sums = { cub_sum[0], cub_scan[n - 1], can_reduce, can_scan[n - 1], ref };
        print_contrast(&sums, n, seed, hostile, cub_repeats, differ, max_ulps);
    }
    int ok = 1;
    ok &= verdict("canonical GPU scan equals the CPU scan in every element", gpu_cpu_differ == 0);
    ok &= verdict("canonical scan back element equals the canonical reduce",
                  doubles_bit_equal(can_scan[n - 1], can_reduce));
    if (n == WITNESS_N && seed == LCG64_DEFAULT_SEED && !hostile)
        ok &= verdict("canonical reduce equals the published 0x406fef4dbe54a0f8",
                      double_bits(can_reduce) == WITNESS_BITS);
    ok &= verdict("CUB reduce and scan back are within 1e-10 * sum|x| of the reference (different, not wrong)",
                  fabs(cub_sum[0] - ref) <= CUB_TOLERANCE * magnitude &&
                      fabs(cub_scan[n - 1] - ref) <= CUB_TOLERANCE * magnitude);
    device_free(d_x);
    device_free(d_out);
    device_free(d_sum);
    free(x);
    free(cub_scan);
    free(cub_scan2);
    free(can_scan);
    free(cpu_scan);
    return exit_status(ok);
}
