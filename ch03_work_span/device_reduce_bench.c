/* device_reduce_bench.c - our device_reduce against cub::DeviceReduce::Sum,
 * measured in the same run on the same device buffers, for float and double
 * at 2^20, 2^24 and 2^28 elements. Prints a markdown table for RESULTS.md.
 * Only the kernels are timed (CUDA events, median after a warm-up); device
 * scratch and CUB's temp storage are allocated before timing. Ours, CUB's
 * and the read-only ceiling (common/gpu/read_ceiling.cu, on the same bytes)
 * take turns within every repetition, so a slow phase of the GPU hits all
 * three alike. --ratios FILE appends the headline ratios (common/ratios.h).
 * --quiet prints only the 2^28 doubles summary, the verdict and the rows
 * whose check failed; it measures exactly what the full run does. */
#include "common.h"
#include "run_header.h"
#include "device_reduce.h"
#include "device_reduce_emulate.h"
#include "read_ceiling.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    double ours_ms, ours_spread, cub_ms, cub_spread, ceiling_ms;
    int ours_ok, same_bits;
} bench_row;

enum { OURS, CUB, CEILING, OPS };

typedef struct {
    device_reduce_plan *plan;
    cub_reduce *cub;
    read_ceiling *ceiling;
} bench_ctx;

static void launch(void *p, int op)
{
    bench_ctx *c = p;
    if (op == OURS)
        device_reduce_launch(c->plan);
    else if (op == CUB)
        cub_reduce_launch(c->cub);
    else if (c->ceiling != NULL)
        read_ceiling_launch(c->ceiling);
}

/* Ours, CUB's and the read ceiling, interleaved: medians and spreads. */
static void time_interleaved(device_reduce_plan *plan, int reps, bench_row *row)
{
    /* the ceiling reads whole 8-byte words of the same input: all of it but a
     * last odd float (none at all below 8 bytes) */
    const size_t words_bytes = (plan->n * plan->type) & ~(size_t)7;
    bench_ctx c = { plan, cub_reduce_create(plan),
                    words_bytes ? read_ceiling_create(plan->d_base, words_bytes) : NULL };
    double *t = alloc_or_exit((size_t)OPS * (size_t)reps, sizeof *t, "the timings");
    gpu_time_interleaved(launch, &c, OPS, 3, reps, t);
    row->ours_ms = median_of(&t[OURS * reps], (size_t)reps);
    row->ours_spread = spread_of(&t[OURS * reps], (size_t)reps);
    row->cub_ms = median_of(&t[CUB * reps], (size_t)reps);
    row->cub_spread = spread_of(&t[CUB * reps], (size_t)reps);
    row->ceiling_ms = c.ceiling != NULL ? median_of(&t[CEILING * reps], (size_t)reps) : 0.0;
    free(t);
    read_ceiling_destroy(c.ceiling);
    cub_reduce_destroy(c.cub);
}

static bench_row bench_one(elem_type type, const void *host_x, size_t n, int reps)
{
    bench_row row;
    const reduce_input in = { type, type == ELEM_FLOAT ? (const float *)host_x : NULL,
                              type == ELEM_DOUBLE ? (const double *)host_x : NULL, n };
    double ref, sum_abs;
    reference_sum(&in, &ref, &sum_abs);
    device_reduce_plan plan;
    device_reduce_plan_create(&plan, type, n, 0);
    device_reduce_upload(&plan, host_x);
    device_reduce_launch(&plan);
    const double first = device_reduce_result(&plan);
    time_interleaved(&plan, reps, &row);
    device_reduce_launch(&plan); /* the last launch in d_out was CUB's */
    const double last = device_reduce_result(&plan);
    const double tol = device_reduce_tolerance(&in, &plan.geometry, ref, sum_abs);
    row.ours_ok = (first > ref ? first - ref : ref - first) <= tol;
    row.same_bits = doubles_bit_equal(first, last);
    device_reduce_plan_destroy(&plan);
    return row;
}

int main(int argc, char **argv)
{
    uint64_t n_only = 0, reps = 51, seed = 1;
    int quiet = 0;
    const char *ratios = NULL, *on = "gpu";
    const cli_option options[] = {
        { "--n", CLI_U64, &n_only, "one size instead of 2^20, 2^24, 2^28", 1, UINT64_C(1) << 28, NULL },
        { "--reps", CLI_U64, &reps, "timed runs per measurement (default 51)", 5, 10000, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--ratios", CLI_STRING, &ratios, "append the headline ratios to FILE (the bench summary's rows)", 0, 0,
          NULL },
        { "--quiet", CLI_FLAG, &quiet, "no tables: only the summary, the verdict and the rows that failed", 0, 0,
          NULL },
        { "--on", CLI_CHOICE, &on, "where to run: gpu only (emu is refused, and says why)", 0, 0, "gpu|emu" },
    };
    cli_parse(argc, argv, "Benchmark: device_reduce vs cub::DeviceReduce::Sum, float and double (markdown).", options,
              sizeof options / sizeof options[0]);
    cli_no_emu(on, "device_reduce_bench times our kernels against cub::DeviceReduce (a library built on inline "
                   "PTX), and the emulator neither runs CUB nor models time; device_reduce --on emu runs our kernels");
    gpu_require_device();
    const size_t sizes[3] = { (size_t)1 << 20, (size_t)1 << 24, (size_t)1 << 28 };
    const int count = n_only ? 1 : 3;
    const size_t max_n = n_only ? (size_t)n_only : sizes[2];

    double *xd = alloc_or_exit(max_n, sizeof *xd, "the double input");
    float *xf = alloc_or_exit(max_n, sizeof *xf, "the float input");
    splitmix64 g = { seed };
    for (size_t i = 0; i < max_n; i++) {
        xd[i] = splitmix64_uniform(&g, -1.0, 1.0); /* random, never all zeros */
        xf[i] = (float)xd[i];
    }
    if (!quiet) {
        printf("## device_reduce vs cub::DeviceReduce::Sum\n\n");
        print_run_header(argc, argv);
        printf(
            "input: uniform random in [-1, 1), seed %" PRIu64 "; kernels only, CUDA events, median of %d "
            "runs after 3 warm-up rounds, ours, CUB and the read-only ceiling (same bytes) interleaved in every round; "
            "spread = (max - min) / median; GB/s = bytes read / time\n\n",
            seed, (int)reps);
        printf("| type | n | MB | ours ms | spread | ours GB/s | CUB ms | spread | CUB GB/s | ours / CUB "
               "| read ceiling GB/s | ours / ceiling |\n"
               "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    }
    int ok = 1;
    double target_ratio = -1.0;
    for (int t = 0; t < 2; t++) {
        const elem_type type = t == 0 ? ELEM_FLOAT : ELEM_DOUBLE;
        for (int s = 0; s < count; s++) {
            const size_t n = n_only ? max_n : sizes[s];
            const bench_row r = bench_one(type, type == ELEM_FLOAT ? (const void *)xf : (const void *)xd, n, (int)reps);
            const double bytes = (double)n * (double)type;
            const double ours_gbs = bytes / (r.ours_ms * 1e6), cub_gbs = bytes / (r.cub_ms * 1e6);
            const char *tname = type == ELEM_FLOAT ? "float" : "double";
            if (quiet && !(r.ours_ok && r.same_bits))
                printf("%s, n = %zu: %s\n", tname, n,
                       !r.ours_ok ? "the sum is outside its error bound" : "two runs gave different bits");
            else if (!quiet)
                printf("| %s | %zu | %.0f | %.4f | %.1f%% | %.0f | %.4f | %.1f%% | %.0f | %.3f | %.0f | %.3f |\n",
                       tname, n, bytes / 1e6, r.ours_ms, 100.0 * r.ours_spread, ours_gbs, r.cub_ms,
                       100.0 * r.cub_spread, cub_gbs, ours_gbs / cub_gbs,
                       r.ceiling_ms > 0.0 ? bytes / (r.ceiling_ms * 1e6) : 0.0, r.ceiling_ms / r.ours_ms);
            ok &= r.ours_ok && r.same_bits;
            if (r.ours_ok && r.same_bits && (n & (n - 1)) == 0) { /* a wrong sum is no ratio */
                char name[96], what[160];
                int log2n = 0;
                while (((size_t)1 << log2n) < n)
                    log2n++;
                snprintf(name, sizeof name, "ch03.device_reduce_%s_vs_cub.2^%d", tname, log2n);
                snprintf(what, sizeof what, "device_reduce vs cub::DeviceReduce::Sum, 2^%d %ss", log2n, tname);
                ratios_append(ratios, name, 1e3 * r.ours_ms, 1e3 * r.cub_ms, what);
            }
            if (type == ELEM_DOUBLE && n == sizes[2])
                target_ratio = ours_gbs / cub_gbs;
        }
    }
    if (!quiet)
        printf("\n");
    if (target_ratio >= 0.0)
        printf("ours / CUB at 2^28 doubles: %.3f (%s 0.95)\n%s", target_ratio,
               target_ratio >= 0.95 ? "at least" : "below", quiet ? "" : "\n");
    free(xd);
    free(xf);
    return exit_status(verdict("every sum within its error bound, the same bits on every run", ok));
}
