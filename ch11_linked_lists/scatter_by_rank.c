/* scatter_by_rank.c - 11.3: a list becomes an array once every node knows
 * its distance to the end: position = n - 1 - distance, one independent
 * write per node. Checked against the walk that copies the list in order.
 * The list: --input FILE, --random N (or --n N) in random order, or by
 * default the 8-node example. */
#include "common.h"
#include "list_figures.h"
#include "list_gpu.h"
#include "list_source.h"
#include "list_walk.h"
#include "scatter_node.h"

#include <stdlib.h>
#include <string.h>

#define SHOW_MAX_NODES 16

static int same_array(const int32_t *got, const int32_t *want, int32_t n, const char *what)
{
    int32_t first;
    const int32_t wrong = count_differences(got, want, n, &first);
    if (wrong != 0)
        printf("%s: %d of %d slots wrong; first: slot %d holds %d, the walk put %d there\n", what, (int)wrong, (int)n,
               (int)first, (int)got[first], (int)want[first]);
    return wrong == 0;
}

typedef struct {
    const char *input, *on, *algo;
    uint64_t n, random_n, seed, sublist;
    int quiet, svg;
} scatter_options;

static void parse_options(int argc, char **argv, scatter_options *o)
{
    *o = (scatter_options){ .algo = "wyllie", .seed = 1, .sublist = 64 };
    const cli_option options[] = {
        { "--input", CLI_STRING, &o->input, "read the list from FILE (N, then N lines `value next`)", 0, 0, NULL },
        { "--random", CLI_U64, &o->random_n, "a random-order list of N nodes instead", 1, LIST_MAX_NODES, NULL },
        { "--n", CLI_U64, &o->n, "the same as --random N", 1, LIST_MAX_NODES, NULL },
        { "--seed", CLI_U64, &o->seed, "seed of the random list and of --algo ruling's rulers (default 1)", 0,
          UINT64_MAX, NULL },
        CLI_OPTION_ON_EMU(&o->on),
        { "--algo", CLI_CHOICE, &o->algo, "how the GPU ranks before scattering (default wyllie)", 0, 0,
          "wyllie|ruling" },
        { "--sublist", CLI_U64, &o->sublist, "ruling set: one ruler per K node indices (default 64)", 1, LIST_MAX_NODES,
          NULL },
        { "--svg", CLI_FLAG, &o->svg, "stdout: the CPU scatter's writes as SVG (at most 16 nodes)", 0, 0, NULL },
        { "--quiet", CLI_FLAG, &o->quiet, "only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "List to array by scattering each node to n - 1 - distance_to_end (11.3).\n"
              "Without --input or --random: the 8-node example.",
              options, sizeof options / sizeof options[0]);
    o->random_n = list_random_size(o->n, o->random_n, o->input);
    const int gpu_rulers = strcmp(o->algo, "ruling") == 0 && (o->on == NULL || strcmp(o->on, "cpu") != 0);
    if (cli_given("--seed") && o->random_n == 0 && !gpu_rulers) { /* it would change nothing */
        fprintf(stderr, "error: --seed draws the random list (--n N) or, with --algo ruling on the GPU (or the "
                        "emulator), the rulers: this run uses neither\n");
        exit(EXIT_BAD_INPUT);
    }
    if (o->svg && o->on != NULL && strcmp(o->on, "cpu") != 0) {
        fprintf(stderr, "error: --svg draws the CPU scatter: use --on cpu\n");
        exit(EXIT_BAD_INPUT);
    }
}

/* The CPU: ranks by the walk, then the very scatter_node the kernel runs. */
static int scatter_on_cpu(const list *l, int32_t *dist, int32_t *out, const int32_t *want, int show)
{
    const int32_t n = l->n;
    rank_by_walk(l, dist);
    for (int32_t i = 0; i < n; i++)
        out[i] = -1;
    for (int32_t i = 0; i < n; i++)
        scatter_node(i, n, l->node, dist, out);
    if (show) {
        int32_t row[SHOW_MAX_NODES];
        for (int32_t i = 0; i < n; i++)
            row[i] = i;
        print_int_row(stdout, "node", row, n);
        for (int32_t i = 0; i < n; i++)
            row[i] = l->node[i].value;
        print_int_row(stdout, "value", row, n);
        print_int_row(stdout, "dist to end", dist, n);
        for (int32_t i = 0; i < n; i++)
            row[i] = n - 1 - dist[i];
        print_int_row(stdout, "position", row, n);
        printf("\n");
        print_int_row(stdout, "CPU scatter", out, n);
    }
    return same_array(out, want, n, "CPU scatter");
}

/* The GPU, or with emu the same kernels on the CPU emulator. */
static int scatter_on_gpu(const list *l, const scatter_options *o, int emu, int32_t *dist, int32_t *out,
                          const int32_t *want, int show)
{
    const int ruling = strcmp(o->algo, "ruling") == 0;
    const char *who = emu ? "emulator" : "GPU";
    if (!emu) {
        if (ruling)
            gpu_ruling_set_rank(l->node, l->n, l->head, (int32_t)o->sublist, (uint32_t)o->seed, dist);
        else
            gpu_wyllie_rank(l->node, l->n, 0, dist, NULL, NULL);
        gpu_scatter_by_rank(l->node, l->n, dist, out);
    } else {
        const int ranked = ruling ? emu_ruling_set_rank(l->node, l->n, l->head, (int32_t)o->sublist, (uint32_t)o->seed,
                                                        dist) >= 0
                                  : emu_wyllie_rank(l->node, l->n, 0, dist, NULL, NULL) >= 0;
        if (!ranked || emu_scatter_by_rank(l->node, l->n, dist, out) != 0)
            return verdict("the emulator ran the kernels without an error", 0);
    }
    char what[32];
    snprintf(what, sizeof what, "%s scatter", emu ? "emulated" : "GPU");
    if (show) /* a label as wide as the CPU's rows */
        print_int_row(stdout, emu ? "emu scatter" : "GPU scatter", out, l->n);
    else if (!o->quiet)
        printf("%s: ranked by %s, then scattered\n", who, ruling ? "the ruling set" : "pointer jumping");
    return same_array(out, want, l->n, what);
}

int main(int argc, char **argv)
{
    scatter_options o;
    parse_options(argc, argv, &o);
    list l;
    char describe[256];
    list_load(&l, o.input, o.random_n, o.seed, describe, sizeof describe);
    const int32_t n = l.n;
    if (o.svg && n > SHOW_MAX_NODES)
        cli_refuse("--svg draws lists of at most %d nodes", SHOW_MAX_NODES);
    const run_on where = o.svg ? RUN_CPU : cli_resolve_on(o.on);
    if (where == RUN_EMU)
        emu_check_size(n);
    int32_t *dist = alloc_or_exit((size_t)n, sizeof *dist, "the distances");
    int32_t *want = alloc_or_exit((size_t)n, sizeof *want, "the reference array");
    int32_t *out = alloc_or_exit((size_t)n, sizeof *out, "the scattered array");
    const int quiet = o.quiet || o.svg, show = !quiet && n <= SHOW_MAX_NODES;
    list_to_array_walk(&l, want); /* the reference: one thread copying in order */
    if (!quiet)
        printf("list: %d nodes, head %d, %s\n", (int)n, (int)l.head, describe);
    int cpu_ok = 1, gpu_ok = 1, emu_ok = 1;
    if (where & RUN_CPU)
        cpu_ok = scatter_on_cpu(&l, dist, out, want, show);
    if (o.svg)
        draw_scatter(stdout, &l, dist, out);
    if (where & RUN_GPU)
        gpu_ok = scatter_on_gpu(&l, &o, 0, dist, out, want, show);
    if (where & RUN_EMU)
        emu_ok = scatter_on_gpu(&l, &o, 1, dist, out, want, show);
    if (show)
        print_int_row(stdout, "walk (ref.)", want, n);
    if (!quiet)
        printf("\n");
    int ok = 1;
    FILE *verdicts = o.svg ? stderr : stdout;
    if (where & RUN_CPU)
        ok &= verdict_to(verdicts, "CPU scatter by rank equals the list copied in order by one walk", cpu_ok);
    if (where & RUN_GPU)
        ok &= verdict_to(verdicts, "GPU ranking + scatter equals the list copied in order by one walk", gpu_ok);
    if (where & RUN_EMU)
        ok &= verdict_to(verdicts, "emulated ranking + scatter equals the list copied in order by one walk", emu_ok);
    free(dist);
    free(want);
    free(out);
    list_free(&l);
    return exit_status(ok);
}
