/* classic_gpu.c - the classic networks' kernels on the GPU against their
 * expressions, CUB's block scans against the networks, and the device-wide
 * scans against CUB. Needs a GPU (exit 77 without):
 *   (default)  each network's block-level kernel (tiles of 32 .. 1024,
 *              inclusive and exclusive), the warp-level Kogge-Stone and the
 *              device-wide scans against their named expressions, bit for
 *              bit; then CUB's WarpScan and BlockScan (three algorithms) on
 *              one tile of 256 doubles against each named expression: which
 *              one, if any, CUB computes
 *   --mistake in-place|no-clear   a trap on the GPU: Kogge-Stone reading and
 *              writing one buffer (run it under compute-sanitizer --tool
 *              racecheck to see the hazards), Blelloch without clearing the root
 *   --bench    each device-wide scan against cub::DeviceScan::InclusiveSum
 *              at 2^20, 2^24 and 2^28 doubles, interleaved, --reps runs each.
 * The CPU emulator runs the same kernels (tests/emulated_classic_scans.cpp). */
#include "common.h"
#include "canonical_cpu.h"
#include "classic_networks.h"
#include "classic_scans.h"
#include "cub_baseline.h"
#include "device_buffers.h"
#include "run_header.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DEVICE_TILE 256 /* CLASSIC_TILE of classic_block_scans.cuh */

static const classic_network four[CLASSIC_NETWORKS] = { NET_KOGGE_STONE, NET_BRENT_KUNG, NET_BLELLOCH, NET_SKLANSKY };

static size_t first_difference(const double *a, const double *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!doubles_bit_equal(a[i], b[i]))
            return i;
    return n;
}

/* Each tile of w on its own, by the CPU expressions. */
static void tile_reference(classic_network net, size_t w, const double *x, double *out, size_t n, int exclusive)
{
    for (size_t first = 0; first < n; first += w)
        classic_scan(net, x + first, out + first, n - first < w ? n - first : w, exclusive, 0, 0.0);
}

static int check_kernels(const double *x, int quiet)
{
    const size_t sizes[] = { 1, 31, 32, 33, 1000, 1024, 100003 };
    const unsigned threads[] = { 32, 64, 256, 1024 };
    double *got = alloc_or_exit(100003, sizeof *got, "the GPU output");
    double *want = alloc_or_exit(100003, sizeof *want, "the expressions");
    int all = 1;
    for (int k = 0; k < CLASSIC_NETWORKS; k++) {
        int ok = 1;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++)
                for (int exclusive = 0; exclusive <= 1; exclusive++) {
                    classic_gpu_tile_scan((int)four[k], x, got, sizes[s], threads[t], exclusive, 0);
                    tile_reference(four[k], threads[t], x, want, sizes[s], exclusive);
                    ok &= first_difference(got, want, sizes[s]) == sizes[s];
                }
        if (!quiet)
            printf("  block-level %-12s %s\n", network_title(four[k]), ok ? "bit-identical" : "MISMATCH");
        all &= ok;
    }
    classic_gpu_warp_scan(x, got, 100003);
    tile_reference(NET_KOGGE_STONE, 32, x, want, 100003, 0);
    const int warp_ok = first_difference(got, want, 100003) == 100003;
    if (!quiet)
        printf("  warp-level Kogge-Stone   %s\n", warp_ok ? "bit-identical" : "MISMATCH");
    free(got);
    free(want);
    return verdict("every network's kernel gives its expression's bits on the GPU", all && warp_ok);
}

static int check_device_scans(const double *x, size_t n_max, int quiet)
{
    const size_t sizes[] = { 1, 257, 65539, (size_t)1 << 20, n_max };
    double *got = alloc_or_exit(n_max, sizeof *got, "the GPU output");
    double *want = alloc_or_exit(n_max, sizeof *want, "the expressions");
    double *d_x = device_doubles(n_max), *d_out = device_doubles(n_max);
    device_upload(d_x, x, n_max);
    classic_device_plan *plan = classic_device_plan_create(n_max);
    int all = 1;
    for (int k = 0; k < CLASSIC_NETWORKS; k++) {
        int ok = 1;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            if (sizes[s] > n_max)
                continue;
            classic_device_scan_enqueue(plan, (int)four[k], d_x, d_out, sizes[s]);
            device_download(got, d_out, sizes[s]);
            classic_device_scan_reference(four[k], DEVICE_TILE, x, want, sizes[s]);
            ok &= first_difference(got, want, sizes[s]) == sizes[s];
        }
        if (!quiet)
            printf("  device-wide %-12s %s\n", network_title(four[k]), ok ? "bit-identical" : "MISMATCH");
        all &= ok;
    }
    classic_device_plan_destroy(plan);
    device_free(d_x);
    device_free(d_out);
    free(got);
    free(want);
    return verdict("every device-wide scan gives its expression's bits on the GPU", all);
}

/* CUB's warp and block scans on one tile against every named expression. */
static int cub_which(const double *x, int quiet)
{
    enum { T = CLASSIC_PROBE_TILE };
    double cub[T], net[CLASSIC_NETWORKS + 2][T];
    const char *labels[CLASSIC_NETWORKS + 2];
    if (!quiet)
        printf(
            "\nCUB's scans of one tile of %d doubles (P4016 hostile data) against each named expression:\n"
            "outputs with equal bits (of %d)\n\n| CUB | Kogge-Stone | Brent-Kung | Blelloch | Sklansky | left_fold | "
            "iterated_pairwise | is |\n|---|---:|---:|---:|---:|---:|---:|---|\n",
            T, T);
    for (int probe = 0; probe < CUB_PROBES; probe++) {
        const size_t w = probe == CUB_WARP_SCAN ? 32 : T; /* WarpScan scans each warp on its own */
        for (int k = 0; k < CLASSIC_NETWORKS; k++) {
            tile_reference(four[k], w, x, net[k], T, 0);
            labels[k] = network_title(four[k]);
        }
        for (size_t first = 0; first < T; first += w) {
            policy_scan(POLICY_LEFT_FOLD, 1, x + first, net[CLASSIC_NETWORKS] + first, w, 0, 0, 0.0);
            policy_scan(POLICY_ITERATED_PAIRWISE, 1, x + first, net[CLASSIC_NETWORKS + 1] + first, w, 0, 0, 0.0);
        }
        labels[CLASSIC_NETWORKS] = "left_fold";
        labels[CLASSIC_NETWORKS + 1] = "iterated_pairwise";
        cub_block_probe(probe, x, cub);
        const char *is = "none";
        if (!quiet)
            printf("| %s |", cub_probe_name(probe));
        for (int k = 0; k < CLASSIC_NETWORKS + 2; k++) {
            size_t equal = 0;
            for (size_t i = 0; i < T; i++)
                equal += doubles_bit_equal(cub[i], net[k][i]);
            if (equal == T && strcmp(is, "none") == 0)
                is = labels[k];
            if (!quiet)
                printf(" %zu |", equal);
        }
        if (!quiet)
            printf(" %s |\n", is);
    }
    if (!quiet)
        printf("\n");
    return 1; /* a finding, not a check: "none" is an answer too */
}

typedef struct {
    classic_device_plan *plan;
    cub_baseline *cub;
    const double *d_x;
    double *d_out;
    size_t n;
} bench_ctx;

static void launch_op(void *p, int op)
{
    bench_ctx *c = p;
    if (op == CLASSIC_NETWORKS)
        cub_baseline_inclusive_scan(c->cub, c->d_x, c->d_out);
    else
        classic_device_scan_enqueue(c->plan, (int)four[op], c->d_x, c->d_out, c->n);
}

/* Spot check of a big run in O(n): every full tile's last output is D_{b+1},
 * and the first and last tiles are whole expressions. */
static int spot_check(classic_network net, const double *x, const double *got, size_t n)
{
    double tile_out[DEVICE_TILE];
    pairwise_counter roots;
    pairwise_counter_init(&roots);
    int ok = 1;
    for (size_t first = 0; first + DEVICE_TILE <= n; first += DEVICE_TILE) {
        pairwise_counter_push(&roots, pairwise_value(x + first, DEVICE_TILE));
        ok &= doubles_bit_equal(got[first + DEVICE_TILE - 1], pairwise_counter_value(&roots));
    }
    classic_device_scan_reference(net, DEVICE_TILE, x, tile_out, n < DEVICE_TILE ? n : DEVICE_TILE);
    ok &= first_difference(got, tile_out, n < DEVICE_TILE ? n : DEVICE_TILE) == (n < DEVICE_TILE ? n : DEVICE_TILE);
    return ok;
}

static int bench(int argc, char **argv, int reps, uint64_t seed, size_t n_max)
{
    double *x = alloc_or_exit(n_max, sizeof *x, "the data");
    double *got = alloc_or_exit(n_max, sizeof *got, "the GPU output");
    p4016_data(seed, 0, x, n_max);
    double *d_x = device_doubles(n_max), *d_out = device_doubles(n_max);
    device_upload(d_x, x, n_max);
    classic_device_plan *plan = classic_device_plan_create(n_max);
    print_run_header(argc, argv);
    printf("| n | scan | median µs | spread | GB/s (read + write) | × CUB |\n|---:|---|---:|---:|---:|---:|\n");
    int ok = 1;
    double *ms = alloc_or_exit((size_t)(CLASSIC_NETWORKS + 1) * (size_t)reps, sizeof *ms, "the timings");
    for (unsigned log_n = 20; log_n <= 28 && ((size_t)1 << log_n) <= n_max; log_n += 4) {
        const size_t n = (size_t)1 << log_n;
        bench_ctx c = { plan, cub_baseline_create(n), d_x, d_out, n };
        for (int k = 0; k < CLASSIC_NETWORKS; k++) { /* the bits first */
            launch_op(&c, k);
            device_download(got, d_out, n);
            ok &= spot_check(four[k], x, got, n);
        }
        gpu_time_interleaved(launch_op, &c, CLASSIC_NETWORKS + 1, 3, reps, ms);
        double med[CLASSIC_NETWORKS + 1], spread[CLASSIC_NETWORKS + 1];
        for (int op = 0; op <= CLASSIC_NETWORKS; op++) {
            med[op] = median_of(ms + (size_t)op * (size_t)reps, (size_t)reps);
            spread[op] = spread_of(ms + (size_t)op * (size_t)reps, (size_t)reps);
        }
        for (int op = 0; op <= CLASSIC_NETWORKS; op++)
            printf("| 2^%u | %s | %.1f | %.1f%% | %.0f | %.2f |\n", log_n,
                   op == CLASSIC_NETWORKS ? "cub::DeviceScan::InclusiveSum" : network_title(four[op]), med[op] * 1e3,
                   spread[op] * 100.0, 2.0 * (double)n * sizeof(double) / (med[op] * 1e6),
                   med[op] / med[CLASSIC_NETWORKS]);
        cub_baseline_destroy(c.cub);
    }
    free(ms);
    classic_device_plan_destroy(plan);
    device_free(d_x);
    device_free(d_out);
    free(x);
    free(got);
    return verdict("every timed scan's tile ends and first tile are its expression's bits", ok);
}

/* One trap on the GPU: 1024 threads, the integers 1 .. 1024. */
static int gpu_mistake(const char *mistake, int quiet)
{
    enum { N = 1024 };
    double x[N], got[N], want[N];
    const int in_place = strcmp(mistake, "in-place") == 0;
    const classic_network net = in_place ? NET_KOGGE_STONE : NET_BLELLOCH;
    for (size_t i = 0; i < N; i++)
        x[i] = (double)(i + 1);
    classic_gpu_tile_scan((int)net, x, got, N, N, !in_place, in_place ? 1 : 2);
    classic_scan(net, x, want, N, !in_place, 0, 0.0);
    const size_t i = first_difference(got, want, N);
    if (!quiet && i < N)
        printf("first wrong output: %zu: %.0f, expected %.0f\n", i, got[i], want[i]);
    return verdict(in_place ? "the in-place Kogge-Stone computes the scan"
                            : "the Blelloch scan without a cleared root computes the exclusive scan",
                   i == N);
}

int main(int argc, char **argv)
{
    uint64_t seed = LCG64_DEFAULT_SEED, reps = 20, n = 0;
    int quiet = 0, run_bench = 0;
    const char *mistake = NULL, *on = NULL;
    const cli_option options[] = {
        { "--mistake", CLI_CHOICE, &mistake, "commit one trap on the GPU and show its first wrong output", 0, 0,
          "in-place|no-clear" },
        { "--bench", CLI_FLAG, &run_bench, "time the device-wide scans against CUB at 2^20, 2^24, 2^28", 0, 0, NULL },
        { "--n", CLI_U64, &n, "largest n: of the device-wide check (default 2^20+3), of --bench (default 2^28)", 1,
          (uint64_t)1 << 30, NULL },
        { "--reps", CLI_U64, &reps, "with --bench: timed runs of each scan (default 20)", 1, 1000, NULL },
        { "--seed", CLI_U64, &seed, "LCG seed of the P4016 data (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        CLI_OPTION_ON_GPU_NO_EMU(&on),
    };
    cli_parse(argc, argv,
              "The classic networks' kernels on the GPU against their expressions, CUB's block scans "
              "against the networks, and the device-wide scans against CUB.",
              options, sizeof options / sizeof options[0]);
    cli_no_emu(on,
               "CUB's block scans are built on inline PTX, which the emulator's shim cannot compile, and --bench "
               "times the scans; emulated_classic_scans runs the classic networks' own kernels, and their traps, on "
               "the CPU emulator");
    gpu_require_device();
    if (mistake != NULL)
        return exit_status(gpu_mistake(mistake, quiet));
    if (run_bench)
        return exit_status(bench(argc, argv, (int)reps, seed, n ? (size_t)n : (size_t)1 << 28));
    const size_t n_max = n ? (size_t)n : ((size_t)1 << 20) + 3;
    const size_t n_data = n_max > 100003 ? n_max : 100003; /* the block-level checks take 100003 */
    double *x = alloc_or_exit(n_data, sizeof *x, "the data");
    p4016_data(seed, 1, x, n_data);
    if (!quiet)
        printf("The classic networks' kernels against their expressions (P4016 hostile data)\n");
    int ok = check_kernels(x, quiet);
    ok &= check_device_scans(x, n_max, quiet);
    cub_which(x, quiet);
    free(x);
    return exit_status(ok);
}
