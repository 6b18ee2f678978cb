/* canonical_reduce.c - the P4016 canonical reduce of the LCG data set, on
 * the CPU and/or the GPU, checked against the published golden values, a
 * second CPU route and (with a GPU) each other, bit for bit. With --hex,
 * stdout holds only the result's bit pattern; with --bench, the CPU reduce
 * is timed against a plain `for` loop sum. */
#include "common.h"
#include "canonical_cpu.h"
#include "canonical_gpu.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// [listing golden-values]
/* Published with P4016R0: N = 10^6 doubles of the default LCG seed. */
static const struct {
    unsigned lanes;
    uint64_t bits;
} golden[] = {
    { 16, UINT64_C(0x40618f71f6379380) },  /* NARROW */
    { 128, UINT64_C(0x40618f71f6379397) }, /* WIDE */
};
// [end]

/* The published value for this run, or 0 when there is none. */
static uint64_t golden_bits(uint64_t n, unsigned lanes, uint64_t seed, int hostile, int has_init)
{
    if (n != 1000000 || seed != LCG64_DEFAULT_SEED || hostile || has_init)
        return 0;
    for (size_t k = 0; k < sizeof golden / sizeof golden[0]; k++)
        if (golden[k].lanes == lanes)
            return golden[k].bits;
    return 0;
}

// [listing plain-loop]
/* The baseline a professional would write: one chain of dependent additions. */
static double plain_loop_sum(const double *x, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++)
        s += x[i];
    return s;
}
// [end]

static volatile double bench_sink; /* keeps the timed sums alive */

/* Times the plain loop and the canonical reduce alternately, `reps` times
 * each after 3 warm-up rounds, so that a noisy neighbour slows both alike;
 * prints a markdown row of medians and spreads. */
static void print_bench(const double *x, size_t n, unsigned lanes, int reps)
{
    double *t_loop = alloc_or_exit((size_t)reps, sizeof(double), "timings");
    double *t_canon = alloc_or_exit((size_t)reps, sizeof(double), "timings");
    for (int r = -3; r < reps; r++) {
        double start = host_seconds();
        bench_sink = plain_loop_sum(x, n);
        const double loop_ms = 1e3 * (host_seconds() - start);
        start = host_seconds();
        bench_sink = canonical_reduce(x, n, lanes, 0, 0.0);
        const double canon_ms = 1e3 * (host_seconds() - start);
        if (r >= 0) {
            t_loop[r] = loop_ms;
            t_canon[r] = canon_ms;
        }
    }
    const double loop_ms = median_of(t_loop, (size_t)reps), canon_ms = median_of(t_canon, (size_t)reps);
    const double loop_spread = spread_of(t_loop, (size_t)reps), canon_spread = spread_of(t_canon, (size_t)reps);
    printf("\nCPU benchmark (host clock; 3 warm-up rounds, then %d rounds of loop and reduce alternately;\n"
           "median, spread = (max - min) / median)\n\n", reps);
    printf("| N | L | plain for-loop sum, ms (spread) | canonical reduce, ms (spread) | speed-up |\n");
    printf("|---:|---:|---:|---:|---:|\n");
    printf("| %zu | %u | %.3f (%.0f %%) | %.3f (%.0f %%) | %.2fx |\n\n", n, lanes, loop_ms,
           100.0 * loop_spread, canon_ms, 100.0 * canon_spread, loop_ms / canon_ms);
    free(t_loop);
    free(t_canon);
}

int main(int argc, char **argv)
{
    uint64_t n = 1000000, lanes = 16, seed = LCG64_DEFAULT_SEED, reps = 21;
    int hostile = 0, hex = 0, bench = 0, quiet = 0;
    double init = NAN; /* cli_parse accepts only finite numbers: NaN means "not given" */
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements (default 1000000)", 1, UINT64_C(1) << 30, NULL },
        { "--lanes", CLI_U64, &lanes, "lane count L: element i goes to lane i mod L (default 16)", 1, UINT64_C(1) << 24, NULL },
        { "--seed", CLI_U64, &seed, "LCG seed, hex or decimal (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--hostile", CLI_FLAG, &hostile, "add the P4016 cancellation overlay (+-1e16)", 0, 0, NULL },
        { "--init", CLI_DOUBLE, &init, "initial value, applied once as init + R (default none)", 0, 0, NULL },
        CLI_OPTION_ON(&on),
        { "--hex", CLI_FLAG, &hex, "stdout: only the result's bits, 0x + 16 hex digits", 0, 0, NULL },
        { "--bench", CLI_FLAG, &bench, "time the CPU reduce against a plain for-loop sum", 0, 0, NULL },
        { "--reps", CLI_U64, &reps, "timed repetitions for --bench (default 21)", 1, 1000, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "P4016 canonical reduce of the LCG data set with L interleaved lanes, checked bit for bit.",
              options, sizeof options / sizeof options[0]);
    const int has_init = !isnan(init);
    FILE *trace = hex ? stderr : stdout; /* --hex keeps stdout for the bits */
    if (hex && bench) {
        fprintf(stderr, "error: --bench prints a table; it cannot be combined with --hex\n");
        return EXIT_BAD_INPUT;
    }
    const run_on where = cli_resolve_on(on);

    double *x = alloc_or_exit(n, sizeof(double), "the data set");
    p4016_data(seed, hostile, x, n);
    char hex_buf[HEX64_LEN];
    if (!quiet) {
        fprintf(trace, "P4016 canonical reduce\n");
        fprintf(trace, "  data   N = %" PRIu64 " doubles, LCG seed 0x%016" PRIx64 ", %s\n", n, seed,
                hostile ? "hostile overlay (+-1e16)" : "no overlay");
        fprintf(trace, "  lanes  L = %" PRIu64 ": element i goes to lane i mod %" PRIu64 "\n", lanes, lanes);
        if (has_init)
            fprintf(trace, "  init   %.17g (%s), applied once as init + R\n", init, double_hex(init, hex_buf));
        else
            fprintf(trace, "  init   none\n");
        fprintf(trace, "\n");
    }

    int ok = 1;
    /* The CPU library is the reference for every run, also for --on gpu. */
    const double cpu = canonical_reduce(x, n, (unsigned)lanes, has_init, init);
    double result = cpu;
    if (where & RUN_CPU) {
        const double by_lane = canonical_reduce_by_lane(x, n, (unsigned)lanes, has_init, init);
        if (!quiet) {
            fprintf(trace, "CPU  row by row    %-24.17g %s\n", cpu, double_hex(cpu, hex_buf));
            fprintf(trace, "CPU  lane by lane  %-24.17g %s\n", by_lane, double_hex(by_lane, hex_buf));
        }
        ok &= verdict_to(trace, "CPU row-by-row and lane-by-lane routes agree bit for bit",
                         doubles_bit_equal(cpu, by_lane));
    }
    if (where & RUN_GPU) {
        const double gpu = gpu_canonical_reduce(x, n, (unsigned)lanes, has_init, init);
        if (!quiet) {
            char device[256];
            gpu_device_describe(device, sizeof device);
            fprintf(trace, "GPU  %-13s %-24.17g %s\n", "", gpu, double_hex(gpu, hex_buf));
            fprintf(trace, "     (%s)\n", device);
        }
        ok &= verdict_to(trace, "GPU reduce equals the CPU reduce bit for bit", doubles_bit_equal(gpu, cpu));
        if (where == RUN_GPU)
            result = gpu;
    }
    const uint64_t published = golden_bits(n, (unsigned)lanes, seed, hostile, has_init);
    if (published) {
        if (!quiet)
            fprintf(trace, "published golden value for L = %" PRIu64 ": 0x%016" PRIx64 "\n", lanes, published);
        ok &= verdict_to(trace, "result equals the published golden value", double_bits(result) == published);
    }
    if (hex)
        printf("%s\n", double_hex(result, hex_buf));
    if (bench)
        print_bench(x, n, (unsigned)lanes, (int)reps);
    free(x);
    return exit_status(ok);
}
