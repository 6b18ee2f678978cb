/* hello_threads.c - section 1.1: one thread per element.
 *
 * c = a + b on the CPU (a loop nest that walks the grid the way the GPU
 * would) and on the GPU (a kernel launched over that grid), with the table of
 * which block and which thread computed each element. --svg prints that
 * mapping as a picture instead. */
#include "common.h"
#include "hello_threads.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    float *a, *b, *c;
    int *block_of, *thread_of;
} vectors;

static vectors vectors_alloc(int n)
{
    vectors v;
    v.a = alloc_or_exit((size_t)n, sizeof *v.a, "a");
    v.b = alloc_or_exit((size_t)n, sizeof *v.b, "b");
    v.c = alloc_or_exit((size_t)n, sizeof *v.c, "c");
    v.block_of = alloc_or_exit((size_t)n, sizeof *v.block_of, "block_of");
    v.thread_of = alloc_or_exit((size_t)n, sizeof *v.thread_of, "thread_of");
    return v;
}

static void vectors_free(vectors *v)
{
    free(v->a);
    free(v->b);
    free(v->c);
    free(v->block_of);
    free(v->thread_of);
}

// [listing cpu-loop-nest]
/* The grid as two nested loops: the GPU runs every (block, thread) pair at
 * once; this runs them one after another. Returns the number of idle
 * threads, the ones past the end of the arrays. */
static int cpu_vector_add(vectors *v, int n, int block)
{
    const int blocks = (n + block - 1) / block;
    int idle = 0;
    for (int b = 0; b < blocks; b++)
        for (int t = 0; t < block; t++) {
            const int i = b * block + t;
            if (i >= n) {
                idle++;
                continue;
            }
            v->c[i] = v->a[i] + v->b[i];
            v->block_of[i] = b;
            v->thread_of[i] = t;
        }
    return idle;
}
// [end]

static void print_table(const vectors *v, int n)
{
    printf("%7s %6s %7s   %5s + %5s = %5s\n", "element", "block", "thread", "a", "b", "c");
    for (int i = 0; i < n; i++)
        printf("%7d %6d %7d   %5g + %5g = %5g\n", i, v->block_of[i], v->thread_of[i], (double)v->a[i], (double)v->b[i],
               (double)v->c[i]);
}

/* The thread -> element mapping as SVG: one cell per thread of the grid,
 * grouped by block, above the element it computes (or marked idle). */
static void print_svg(const vectors *v, int n, int block)
{
    static const char *fill[4] = { "#cfe2f3", "#d9ead3", "#fff2cc", "#f4cccc" };
    const int blocks = (n + block - 1) / block, cell = 40, gap = 12, left = 70;
    const int width = left + blocks * block * cell + (blocks - 1) * gap + 10;
    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"190\" "
           "font-family=\"sans-serif\" font-size=\"12\">\n",
           width);
    printf("<text x=\"4\" y=\"64\">threads</text><text x=\"4\" y=\"154\">elements</text>\n");
    for (int b = 0; b < blocks; b++) {
        const int x0 = left + b * (block * cell + gap);
        printf("<text x=\"%d\" y=\"30\" text-anchor=\"middle\">block %d</text>\n", x0 + block * cell / 2, b);
        for (int t = 0; t < block; t++) {
            const int i = b * block + t, x = x0 + t * cell;
            const int used = i < n && v->block_of[i] == b && v->thread_of[i] == t;
            printf("<rect x=\"%d\" y=\"42\" width=\"%d\" height=\"34\" fill=\"%s\" stroke=\"#444\"/>"
                   "<text x=\"%d\" y=\"64\" text-anchor=\"middle\">t%d</text>\n",
                   x, cell - 4, used ? fill[b % 4] : "#eeeeee", x + (cell - 4) / 2, t);
            if (!used) {
                printf("<text x=\"%d\" y=\"100\" text-anchor=\"middle\" fill=\"#888\">idle</text>\n",
                       x + (cell - 4) / 2);
                continue;
            }
            printf("<line x1=\"%d\" y1=\"76\" x2=\"%d\" y2=\"132\" stroke=\"#444\"/>"
                   "<rect x=\"%d\" y=\"132\" width=\"%d\" height=\"34\" fill=\"%s\" stroke=\"#444\"/>"
                   "<text x=\"%d\" y=\"154\" text-anchor=\"middle\">c[%d]</text>\n",
                   x + (cell - 4) / 2, x + (cell - 4) / 2, x, cell - 4, fill[b % 4], x + (cell - 4) / 2, i);
        }
    }
    printf("</svg>\n");
}

static void fill_inputs(vectors *v, int n, uint64_t seed)
{
    splitmix64 g = { seed };
    for (int i = 0; i < n; i++) { /* small whole numbers: every sum is exact and easy to read */
        v->a[i] = (float)splitmix64_below(&g, 100);
        v->b[i] = (float)splitmix64_below(&g, 100);
        v->block_of[i] = v->thread_of[i] = -1; /* "nobody computed this element" */
    }
}

/* Every element was computed, by thread `thread` of block `block` with
 * block * blockDim + thread == i. */
static int covers_every_element(const vectors *v, int n, int block)
{
    for (int i = 0; i < n; i++)
        if (v->block_of[i] < 0 || v->block_of[i] * block + v->thread_of[i] != i)
            return 0;
    return 1;
}

/* Runs the GPU path (or with `emulated` the kernel on the CPU emulator) and
 * compares it with the CPU's result in cpu. */
static int check_gpu(const vectors *cpu, vectors *gpu, int n, int block, int quiet, int emulated)
{
    const char *who = emulated ? "emulator" : "GPU";
    if (emulated) {
        printf("emulator: the kernel's own source on the CPU (common/emulator/)\n");
        fflush(stdout); /* an error it reports goes to stderr: keep the order */
        if (emu_vector_add_traced(gpu->a, gpu->b, gpu->c, gpu->block_of, gpu->thread_of, n, block) != 0)
            return verdict("the emulator ran the kernel without an error", 0);
    } else {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        gpu_vector_add_traced(gpu->a, gpu->b, gpu->c, gpu->block_of, gpu->thread_of, n, block);
    }
    if (!quiet && n <= 64)
        print_table(gpu, n);
    int same_sum = 1;
    for (int i = 0; i < n; i++)
        same_sum &= float_bits(gpu->c[i]) == float_bits(cpu->c[i]);
    char what[120];
    snprintf(what, sizeof what, "%s: element i was computed by thread i %% blockDim of block i / blockDim", who);
    int ok = verdict(what, covers_every_element(gpu, n, block));
    snprintf(what, sizeof what, "%s sums equal the CPU sums bit for bit", who);
    ok &= verdict(what, same_sum);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t n = 10, block = 4, seed = 1;
    int quiet = 0, svg = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements (default 10)", 1, UINT64_C(1) << 24, NULL },
        { "--block", CLI_U64, &block, "threads per block (default 4)", 1, 1024, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--svg", CLI_FLAG, &svg, "print the CPU's thread -> element mapping as SVG (n <= 64)", 0, 0, NULL },
        CLI_OPTION_ON_EMU(&on),
    };
    cli_parse(argc, argv, "c = a + b with one thread per element; shows which thread did which element.", options,
              sizeof options / sizeof options[0]);
    if (svg && n > 64)
        cli_refuse("--svg draws at most 64 elements, got --n %" PRIu64, n);
    const run_on where = svg ? RUN_CPU : cli_resolve_on(on);
    vectors cpu = vectors_alloc((int)n), gpu = vectors_alloc((int)n);
    fill_inputs(&cpu, (int)n, seed);
    fill_inputs(&gpu, (int)n, seed);
    const int blocks = (int)((n + block - 1) / block);
    const int idle = cpu_vector_add(&cpu, (int)n, (int)block);
    if (svg) {
        print_svg(&cpu, (int)n, (int)block);
        vectors_free(&cpu);
        vectors_free(&gpu);
        return EXIT_PASS;
    }
    printf("c = a + b over %" PRIu64 " floats: %d blocks of %" PRIu64 " threads = %d threads, %d idle\n", n, blocks,
           block, blocks * (int)block, idle);
    int ok = verdict("CPU: element i was computed by thread i % blockDim of block i / blockDim",
                     covers_every_element(&cpu, (int)n, (int)block));
    if (where & (RUN_GPU | RUN_EMU)) {
        ok &= check_gpu(&cpu, &gpu, (int)n, (int)block, quiet, where == RUN_EMU);
    } else if (!quiet && n <= 64) {
        printf("CPU loop nest (no GPU run):\n");
        print_table(&cpu, (int)n);
    }
    vectors_free(&cpu);
    vectors_free(&gpu);
    return exit_status(ok);
}
