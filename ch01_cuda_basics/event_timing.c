/* event_timing.c - section 1.8: how long a kernel takes, measured with CUDA
 * events: the first launch, and the median of many after a warm-up. The
 * result is checked against the CPU; the times are printed, never checked
 * (they differ on every run). The CPU loop is timed the same way, with the
 * host clock. --host-clock is the trap of timing a launch with the host
 * clock: it reads the clock when the launch call returns, before the kernel
 * has run. */
#include "common.h"
#include "event_timing.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Median milliseconds of `reps` runs of the CPU loop. */
static double cpu_scale_median_ms(float a, const float *x, float *y, int n, int reps)
{
    double *ms = alloc_or_exit((size_t)reps, sizeof *ms, "timings");
    for (int r = 0; r < reps; r++) {
        const double t0 = host_seconds();
        for (int i = 0; i < n; i++)
            y[i] = a * x[i];
        ms[r] = (host_seconds() - t0) * 1e3;
    }
    const double median = median_of(ms, (size_t)reps);
    free(ms);
    return median;
}

/* How many of a[0..n-1] and b[0..n-1] differ in their bits. */
static uint64_t floats_differing(const float *a, const float *b, uint64_t n)
{
    uint64_t differ = 0;
    for (uint64_t i = 0; i < n; i++)
        differ += float_bits(a[i]) != float_bits(b[i]);
    return differ;
}

/* The trap: one launch on three clocks (gpu_scale_host_clock). The host
 * clock read without a wait measured less than the kernel took. */
static int host_clock_trap(float a, const float *x, float *y, int n, int warmup, int reps, double bytes, int quiet)
{
    host_clock_timing t;
    gpu_scale_host_clock(a, x, y, n, warmup, reps, &t);
    if (!quiet) {
        printf("medians of %d launches (after %d warm-up), one launch on three clocks each time:\n", reps, warmup);
        printf("  host clock around the launch call:        %8.3f ms (%.1f GB/s)\n", t.host_no_wait_ms,
               bytes / t.host_no_wait_ms / 1e6);
        printf("  host clock around the launch and a wait:  %8.3f ms (%.1f GB/s)\n", t.host_wait_ms,
               bytes / t.host_wait_ms / 1e6);
        printf("  CUDA events around the same launch:       %8.3f ms (%.1f GB/s)\n", t.event_ms,
               bytes / t.event_ms / 1e6);
    }
    int ok = verdict("the host clock with a wait covers the kernel (at least the events' time)",
                     t.host_wait_ms >= t.event_ms);
    ok &= verdict("the host clock without a wait covers the kernel (at least the events' time)",
                  t.host_no_wait_ms >= t.event_ms);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t n = UINT64_C(1) << 24, seed = 1, warmup = 3, reps = 20;
    int quiet = 0, host_clock = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of floats (default 2^24)", 1, UINT64_C(1) << 28, NULL },
        { "--warmup", CLI_U64, &warmup, "untimed launches before timing (default 3)", 0, 1000, NULL },
        { "--reps", CLI_U64, &reps, "timed launches (default 20)", 1, 10000, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--host-clock", CLI_FLAG, &host_clock, "GPU trap: time the launch call with the host clock", 0, 0, NULL },
        CLI_OPTION_ON_NO_EMU(&on),
    };
    cli_parse(argc, argv, "Times y = a x with CUDA events (first launch, warm-up, median) and checks y.", options,
              sizeof options / sizeof options[0]);
    cli_no_emu(on, "this program measures time with CUDA events, and the CPU emulator has no model of time");
    if (host_clock && on != NULL && strcmp(on, "gpu") != 0)
        cli_refuse("--host-clock is a GPU experiment (use --on gpu)");
    const run_on where = cli_resolve_on(host_clock ? "gpu" : on);
    float *x = alloc_or_exit(n, sizeof *x, "x");
    float *cpu = alloc_or_exit(n, sizeof *cpu, "y"), *gpu = alloc_or_exit(n, sizeof *gpu, "y");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++)
        x[i] = (float)splitmix64_uniform(&g, -1.0, 1.0);
    const float a = 0.75f;
    const double bytes = 2.0 * (double)n * sizeof(float); /* one read and one write per element */
    const double cpu_ms = cpu_scale_median_ms(a, x, cpu, (int)n, (int)reps);
    printf("y = %g x over %" PRIu64 " floats (%.1f MB moved per run)\n", (double)a, n, bytes / 1e6);
    if (!quiet)
        printf("CPU loop, median of %" PRIu64 ": %.3f ms (%.1f GB/s)\n", reps, cpu_ms, bytes / cpu_ms / 1e6);
    int ok = 1;
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        if (host_clock) {
            ok = host_clock_trap(a, x, gpu, (int)n, (int)warmup, (int)reps, bytes, quiet);
            ok &= verdict("GPU y equals CPU y bit for bit", floats_differing(gpu, cpu, n) == 0);
        } else {
            scale_timing t;
            gpu_scale_timed(a, x, gpu, (int)n, (int)warmup, (int)reps, &t);
            if (!quiet) {
                printf("first launch:           %8.3f ms\n", t.first_ms);
                printf("median of %" PRIu64 " (after %" PRIu64 " warm-up): %8.3f ms (%.1f GB/s)\n", reps, warmup,
                       t.median_ms, bytes / t.median_ms / 1e6);
                printf("fastest, slowest:       %8.3f ms, %.3f ms\n", t.min_ms, t.max_ms);
            }
            ok &= verdict("GPU y equals CPU y bit for bit", floats_differing(gpu, cpu, n) == 0);
            ok &= verdict("timings are positive and ordered (fastest <= median <= slowest)",
                          t.min_ms > 0 && t.min_ms <= t.median_ms && t.median_ms <= t.max_ms);
        }
    } else {
        /* a float product rounded once: the exact double product, rounded to float */
        uint64_t differ = 0;
        for (uint64_t i = 0; i < n; i++)
            differ += float_bits(cpu[i]) != float_bits((float)((double)a * (double)x[i]));
        ok = verdict("CPU y equals the exact product rounded to float (no GPU run)", differ == 0);
    }
    free(x);
    free(cpu);
    free(gpu);
    return exit_status(ok);
}
