/* list_sum.c - 11.1: summing an array and summing a linked list. The same
 * n additions; the array's addresses are known in advance, the list's
 * are discovered one load at a time. --bench times both on the GPU for
 * random-order lists of 2^10 ... 2^26 nodes. */
#include "run_header.h"
#include "common.h"
#include "list_figures.h"
#include "list_gpu.h"
#include "list_walk.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

static int bench(int argc, char **argv, int min_log, int max_log, int reps, uint64_t seed, const char *dat_path)
{
    gpu_require_device();
    FILE *dat = cli_open_output(dat_path);
    if (dat)
        fprintf(dat,
                "# n array_sum_ms list_walk_ms (GPU, medians)\n"
                "# l2_bytes %ld (cudaDevAttrL2CacheSize of the GPU that ran this)\n",
                gpu_l2_cache_bytes());
    print_run_header(argc, argv);
    printf("Sum of n int32 values on the GPU: the array with a full grid (grid-stride loop, block\n"
           "tree, one atomic per block) versus the same values in a random-order linked list\n"
           "walked by one thread. CUDA events, data already on the GPU; median of %d runs after\n"
           "3 warm-ups (array) and of %d runs after 1 warm-up (list walk; 1 run, no warm-up,\n"
           "from 2^24 nodes on: one walk takes seconds).\n\n",
           reps, 3);
    printf("| n | array sum (ms) | spread | list walk (ms) | spread | list / array | ns per hop |\n");
    printf("|---:|---:|---:|---:|---:|---:|---:|\n");
    int ok = 1;
    for (int lg = min_log; lg <= max_log; lg += 2) {
        const int32_t n = INT32_C(1) << lg;
        list l;
        int32_t *a = alloc_or_exit((size_t)n, sizeof *a, "the array");
        if (list_alloc(&l, n) != 0 || list_make_random(&l, seed + (uint64_t)lg, 1) != 0) {
            fprintf(stderr, "error: cannot allocate a list of 2^%d nodes\n", lg);
            return EXIT_BAD_INPUT;
        }
        list_to_array_walk(&l, a);
        sum_timing t;
        gpu_time_sums(a, l.node, n, l.head, reps, lg >= 24 ? 1 : 3, &t);
        const int64_t expect = (int64_t)n * (n + 1) / 2;
        ok &= t.array_total == expect && t.list_total == expect;
        printf("| 2^%d | %.4f | %.0f%% | %.3f | %.0f%% | %.0f | %.0f |\n", lg, t.array_ms, 100 * t.array_spread,
               t.list_ms, 100 * t.list_spread, t.list_ms / t.array_ms, t.list_ms * 1e6 / n);
        if (dat)
            fprintf(dat, "%d %.6f %.6f\n", (int)n, t.array_ms, t.list_ms);
        fflush(stdout);
        free(a);
        list_free(&l);
    }
    printf("\n");
    if (dat)
        cli_close_output(dat, dat_path);
    return exit_status(verdict("both GPU sums equal n(n+1)/2 at every size", ok));
}

typedef struct {
    uint64_t n, scale, seed, threads, min_log, max_log, reps;
    int random_order, run_bench, quiet, split_walk, svg;
    const char *on, *dat;
} sum_options;

static void parse_options(int argc, char **argv, sum_options *o)
{
    *o = (sum_options){ .n = 256, .scale = 1, .seed = 1, .threads = 64, .min_log = 10, .max_log = 26, .reps = 10 };
    const cli_option options[] = {
        { "--n", CLI_U64, &o->n, "nodes in the list (default 256)", 1, UINT64_C(1) << 26, NULL },
        { "--scale", CLI_U64, &o->scale, "the p-th node from the head holds (p+1)*scale (default 1)", 1, 16, NULL },
        { "--random", CLI_FLAG, &o->random_order, "store the nodes in random order", 0, 0, NULL },
        { "--seed", CLI_U64, &o->seed, "seed of the random order (default 1)", 0, UINT64_MAX, NULL },
        { "--threads", CLI_U64, &o->threads, "threads of the array sum, one block (default 64)", 32, 1024, NULL },
        CLI_OPTION_ON_EMU(&o->on),
        { "--quiet", CLI_FLAG, &o->quiet, "only the verdicts", 0, 0, NULL },
        { "--split-walk", CLI_FLAG, &o->split_walk,
          "the trap: give 1, 2, 4 ... --threads threads a share of the list each (CPU emulation)", 0, 0, NULL },
        { "--svg", CLI_FLAG, &o->svg, "stdout: the cells the array loop and the walk read, as SVG (n <= 32)", 0, 0,
          NULL },
        { "--bench", CLI_FLAG, &o->run_bench, "time both sums on the GPU, random lists of 2^10 ... 2^26", 0, 0, NULL },
        { "--min-log", CLI_U64, &o->min_log, "bench: smallest size 2^K (default 10)", 4, 26, NULL },
        { "--max-log", CLI_U64, &o->max_log, "bench: largest size 2^K (default 26; sizes step by 4x)", 4, 26, NULL },
        { "--reps", CLI_U64, &o->reps, "bench: timed runs of the array sum (default 10)", 1, 1000, NULL },
        { "--dat", CLI_STRING, &o->dat, "bench: also write `n array_ms list_ms` to FILE", 0, 0, NULL },
    };
    cli_parse(argc, argv, "Sum of an array versus sum of a linked list (11.1).", options,
              sizeof options / sizeof options[0]);
    if ((o->threads & (o->threads - 1)) != 0) {
        fprintf(stderr, "error: --threads must be a power of two, got %" PRIu64 "\n", o->threads);
        exit(EXIT_BAD_INPUT);
    }
    if (o->run_bench) /* a benchmark has nothing to emulate: its result is the GPU's time */
        cli_no_emu(o->on, "--bench measures the GPU's time, which the emulator does not model (it runs one thread "
                          "at a time); leave out --bench to run the same kernels");
    if (o->on != NULL && strcmp(o->on, "emu") == 0 && o->n > EMU_MAX_NODES) {
        fprintf(stderr,
                "error: --on emu sums at most 2^18 nodes (the emulator runs one GPU thread at a time), got %" PRIu64
                "\n",
                o->n);
        exit(EXIT_BAD_INPUT);
    }
    if (o->svg && o->n > 32) {
        fprintf(stderr, "error: --svg draws lists of at most 32 nodes, got --n %" PRIu64 "\n", o->n);
        exit(EXIT_BAD_INPUT);
    }
}

/* The list (in index order or random order) and the same values as an
 * array in list order. */
static void make_list(const sum_options *o, list *l, int32_t **a)
{
    *a = alloc_or_exit((size_t)o->n, sizeof **a, "the array");
    if (list_alloc(l, (int32_t)o->n) != 0) {
        fprintf(stderr, "error: cannot allocate a list of %" PRIu64 " nodes\n", o->n);
        exit(EXIT_BAD_INPUT);
    }
    if (!o->random_order)
        list_make_in_order(l, (int32_t)o->scale);
    else if (list_make_random(l, o->seed, (int32_t)o->scale) != 0) {
        fprintf(stderr, "error: cannot allocate a permutation of %" PRIu64 " nodes\n", o->n);
        exit(EXIT_BAD_INPUT);
    }
    list_to_array_walk(l, *a); /* the same values, laid out in list order */
}

/* Both sums, on the CPU and/or the GPU, and the span of each. */
static int sum_both_ways(const sum_options *o, const list *l, const int32_t *a, int64_t reference, run_on where)
{
    const uint64_t n = o->n, threads = o->threads, scale = o->scale;
    if (!o->quiet) {
        printf("N = %" PRIu64 " nodes and elements, values %" PRIu64 ", %" PRIu64 ", ..., %" PRIu64
               " from the head, %s; reference sum = %" PRId64 "\n",
               n, scale, 2 * scale, n * scale, o->random_order ? "nodes in random order" : "nodes in index order",
               reference);
        if (n <= 16) {
            printf("list, head to tail:");
            for (int32_t cur = l->head; cur != LIST_NULL; cur = l->node[cur].next)
                printf(" %d", (int)l->node[cur].value);
            printf("\n");
        }
        printf("\n");
    }
    int cpu_ok = 1, gpu_ok = 1, emu_ok = 1;
    if (where & RUN_CPU) {
        const int64_t array_total = array_sum(a, (int32_t)n), list_total = list_walk_sum(l->node, l->head, l->n);
        if (!o->quiet)
            printf("CPU: array sum (plain loop): %" PRId64 "\nCPU: list sum (walk from the head): %" PRId64 "\n",
                   array_total, list_total);
        cpu_ok = array_total == reference && list_total == reference;
    }
    if (where & RUN_GPU) {
        const int64_t array_total = gpu_array_sum(a, (int32_t)n, 1, (int)threads);
        const int64_t list_total = gpu_list_sum_one_thread(l->node, l->n, l->head);
        if (!o->quiet)
            printf("GPU: array sum (grid-stride, %" PRIu64 " threads): %" PRId64
                   "\nGPU: list sum (pointer chasing, 1 thread): %" PRId64 "\n",
                   threads, array_total, list_total);
        gpu_ok = array_total == reference && list_total == reference;
    }
    if (where & RUN_EMU) { /* the same kernels, on the CPU emulator */
        int64_t array_total = 0, list_total = 0;
        if (emu_array_sum(a, (int32_t)n, 1, (int)threads, &array_total) != 0 ||
            emu_list_sum_one_thread(l->node, l->n, l->head, &list_total) != 0)
            return verdict("the emulator ran the kernels without an error", 0);
        if (!o->quiet)
            printf("emulator: array sum (grid-stride, %" PRIu64 " threads): %" PRId64
                   "\nemulator: list sum (pointer chasing, 1 thread): %" PRId64 "\n",
                   threads, array_total, list_total);
        emu_ok = array_total == reference && list_total == reference;
    }
    // [listing span-model]
    /* Span: the longest chain of steps that must follow one another. The
     * array's threads each load ceil(N/threads) elements, all addresses
     * known in advance; the list's N loads each wait for the one before. */
    const uint64_t array_span = (n + threads - 1) / threads, list_span = n;
    // [end]
    if (!o->quiet) {
        printf("\nspan, counted in dependent steps:\n");
        printf("  array, %" PRIu64 " threads: %" PRIu64 " load(s) per thread, independent of each other"
               " (then %d steps of the block tree)\n",
               threads, array_span, ceil_log2((int64_t)threads));
        printf("  list, any number of threads: %" PRIu64 " loads, each waiting for the previous one\n", list_span);
        printf("the list's chain is %.1fx longer than an array thread's share of the same %" PRIu64 " additions\n\n",
               (double)list_span / (double)array_span, n);
    }
    int ok = 1;
    if (where & RUN_CPU)
        ok &= verdict("CPU array sum and list walk equal the reference", cpu_ok);
    if (where & RUN_GPU)
        ok &= verdict("GPU array sum and list walk equal the reference", gpu_ok);
    if (where & RUN_EMU)
        ok &= verdict("emulated array sum and list walk equal the reference", emu_ok);
    return ok;
}

/* --split-walk: the trap "launch more threads", emulated thread by thread
 * with the walk each one would have to make. */
static int split_walk_trap(const list *l, int32_t max_threads, int64_t reference)
{
    printf("\"launch more threads\": thread t of T owns the nodes at positions [t*n/T, (t+1)*n/T),\n"
           "but finds its first node only by walking there from the head\n\n");
    printf("threads T | loads of the slowest thread (span) | loads of all threads (work) | sum\n");
    int sums_ok = 1, shorter = 0;
    for (int32_t threads = 1; threads <= max_threads; threads *= 2) {
        int64_t span = 0, work = 0, sum = 0;
        for (int32_t t = 0; t < threads; t++) {
            int64_t loads;
            sum += list_split_walk_thread(l->node, l->head, l->n, t, threads, &loads);
            work += loads;
            span = loads > span ? loads : span;
        }
        printf("%9d | %34" PRId64 " | %27" PRId64 " | %" PRId64 "\n", (int)threads, span, work, sum);
        sums_ok &= sum == reference;
        shorter |= threads > 1 && span < l->n;
    }
    printf("\n");
    int ok = verdict("every split sum equals the reference", sums_ok);
    ok &= verdict("more threads shortened the chain of dependent loads", shorter);
    return ok;
}

int main(int argc, char **argv)
{
    sum_options o;
    parse_options(argc, argv, &o);
    if (o.run_bench)
        return bench(argc, argv, (int)o.min_log, (int)o.max_log, (int)o.reps, o.seed, o.dat);
    list l;
    int32_t *a;
    make_list(&o, &l, &a);
    const uint64_t n = o.n;
    const int64_t reference = (int64_t)o.scale * (int64_t)n * ((int64_t)n + 1) / 2;
    int ok;
    if (o.svg) {
        list_walk_visits(&l, a); /* a is free to hold the walk's order now */
        draw_access(stdout, l.n, a);
        ok = 1;
    } else if (o.split_walk) {
        ok = split_walk_trap(&l, (int32_t)o.threads, reference);
    } else {
        ok = sum_both_ways(&o, &l, a, reference, cli_resolve_on(o.on));
    }
    free(a);
    list_free(&l);
    return exit_status(ok);
}
