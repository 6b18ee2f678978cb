/* list_rank.c - 11.2 and 11.4: the distance from every node to the end of
 * its list, by one sequential walk (the reference), by pointer jumping
 * (Wyllie) and by a sparse ruling set, on the CPU and on the GPU.
 *
 *   list_rank --input FILE [--on cpu|gpu|both] [--print]
 *   list_rank --random N --seed S ...
 *
 * With --print, stdout holds exactly N lines `index distance` and nothing
 * else; the trace and the verdicts go to stderr. */
#include "common.h"
#include "list_gpu.h"
#include "list_source.h"
#include "list_walk.h"
#include "rank_emulation.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define TRACE_MAX_NODES 16
#define TRACE_MAX_ROUNDS 65

/* Every round of one run of pointer jumping, kept for printing and for
 * comparing the GPU's rounds with the CPU emulation's. */
typedef struct {
    int rounds; /* rounds recorded after round 0 */
    int32_t next[TRACE_MAX_ROUNDS][TRACE_MAX_NODES];
    int32_t dist[TRACE_MAX_ROUNDS][TRACE_MAX_NODES];
} round_log;

static void record_round(int round, const int32_t *next, const int32_t *dist, int32_t n, void *ctx)
{
    round_log *log = ctx;
    if (round >= TRACE_MAX_ROUNDS || n > TRACE_MAX_NODES)
        return;
    memcpy(log->next[round], next, (size_t)n * sizeof *next);
    memcpy(log->dist[round], dist, (size_t)n * sizeof *dist);
    log->rounds = round;
}

static void print_rounds(FILE *out, const round_log *log, int32_t n)
{
    for (int r = 0; r <= log->rounds; r++) {
        char label[32];
        snprintf(label, sizeof label, "round %d: next", r);
        print_int_row(out, label, log->next[r], n);
        print_int_row(out, "          dist", log->dist[r], n);
    }
}

static int same_rounds(const round_log *a, const round_log *b, int32_t n)
{
    if (a->rounds != b->rounds)
        return 0;
    for (int r = 0; r <= a->rounds; r++)
        if (memcmp(a->next[r], b->next[r], (size_t)n * sizeof(int32_t)) != 0 ||
            memcmp(a->dist[r], b->dist[r], (size_t)n * sizeof(int32_t)) != 0)
            return 0;
    return 1;
}

/* Compares an algorithm's answer with the walk's and names the first
 * wrong node, so a failure says where to look. */
static int matches_walk(FILE *out, const char *what, const int32_t *got, const int32_t *walk, int32_t n)
{
    int32_t first;
    const int32_t wrong = count_differences(got, walk, n, &first);
    if (wrong != 0)
        fprintf(out, "%s: %d of %d distances wrong; first: node %d has %d, the walk says %d\n", what,
                (int)wrong, (int)n, (int)first, (int)got[first], (int)walk[first]);
    char line[160];
    snprintf(line, sizeof line, "%s equals the sequential walk", what);
    return verdict_to(out, line, wrong == 0);
}

int main(int argc, char **argv)
{
    const char *input = NULL, *on = NULL, *algo = "all";
    uint64_t random_n = 0, seed = 1, sublist = 64, trials = 1;
    int print = 0, in_place = 0, quiet = 0;
    const cli_option options[] = {
        { "--input", CLI_STRING, &input, "read the list from FILE (N, then N lines `value next`)", 0, 0, NULL },
        { "--random", CLI_U64, &random_n, "rank a random-order list of N nodes instead", 1, LIST_MAX_NODES, NULL },
        { "--seed", CLI_U64, &seed, "seed of the random list and of the ruler picks (default 1)", 0, UINT64_MAX, NULL },
        CLI_OPTION_ON(&on),
        { "--algo", CLI_CHOICE, &algo, "which parallel algorithm(s) (default all)", 0, 0, "wyllie|ruling|all" },
        { "--sublist", CLI_U64, &sublist, "ruling set: one ruler per K node indices (default 64)", 1, LIST_MAX_NODES, NULL },
        { "--in-place", CLI_FLAG, &in_place, "pointer jumping with ONE buffer (the trap)", 0, 0, NULL },
        { "--trials", CLI_U64, &trials, "how often the GPU repeats the in-place run (default 1)", 1, 100, NULL },
        { "--print", CLI_FLAG, &print, "stdout: N lines `index distance`; trace to stderr", 0, 0, NULL },
        { "--quiet", CLI_FLAG, &quiet, "no trace, only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Distance to the end of every node: sequential walk, pointer jumping, ruling set.\n"
              "Without --input or --random: the 8-node example, traced round by round.",
              options, sizeof options / sizeof options[0]);

    list l;
    char describe[256];
    list_load(&l, input, random_n, seed, describe, sizeof describe); /* validated, or exit 2 */
    const run_on where = cli_resolve_on(on);
    FILE *out = print ? stderr : stdout;
    const int32_t n = l.n;
    const int trace = !quiet && n <= TRACE_MAX_NODES;
    const int want_wyllie = strcmp(algo, "ruling") != 0, want_ruling = strcmp(algo, "wyllie") != 0;
    const size_t bytes = (size_t)n * sizeof(int32_t);
    int32_t *walk = alloc_or_exit((size_t)n, sizeof *walk, "the walk's distances");
    int32_t *got = alloc_or_exit((size_t)n, sizeof *got, "the computed distances");
    int32_t *shown = alloc_or_exit((size_t)n, sizeof *shown, "the traced distances");

    if (!quiet)
        fprintf(out, "list: %d nodes, head %d, %s\n", (int)n, (int)l.head, describe);
    if (trace) {
        int32_t row[TRACE_MAX_NODES];
        for (int32_t i = 0; i < n; i++)
            row[i] = i;
        print_int_row(out, "node", row, n);
        for (int32_t i = 0; i < n; i++)
            row[i] = l.node[i].value;
        print_int_row(out, "value", row, n);
        for (int32_t i = 0; i < n; i++)
            row[i] = l.node[i].next;
        print_int_row(out, "next", row, n);
    }

    /* the reference: one walk from the head */
    rank_by_walk(&l, walk);
    memcpy(shown, walk, bytes);
    if (trace) {
        fprintf(out, "\nsequential walk (CPU): distance = n - 1 - position from the head\n");
        print_int_row(out, "dist", walk, n);
    }
    int ok = verdict_to(out, "the walk's distances satisfy dist[tail] = 0, dist[i] = dist[next[i]] + 1",
                        ranks_consistent(&l, walk));

    const char *jump_name = in_place ? "pointer jumping in place (one buffer)"
                                     : "pointer jumping, double-buffered";
    round_log cpu_log = { 0 }, gpu_log = { 0 };
    if (want_wyllie && ((where & RUN_CPU) || trace)) {
        /* in trace mode the emulation also runs for comparing the GPU's rounds */
        const int rounds = in_place ? wyllie_in_place_cpu(&l, got, trace ? record_round : NULL, &cpu_log)
                                    : wyllie_rank_cpu(&l, got, trace ? record_round : NULL, &cpu_log);
        if (rounds < 0) {
            fprintf(stderr, "error: out of memory for pointer jumping on %d nodes\n", (int)n);
            return EXIT_BAD_INPUT;
        }
        if (where & RUN_CPU) {
            char what[160];
            if (!quiet)
                fprintf(out, "\n%s, on the CPU: %d rounds; ceil(log2(%d)) = %d\n", jump_name, rounds,
                        (int)n, ceil_log2(n));
            if (trace && !(where & RUN_GPU))
                print_rounds(out, &cpu_log, n);
            snprintf(what, sizeof what, "CPU %s", jump_name);
            ok &= matches_walk(out, what, got, walk, n);
            if (!in_place)
                ok &= verdict_to(out, "it took ceil(log2 n) rounds", rounds == ceil_log2(n));
        }
    }
    if (want_ruling && (where & RUN_CPU)) {
        if (!quiet)
            fprintf(out, "\nruling set, on the CPU:\n");
        if (ruling_set_rank_cpu(&l, (int32_t)sublist, (uint32_t)seed, got, trace ? out : NULL) < 0) {
            fprintf(stderr, "error: out of memory for the ruling set on %d nodes\n", (int)n);
            return EXIT_BAD_INPUT;
        }
        ok &= matches_walk(out, "CPU ruling set", got, walk, n);
    }

    if (want_ruling && (where & RUN_GPU)) {
        const int32_t rulers = gpu_ruling_set_rank(l.node, n, l.head, (int32_t)sublist, (uint32_t)seed, got);
        if (!quiet)
            fprintf(out, "\nruling set, on the GPU: %d rulers, one per %d node indices\n", (int)rulers, (int)sublist);
        ok &= matches_walk(out, "GPU ruling set", got, walk, n);
        memcpy(shown, got, bytes);
    }
    if (want_wyllie && (where & RUN_GPU)) {
        int wrong_trials = 0, first_rounds = 0;
        for (uint64_t t = 0; t < trials; t++) {
            const int rounds = gpu_wyllie_rank(l.node, n, in_place, got, trace ? record_round : NULL, &gpu_log);
            int32_t first;
            const int32_t wrong = count_differences(got, walk, n, &first);
            wrong_trials += wrong != 0;
            if (t == 0 && !quiet)
                fprintf(out, "\n%s, on the GPU: %d rounds; ceil(log2(%d)) = %d\n%s", jump_name, rounds,
                        (int)n, ceil_log2(n), trace ? "(every round copied back from the GPU)\n" : "");
            if (t == 0)
                first_rounds = rounds;
            if (trials > 1 && !quiet) /* how many differ changes from run to run */
                fprintf(out, "trial %d: %d of %d distances wrong\n", (int)t + 1, (int)wrong, (int)n);
            if (t == 0 && trace)
                print_rounds(out, &gpu_log, n);
        }
        char what[160];
        snprintf(what, sizeof what, "GPU %s", jump_name);
        if (trials > 1) {
            if (!quiet)
                fprintf(out, "%d of %d trials gave a wrong answer\n", wrong_trials, (int)trials);
            snprintf(what, sizeof what, "GPU %s equals the sequential walk in all %d trials", jump_name,
                     (int)trials);
            ok &= verdict_to(out, what, wrong_trials == 0);
        } else {
            ok &= matches_walk(out, what, got, walk, n);
        }
        if (!in_place)
            ok &= verdict_to(out, "it took ceil(log2 n) rounds", first_rounds == ceil_log2(n));
        if (trace)
            ok &= verdict_to(out, "every GPU round equals the CPU emulation's", same_rounds(&gpu_log, &cpu_log, n));
        memcpy(shown, got, bytes);
    }

    if (print)
        for (int32_t i = 0; i < n; i++)
            printf("%d %d\n", (int)i, (int)shown[i]);
    free(walk);
    free(got);
    free(shown);
    list_free(&l);
    return exit_status(ok);
}
