/* atomics_histogram.c - section 1.5: a histogram, where many threads add
 * into the same counter. The CPU counts with a plain loop; the GPU with
 * atomicAdd into one global histogram, and with a per-block histogram in
 * shared memory first. Both must give the CPU's counts exactly. */
#include "atomics_histogram.h"
#include "common.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void print_histogram(const unsigned *counts, int bins, uint64_t n)
{
    unsigned top = 1;
    for (int b = 0; b < bins; b++)
        top = counts[b] > top ? counts[b] : top;
    for (int b = 0; b < bins; b++) {
        const int bar = (int)((uint64_t)counts[b] * 40 / top);
        printf("%4d %9u  %5.2f%%  %.*s\n", b, counts[b], 100.0 * counts[b] / (double)n, bar,
               "########################################");
    }
}

/* Runs one GPU variant and compares it with the CPU's counts. */
static int check_gpu(const unsigned char *v, int n, int bins, histogram_kind kind,
                     const unsigned *cpu, const char *what)
{
    unsigned *gpu = alloc_or_exit((size_t)bins, sizeof *gpu, "GPU histogram");
    gpu_histogram(v, n, bins, kind, gpu);
    uint64_t total = 0;
    for (int b = 0; b < bins; b++)
        total += gpu[b];
    printf("GPU, %s: %" PRIu64 " elements counted\n", what, total);
    const int ok = verdict(what, memcmp(gpu, cpu, (size_t)bins * sizeof *gpu) == 0);
    free(gpu);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t n = 100000, bins = 16, seed = 1;
    int quiet = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of values (default 100000)", 1, UINT64_C(1) << 26, NULL },
        { "--bins", CLI_U64, &bins, "number of bins (default 16)", 1, HISTOGRAM_MAX_BINS, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        CLI_OPTION_ON(&on),
    };
    cli_parse(argc, argv, "A histogram by atomicAdd (global, then shared memory), checked against a C loop.",
              options, sizeof options / sizeof options[0]);
    const run_on where = cli_resolve_on(on);
    unsigned char *v = alloc_or_exit(n, 1, "values");
    unsigned *cpu = alloc_or_exit((size_t)bins, sizeof *cpu, "histogram");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++) /* the mean of two uniform draws: a tent-shaped histogram */
        v[i] = (unsigned char)((splitmix64_below(&g, bins) + splitmix64_below(&g, bins)) / 2);
    // [listing cpu-histogram]
    memset(cpu, 0, (size_t)bins * sizeof *cpu);
    for (uint64_t i = 0; i < n; i++)
        cpu[v[i]]++; /* one thread: nobody else touches the counter meanwhile */
    // [end]
    printf("histogram of %" PRIu64 " values in %" PRIu64 " bins (CPU loop):\n", n, bins);
    uint64_t total = 0;
    for (uint64_t b = 0; b < bins; b++)
        total += cpu[b];
    if (!quiet)
        print_histogram(cpu, (int)bins, n);
    int ok = verdict("CPU: the bins add up to n", total == n);
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        ok &= check_gpu(v, (int)n, (int)bins, HISTOGRAM_GLOBAL, cpu, "global atomics equal the CPU counts");
        ok &= check_gpu(v, (int)n, (int)bins, HISTOGRAM_SHARED, cpu, "shared-memory atomics equal the CPU counts");
    }
    free(v);
    free(cpu);
    return exit_status(ok);
}
