/* atomics_histogram.c - section 1.5: a histogram, where many threads add
 * into the same counter. The CPU counts with a plain loop; the GPU with
 * atomicAdd into one global histogram, and with a per-block histogram in
 * shared memory first. Both must give the CPU's counts exactly.
 * --no-atomics is the trap, counts[v[i]]++ without atomicAdd: on the CPU a
 * replay of what it does inside a warp (updates are lost); on the emulator
 * the kernel itself, which reports the race. On a GPU the trap is an edit of
 * the kernel (exercise 1.5). --svg draws warp 0's 32 lanes and the bins they
 * hit. */
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

#define WARP_LANES 32

// [listing lockstep-increment]
/* counts[v[i]]++ without atomicAdd, the way one warp runs it: its 32 lanes
 * (32 consecutive elements, as in the kernel's grid-stride loop) load their
 * counters together, add 1, and store together. Lanes that share a bin load
 * the same old count and store the same new one: the bin grows by 1, however
 * many lanes hit it. Here the warps run one after another; on a GPU they
 * also overlap, which can lose more. */
static void replay_plain_increment(const unsigned char *v, uint64_t n, unsigned *counts)
{
    for (uint64_t first = 0; first < n; first += WARP_LANES) {
        const int lanes = n - first < WARP_LANES ? (int)(n - first) : WARP_LANES;
        unsigned loaded[WARP_LANES];
        for (int lane = 0; lane < lanes; lane++) /* every lane loads ... */
            loaded[lane] = counts[v[first + lane]];
        for (int lane = 0; lane < lanes; lane++) /* ... before any lane stores */
            counts[v[first + lane]] = loaded[lane] + 1;
    }
}
// [end]

/* --no-atomics: the loop's counts next to the replay's, bin by bin. */
static int report_plain_increment(const unsigned char *v, uint64_t n, int bins, const unsigned *loop, int quiet)
{
    unsigned *plain = alloc_or_exit((size_t)bins, sizeof *plain, "replayed histogram");
    memset(plain, 0, (size_t)bins * sizeof *plain);
    replay_plain_increment(v, n, plain);
    printf("the trap: counts[v[i]]++ without atomicAdd, replayed warp by warp, "
           "%" PRIu64 " warps of 32 lanes in lockstep\n",
           (n + WARP_LANES - 1) / WARP_LANES);
    if (!quiet)
        printf("%4s %9s %9s %9s\n", "bin", "CPU loop", "plain ++", "lost");
    uint64_t counted = 0;
    for (int b = 0; b < bins; b++)
        counted += plain[b];
    for (int b = 0; !quiet && b < bins; b++) {
        if (bins > 16 && b == 8) {
            printf("  ... (%d more bins)\n", bins - 16);
            b = bins - 8;
        }
        printf("%4d %9u %9u %9u\n", b, loop[b], plain[b], loop[b] - plain[b]);
    }
    printf("plain ++ counted %" PRIu64 " of %" PRIu64 " values: %" PRIu64 " updates lost\n", counted, n, n - counted);
    free(plain);
    return verdict("CPU replay of plain ++: the bins add up to n", counted == n);
}

/* --svg: warp 0 of the kernel (elements 0..31, one per lane) above the bins;
 * a line from each lane to the bin it adds to. A bin that several lanes hit
 * gets all their additions from atomicAdd, and only one from plain ++. */
static void print_svg(const unsigned char *v, uint64_t n, int bins)
{
    const int lanes = n < WARP_LANES ? (int)n : WARP_LANES;
    const int left = 84, lane_w = 24, span = WARP_LANES * lane_w, bin_w = span / bins;
    int hits[HISTOGRAM_MAX_BINS] = { 0 }, hit_bins = 0;
    for (int l = 0; l < lanes; l++)
        hit_bins += hits[v[l]]++ == 0;
    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"300\" "
           "font-family=\"sans-serif\" font-size=\"11\">\n",
           left + span + 10);
    printf("<text x=\"4\" y=\"30\">lane</text><text x=\"4\" y=\"58\">its bin v[i]</text>\n"
           "<text x=\"4\" y=\"192\">bin</text><text x=\"4\" y=\"226\">lanes</text>\n"
           "<text x=\"4\" y=\"244\">atomicAdd</text><text x=\"4\" y=\"262\">plain ++</text>\n");
    for (int b = 0; b < bins; b++) { /* lines first, so the boxes sit on top of them */
        const int bx = left + b * bin_w + (bin_w - 4) / 2;
        for (int l = 0; l < lanes; l++)
            if (v[l] == b)
                printf("<line x1=\"%d\" y1=\"70\" x2=\"%d\" y2=\"172\" stroke=\"%s\"/>\n",
                       left + l * lane_w + (lane_w - 4) / 2, bx, hits[b] > 1 ? "#cc4125" : "#888888");
    }
    for (int l = 0; l < lanes; l++) {
        const int x = left + l * lane_w, cx = x + (lane_w - 4) / 2;
        printf("<text x=\"%d\" y=\"30\" text-anchor=\"middle\" fill=\"#666\">%d</text>"
               "<rect x=\"%d\" y=\"40\" width=\"%d\" height=\"30\" fill=\"%s\" stroke=\"#444\"/>"
               "<text x=\"%d\" y=\"59\" text-anchor=\"middle\">%d</text>\n",
               cx, l, x, lane_w - 4, hits[v[l]] > 1 ? "#f4cccc" : "#d9ead3", cx, v[l]);
    }
    for (int b = 0; b < bins; b++) {
        const int x = left + b * bin_w, cx = x + (bin_w - 4) / 2;
        const char *fill = hits[b] == 0 ? "#eeeeee" : hits[b] == 1 ? "#d9ead3" : "#f4cccc";
        printf("<rect x=\"%d\" y=\"172\" width=\"%d\" height=\"30\" fill=\"%s\" stroke=\"#444\"/>"
               "<text x=\"%d\" y=\"192\" text-anchor=\"middle\">%d</text>\n",
               x, bin_w - 4, fill, cx, b);
        if (hits[b] == 0) {
            printf("<text x=\"%d\" y=\"226\" text-anchor=\"middle\" fill=\"#888\">0</text>\n", cx);
            continue;
        }
        printf("<text x=\"%d\" y=\"226\" text-anchor=\"middle\">%d</text>"
               "<text x=\"%d\" y=\"244\" text-anchor=\"middle\">+%d</text>"
               "<text x=\"%d\" y=\"262\" text-anchor=\"middle\"%s>+1</text>\n",
               cx, hits[b], cx, hits[b], cx, hits[b] > 1 ? " fill=\"#cc4125\"" : "");
    }
    printf("<text x=\"4\" y=\"290\">warp 0: %d lanes hit %d bins. atomicAdd adds %d; "
           "plain ++ in lockstep adds %d, and %d updates are lost.</text>\n</svg>\n",
           lanes, hit_bins, lanes, hit_bins, lanes - hit_bins);
}

/* The line that says where the kernels run. */
static void announce(int emulated)
{
    if (emulated) {
        printf("emulator: the kernels' own source on the CPU (common/emulator/)\n");
        fflush(stdout); /* an error it reports goes to stderr: keep the order */
    } else {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
    }
}

/* Runs one GPU variant (with `emulated`, on the CPU emulator) and compares
 * it with the CPU's counts. */
static int check_gpu(const unsigned char *v, int n, int bins, histogram_kind kind, const unsigned *cpu,
                     const char *what, int emulated)
{
    unsigned *gpu = alloc_or_exit((size_t)bins, sizeof *gpu, "GPU histogram");
    if (!emulated) {
        gpu_histogram(v, n, bins, kind, gpu);
    } else if (emu_histogram(v, n, bins, kind, gpu) != 0) {
        free(gpu);
        return verdict("the emulator ran the kernel without an error", 0);
    }
    uint64_t total = 0;
    for (int b = 0; b < bins; b++)
        total += gpu[b];
    printf("%s, %s: %" PRIu64 " elements counted\n", emulated ? "emulator" : "GPU", what, total);
    const int ok = verdict(what, memcmp(gpu, cpu, (size_t)bins * sizeof *gpu) == 0);
    free(gpu);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t n = 100000, bins = 16, seed = 1;
    int quiet = 0, no_atomics = 0, svg = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of values (default 100000)", 1, UINT64_C(1) << 26, NULL },
        { "--bins", CLI_U64, &bins, "number of bins (default 16)", 1, HISTOGRAM_MAX_BINS, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--no-atomics", CLI_FLAG, &no_atomics,
          "the trap, counts[v[i]]++ without atomicAdd: a CPU replay, or the kernel with --on emu", 0, 0, NULL },
        { "--svg", CLI_FLAG, &svg, "draw warp 0's lanes and the bins they hit, as SVG (--bins <= 16)", 0, 0, NULL },
        CLI_OPTION_ON_EMU(&on),
    };
    cli_parse(argc, argv, "A histogram by atomicAdd (global, then shared memory), checked against a C loop.", options,
              sizeof options / sizeof options[0]);
    if (no_atomics && svg)
        cli_refuse("--no-atomics and --svg are two experiments, pick one");
    if (svg && on != NULL && strcmp(on, "cpu") != 0)
        cli_refuse("--svg is a CPU replay (use --on cpu)");
    if (no_atomics && on != NULL && strcmp(on, "cpu") != 0 && strcmp(on, "emu") != 0)
        cli_refuse("--no-atomics runs on the CPU (a replay) or the emulator (--on emu); on a GPU, "
                   "exercise 1.5 edits the kernel");
    if (svg && bins > 16)
        cli_refuse("--svg draws at most 16 bins, got --bins %" PRIu64, bins);
    const run_on where = svg || (no_atomics && on == NULL) ? RUN_CPU : cli_resolve_on(on);
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
    if (svg || no_atomics) {
        int ok = 1;
        if (svg) {
            print_svg(v, n, (int)bins);
        } else if (where == RUN_CPU) {
            ok = report_plain_increment(v, n, (int)bins, cpu, quiet);
        } else { /* the kernel itself, on the emulator, which reports the race */
            printf("the trap: counts[v[i]]++ without atomicAdd, the kernel histogram_plain_increment\n");
            announce(where == RUN_EMU);
            ok = check_gpu(v, (int)n, (int)bins, HISTOGRAM_PLAIN, cpu, "plain ++ equals the CPU counts",
                           where == RUN_EMU);
        }
        free(v);
        free(cpu);
        return exit_status(ok);
    }
    printf("histogram of %" PRIu64 " values in %" PRIu64 " bins (CPU loop):\n", n, bins);
    uint64_t total = 0;
    for (uint64_t b = 0; b < bins; b++)
        total += cpu[b];
    if (!quiet)
        print_histogram(cpu, (int)bins, n);
    int ok = verdict("CPU: the bins add up to n", total == n);
    if (where & (RUN_GPU | RUN_EMU)) {
        const int emulated = where == RUN_EMU;
        announce(emulated);
        ok &= check_gpu(v, (int)n, (int)bins, HISTOGRAM_GLOBAL, cpu, "global atomics equal the CPU counts", emulated);
        ok &= check_gpu(v, (int)n, (int)bins, HISTOGRAM_SHARED, cpu, "shared-memory atomics equal the CPU counts",
                        emulated);
    }
    free(v);
    free(cpu);
    return exit_status(ok);
}
