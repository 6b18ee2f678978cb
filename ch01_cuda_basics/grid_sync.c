/* grid_sync.c - section 1.6: y[i] = n * x[i] - sum(x), where every thread
 * needs a total that all blocks contribute to: one cooperative launch with a
 * grid-wide barrier between the two phases. The CPU computes the same with
 * two loops. --too-many-blocks asks for one block more than the GPU can hold
 * at once, and the launch is refused; --ordinary-launch launches the kernel
 * with <<<...>>>, where grid.sync() is not allowed. --svg draws the kernel's two phases for
 * a small grid, from a CPU walk of the kernel's loops. */
#include "common.h"
#include "grid_sync.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The grid --svg draws: small enough to read, smaller than n so that the
 * grid-stride loops give some threads more than one element. */
#define PICTURE_BLOCKS 2
#define PICTURE_THREADS 4
#define PICTURE_MAX_N 24

typedef struct {
    int block_of[PICTURE_MAX_N], thread_of[PICTURE_MAX_N]; /* who reads x[i] and writes y[i] */
    long long partial[PICTURE_BLOCKS], total[PICTURE_BLOCKS], y[PICTURE_MAX_N];
} centre_trace;

/* The cooperative kernel's loops for a grid of PICTURE_BLOCKS blocks of
 * PICTURE_THREADS threads, walked block by block: phase 1 of every block,
 * then (grid.sync()) phase 2 of every block, which adds all the partials
 * itself. */
static void walk_centre_phases(const int *x, int n, centre_trace *tr)
{
    const int stride = PICTURE_BLOCKS * PICTURE_THREADS;
    for (int b = 0; b < PICTURE_BLOCKS; b++) { /* phase 1: the block's share of the total */
        tr->partial[b] = 0;
        for (int t = 0; t < PICTURE_THREADS; t++)
            for (int i = b * PICTURE_THREADS + t; i < n; i += stride) {
                tr->partial[b] += x[i];
                tr->block_of[i] = b;
                tr->thread_of[i] = t;
            }
    }
    /* grid.sync(): no block starts phase 2 before every partial is written */
    for (int b = 0; b < PICTURE_BLOCKS; b++) { /* phase 2: every block adds all partials */
        tr->total[b] = 0;
        for (int p = 0; p < PICTURE_BLOCKS; p++)
            tr->total[b] += tr->partial[p];
        for (int t = 0; t < PICTURE_THREADS; t++)
            for (int i = b * PICTURE_THREADS + t; i < n; i += stride)
                tr->y[i] = (long long)n * x[i] - tr->total[b];
    }
}

/* The walk as SVG: x[i] coloured by the block that reads it, the blocks'
 * partials, the barrier, each block's total, and y[i]. */
static void print_svg(const int *x, int n, const centre_trace *tr)
{
    static const char *fill[PICTURE_BLOCKS] = { "#cfe2f3", "#fff2cc" };
    static const char *ink[PICTURE_BLOCKS] = { "#3d85c6", "#bf9000" };
    const int left = 70, cell = 42, width = left + n * cell + 10;
    const int half = (n * cell) / PICTURE_BLOCKS, box = half - 24;
    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"360\" "
           "font-family=\"sans-serif\" font-size=\"11\">\n",
           width);
    printf("<text x=\"4\" y=\"58\">x[i]</text><text x=\"4\" y=\"86\">thread</text>"
           "<text x=\"4\" y=\"148\">phase 1</text><text x=\"4\" y=\"230\">phase 2</text>"
           "<text x=\"4\" y=\"308\">y[i]</text>\n");
    for (int b = 0; b < PICTURE_BLOCKS; b++) { /* the lines, under the boxes */
        const int bx = left + b * half + 12;
        for (int i = 0; i < n; i++) {
            const int cx = left + i * cell + (cell - 4) / 2;
            if (tr->block_of[i] != b)
                continue;
            printf("<line x1=\"%d\" y1=\"92\" x2=\"%d\" y2=\"130\" stroke=\"%s\"/>"
                   "<line x1=\"%d\" y1=\"240\" x2=\"%d\" y2=\"290\" stroke=\"%s\"/>\n",
                   cx, bx + box / 2, ink[b], bx + box / 2, cx, ink[b]);
        }
        for (int p = 0; p < PICTURE_BLOCKS; p++) /* every block reads every partial */
            printf("<line x1=\"%d\" y1=\"158\" x2=\"%d\" y2=\"212\" stroke=\"%s\"/>\n", left + p * half + 12 + box / 2,
                   bx + box / 2, ink[p]);
    }
    for (int i = 0; i < n; i++) {
        const int x0 = left + i * cell, cx = x0 + (cell - 4) / 2, b = tr->block_of[i];
        printf("<text x=\"%d\" y=\"34\" text-anchor=\"middle\" fill=\"#666\">%d</text>"
               "<rect x=\"%d\" y=\"40\" width=\"%d\" height=\"28\" fill=\"%s\" stroke=\"#444\"/>"
               "<text x=\"%d\" y=\"58\" text-anchor=\"middle\">%d</text>"
               "<text x=\"%d\" y=\"86\" text-anchor=\"middle\" fill=\"%s\">b%d t%d</text>\n",
               cx, i, x0, cell - 4, fill[b], cx, x[i], cx, ink[b], b, tr->thread_of[i]);
        printf("<rect x=\"%d\" y=\"290\" width=\"%d\" height=\"28\" fill=\"%s\" stroke=\"#444\"/>"
               "<text x=\"%d\" y=\"308\" text-anchor=\"middle\">%lld</text>\n",
               x0, cell - 4, fill[b], cx, tr->y[i]);
    }
    for (int b = 0; b < PICTURE_BLOCKS; b++) {
        const int bx = left + b * half + 12;
        printf("<rect x=\"%d\" y=\"130\" width=\"%d\" height=\"28\" fill=\"%s\" stroke=\"#444\"/>"
               "<text x=\"%d\" y=\"148\" text-anchor=\"middle\">block %d: partial[%d] = %lld</text>\n",
               bx, box, fill[b], bx + box / 2, b, b, tr->partial[b]);
        printf("<rect x=\"%d\" y=\"212\" width=\"%d\" height=\"28\" fill=\"%s\" stroke=\"#444\"/>"
               "<text x=\"%d\" y=\"230\" text-anchor=\"middle\">block %d: total = ",
               bx, box, fill[b], bx + box / 2, b);
        for (int p = 0; p < PICTURE_BLOCKS; p++)
            printf("%s%lld", p == 0 ? "" : " + ", tr->partial[p]);
        printf(" = %lld</text>\n", tr->total[b]);
    }
    printf("<line x1=\"%d\" y1=\"182\" x2=\"%d\" y2=\"182\" stroke=\"#cc0000\" "
           "stroke-width=\"2\" stroke-dasharray=\"6,4\"/>\n",
           left - 10, width - 10);
    printf("<rect x=\"%d\" y=\"165\" width=\"420\" height=\"15\" fill=\"white\"/>"
           "<text x=\"%d\" y=\"176\" fill=\"#cc0000\">grid.sync(): no block goes on "
           "before every block has written its partial</text>\n",
           left - 4, left);
    printf("<text x=\"4\" y=\"345\">%d blocks of %d threads for n = %d: thread t of block b takes "
           "i = %db + t, then i + %d, ...; y[i] = %d x[i] - total</text>\n</svg>\n",
           PICTURE_BLOCKS, PICTURE_THREADS, n, PICTURE_THREADS, PICTURE_BLOCKS * PICTURE_THREADS, n);
}

int main(int argc, char **argv)
{
    uint64_t n = 100000, seed = 1;
    int quiet = 0, too_many = 0, ordinary = 0, svg = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of values (default 100000)", 1, UINT64_C(1) << 24, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--too-many-blocks", CLI_FLAG, &too_many, "GPU trap: launch one block more than fits at once", 0, 0, NULL },
        { "--ordinary-launch", CLI_FLAG, &ordinary, "GPU trap: launch the grid.sync() kernel with <<<...>>>", 0, 0,
          NULL },
        { "--svg", CLI_FLAG, &svg, "draw the kernel's two phases for 2 blocks of 4 threads, as SVG (n <= 24)", 0, 0,
          NULL },
        CLI_OPTION_ON_NO_EMU(&on),
    };
    cli_parse(argc, argv, "Centring by a grid-wide barrier (cooperative launch), checked against C loops.", options,
              sizeof options / sizeof options[0]);
    cli_no_emu(on, "the kernel waits at a grid-wide barrier (grid.sync()), which needs every block resident "
                   "at once; the CPU emulator runs blocks one after another");
    if (too_many && on != NULL && strcmp(on, "cpu") == 0)
        cli_refuse("--too-many-blocks is a GPU experiment (use --on gpu)");
    if (ordinary && on != NULL && strcmp(on, "cpu") == 0)
        cli_refuse("--ordinary-launch is a GPU experiment (use --on gpu)");
    if (ordinary && too_many)
        cli_refuse("--ordinary-launch and --too-many-blocks are two experiments (use one)");
    if (svg && (too_many || ordinary || (on != NULL && strcmp(on, "cpu") != 0)))
        cli_refuse("--svg draws a CPU walk of the kernel (use it alone, or with --on cpu)");
    if (svg && n > PICTURE_MAX_N)
        cli_refuse("--svg draws at most %d elements, got --n %" PRIu64, PICTURE_MAX_N, n);
    const run_on where = svg ? RUN_CPU : too_many || ordinary ? cli_resolve_on("gpu") : cli_resolve_on(on);
    int *x = alloc_or_exit(n, sizeof *x, "x");
    long long *cpu = alloc_or_exit(n, sizeof *cpu, "y"), *gpu = alloc_or_exit(n, sizeof *gpu, "y");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++)
        x[i] = (int)splitmix64_below(&g, 1000);
    // [listing cpu-centre]
    long long total = 0; /* phase 1: the total, which needs every element */
    for (uint64_t i = 0; i < n; i++)
        total += x[i];
    for (uint64_t i = 0; i < n; i++) /* phase 2: starts only when phase 1 is complete */
        cpu[i] = (long long)n * x[i] - total;
    // [end]
    if (svg) {
        centre_trace tr;
        walk_centre_phases(x, (int)n, &tr);
        const int same = memcmp(tr.y, cpu, n * sizeof *cpu) == 0;
        if (same)
            print_svg(x, (int)n, &tr);
        else
            fprintf(stderr, "error: the walk of the kernel's phases differs from the CPU loops\n");
        free(x);
        free(cpu);
        free(gpu);
        return exit_status(same);
    }
    long long check = 0;
    for (uint64_t i = 0; i < n; i++)
        check += cpu[i];
    printf("y = n * x - sum(x) over %" PRIu64 " integers in [0, 1000): sum(x) = %lld\n", n, total);
    if (!quiet)
        printf("first values: x = %d %d %d, y = %lld %lld %lld\n", x[0], x[n > 1], x[n > 2 ? 2 : 0], cpu[0], cpu[n > 1],
               cpu[n > 2 ? 2 : 0]);
    int ok = verdict("CPU: the centred values add up to 0", check == 0);
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        grid_sync_launch info;
        memset(&info, 0, sizeof info);
        gpu_centre_plan((int)n, too_many, &info);
        printf("%d SMs x %d blocks of %d threads can be resident at once: %d blocks\n", info.sms, info.blocks_per_sm,
               info.threads, info.sms * info.blocks_per_sm);
        printf("%s launch of %d blocks%s\n", ordinary ? "ordinary (<<<...>>>)" : "cooperative", info.blocks,
               too_many ? " (one too many)" : "");
        fflush(stdout); /* the trap's error line comes after this on a terminal */
        if (ordinary)
            gpu_centre_ordinary_launch(x, (int)n, gpu, &info);
        else
            gpu_centre(x, (int)n, gpu, &info);
        ok &= verdict("GPU centred values equal the CPU's", memcmp(gpu, cpu, n * sizeof *cpu) == 0);
    }
    free(x);
    free(cpu);
    free(gpu);
    return exit_status(ok);
}
