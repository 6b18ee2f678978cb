/* list_rank.c - 11.2 and 11.4: the distance from every node to the end of
 * its list, by one sequential walk (the reference), by pointer jumping
 * (Wyllie) and by a sparse ruling set, on the CPU and on the GPU; and by the
 * strongest CPU rival, sublists on every core (--algo sublists), and the
 * packed pointer jumping kernel (--algo wyllie-packed).
 *
 *   list_rank --input FILE [--on cpu|gpu|both|emu] [--print]
 *   list_rank --random N --seed S ...     (--n N is the same as --random N)
 *   list_rank --random N --on cpu --algo sublists [--threads T]
 *
 * With --print, stdout holds exactly N lines `index distance` and nothing
 * else; the trace and the verdicts go to stderr. With --svg, stdout holds
 * a figure drawn from the CPU emulation's own steps. With --print-cpu ranks,
 * stdout holds what the CPU's pointer jumping and ruling set computed (a
 * header line each, then N lines `index distance`); with --print-cpu rounds,
 * the number of rounds pointer jumping took. --on emu runs the GPU's
 * kernels, their own source, on the CPU emulator (common/emulator/) and
 * prints what --on gpu prints, with "emulator" for "GPU". */
#include "common.h"
#include "list_figures.h"
#include "list_gpu.h"
#include "list_source.h"
#include "host_info.h"
#include "list_rank_threads.h"
#include "list_walk.h"
#include "progress.h"
#include "rank_emulation.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define TRACE_MAX_NODES 16
#define TRACE_MAX_ROUNDS 65
#define SVG_MAX_NODES 32
#define SVG_MAX_THREADS 4
#define DEFAULT_SUBLIST 64
/* Above this many nodes the single-core walk (always run: it is the
 * reference) takes long enough to deserve a warning with its expected time. */
#define WALK_WARN_NODES (INT32_C(1) << 27)
/* The walk's cost per node on one core of the H200 machine's host, at 2^26
 * random nodes (results/rank_scaling_h200.dat), for that warning. */
#define WALK_NS_PER_NODE 193
/* Host bytes per node, at most, that the CPU path holds at once (the pool,
 * three rank arrays, the emulations' work arrays), and the GPU path. */
#define CPU_BYTES_PER_NODE 40
#define GPU_BYTES_PER_NODE 20

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
 * wrong node, so a failure says where to look (also under --quiet). */
static int matches_walk(FILE *out, const char *what, const int32_t *got, const int32_t *walk, int32_t n)
{
    int32_t first;
    const int32_t wrong = count_differences(got, walk, n, &first);
    if (wrong != 0)
        fprintf(out, "%s: %d of %d distances wrong; first: node %d has %d, the walk says %d\n", what, (int)wrong,
                (int)n, (int)first, (int)got[first], (int)walk[first]);
    char line[160];
    snprintf(line, sizeof line, "%s equals the sequential walk", what);
    return verdict_to(out, line, wrong == 0);
}

typedef struct {
    const char *input, *on, *algo, *print_cpu;
    uint64_t n, random_n, seed, sublist, trials, threads;
    int print, in_place, quiet, svg, progress;
} rank_options;

static void parse_options(int argc, char **argv, rank_options *o)
{
    *o = (rank_options){ .algo = "all", .seed = 1, .sublist = 0, .trials = 1 };
    const cli_option options[] = {
        { "--input", CLI_STRING, &o->input, "read the list from FILE (N, then N lines `value next`)", 0, 0, NULL },
        { "--random", CLI_U64, &o->random_n, "rank a random-order list of N nodes instead", 1, LIST_MAX_NODES, NULL },
        { "--n", CLI_U64, &o->n, "the same as --random N", 1, LIST_MAX_NODES, NULL },
        { "--seed", CLI_U64, &o->seed, "seed of the random list and of the ruler picks (default 1)", 0, UINT64_MAX,
          NULL },
        CLI_OPTION_ON_EMU(&o->on),
        { "--algo", CLI_CHOICE, &o->algo,
          "which parallel algorithm(s) (default all: wyllie and ruling; sublists: CPU threads; wyllie-packed: GPU)", 0,
          0, "wyllie|ruling|all|sublists|wyllie-packed" },
        { "--threads", CLI_U64, &o->threads, "--algo sublists: how many CPU threads (default: every online CPU)", 1,
          SUBLISTS_MAX_THREADS, NULL },
        { "--sublist", CLI_U64, &o->sublist,
          "one ruler per K node indices (default 64, n/4 below 256 nodes; sublists: about n/(512 T), <= 4096)", 1,
          LIST_MAX_NODES, NULL },
        { "--in-place", CLI_FLAG, &o->in_place, "pointer jumping with ONE buffer (the trap)", 0, 0, NULL },
        { "--trials", CLI_U64, &o->trials, "how often the GPU repeats pointer jumping (default 1)", 1, 100, NULL },
        { "--print", CLI_FLAG, &o->print, "stdout: N lines `index distance`; trace to stderr", 0, 0, NULL },
        { "--print-cpu", CLI_CHOICE, &o->print_cpu,
          "stdout: what the CPU computed (ranks: pointer jumping's and the ruling set's distances; rounds: "
          "pointer jumping's round count); trace to stderr",
          0, 0, "ranks|rounds" },
        { "--svg", CLI_FLAG, &o->svg,
          "stdout: as SVG, the CPU's rounds (wyllie), rulers (ruling), hops (sublists) or pair layout (wyllie-packed)",
          0, 0, NULL },
        { "--quiet", CLI_FLAG, &o->quiet, "no trace, only the verdicts and what went wrong", 0, 0, NULL },
        { "--progress", CLI_FLAG, &o->progress,
          "progress of the long CPU steps on stderr every 2 s (default: when stderr is a terminal)", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Distance to the end of every node: sequential walk, pointer jumping, ruling set.\n"
              "Without --input or --random: the 8-node example, traced round by round.",
              options, sizeof options / sizeof options[0]);
    o->random_n = list_random_size(o->n, o->random_n, o->input);
}

/* --svg draws one algorithm's steps on the CPU, for a list small enough
 * to read in a figure. */
static void check_svg_request(const rank_options *o, int32_t n)
{
    const char *problem = NULL;
    const int small = strcmp(o->algo, "wyllie") == 0 || strcmp(o->algo, "wyllie-packed") == 0;
    if (strcmp(o->algo, "all") == 0)
        problem = "--svg draws one algorithm: add --algo wyllie, ruling, sublists or wyllie-packed";
    else if (o->on != NULL && strcmp(o->on, "cpu") != 0)
        problem = "--svg draws the CPU emulation's steps: use --on cpu";
    else if (o->print)
        problem = "--svg and --print both write stdout: choose one";
    else if (n > (small ? TRACE_MAX_NODES : SVG_MAX_NODES))
        problem = "--svg draws lists of at most 16 nodes (wyllie, wyllie-packed) or 32 nodes (ruling, sublists)";
    else if (strcmp(o->algo, "sublists") == 0 && o->threads > SVG_MAX_THREADS)
        problem = "--svg draws at most 4 threads of --algo sublists";
    if (problem) {
        fprintf(stderr, "error: %s\n", problem);
        exit(EXIT_BAD_INPUT);
    }
}

/* What every step of one run shares. */
typedef struct {
    const list *l;
    run_on where;
    int emu;            /* the GPU steps run on the CPU emulator (--on emu) */
    const char *device; /* "GPU" or "emulator": where they ran */
    const char *adverb; /* "GPU" or "emulated": what they computed */
    FILE *out;
    int trace, quiet, in_place;
    progress_meter progress;
    const int32_t *walk;
    int32_t *got, *shown;
    const char *jump_name;
    const char *print_cpu; /* --print-cpu: ranks|rounds, or NULL */
    round_log cpu_log, gpu_log;
} rank_run;

/* --print-cpu ranks: one algorithm's distances, as it computed them. */
static void print_ranks(const char *what, const int32_t *dist, int32_t n)
{
    printf("%s\n", what);
    for (int32_t i = 0; i < n; i++)
        printf("%d %d\n", (int)i, (int)dist[i]);
}

static void print_list(FILE *out, const list *l)
{
    int32_t row[TRACE_MAX_NODES];
    for (int32_t i = 0; i < l->n; i++)
        row[i] = i;
    print_int_row(out, "node", row, l->n);
    for (int32_t i = 0; i < l->n; i++)
        row[i] = l->node[i].value;
    print_int_row(out, "value", row, l->n);
    for (int32_t i = 0; i < l->n; i++)
        row[i] = l->node[i].next;
    print_int_row(out, "next", row, l->n);
}

/* The progress of the CPU emulation of pointer jumping, round by round. */
static void report_round(int round, const int32_t *next, const int32_t *dist, int32_t n, void *ctx)
{
    (void)next;
    (void)dist;
    progress_report(ctx, "pointer jumping on the CPU", round, ceil_log2(n), "rounds");
}

/* Pointer jumping on the CPU (emulation); in trace mode it also runs when
 * only the GPU was asked for, so that the GPU's rounds can be compared. */
static int wyllie_on_cpu(rank_run *r, int record)
{
    const list *l = r->l;
    const int32_t n = l->n;
    round_observer obs = record ? record_round : r->progress.on ? report_round : NULL;
    void *ctx = record ? (void *)&r->cpu_log : (void *)&r->progress;
    progress_note(&r->progress, "pointer jumping on the CPU: running");
    const int rounds = r->in_place ? wyllie_in_place_cpu(l, r->got, obs, ctx) : wyllie_rank_cpu(l, r->got, obs, ctx);
    if (rounds < 0) {
        fprintf(stderr, "error: out of memory for pointer jumping on %d nodes\n", (int)n);
        exit(EXIT_BAD_INPUT);
    }
    if (!(r->where & RUN_CPU))
        return 1;
    if (r->print_cpu && strcmp(r->print_cpu, "ranks") == 0)
        print_ranks(r->jump_name, r->got, n);
    else if (r->print_cpu)
        printf("%s: %d rounds\n", r->jump_name, rounds);
    if (!r->quiet)
        fprintf(r->out, "\n%s, on the CPU: %d rounds; ceil(log2(%d)) = %d\n", r->jump_name, rounds, (int)n,
                ceil_log2(n));
    if (r->trace && !(r->where & RUN_GPU))
        print_rounds(r->out, &r->cpu_log, n);
    char what[160];
    snprintf(what, sizeof what, "CPU %s", r->jump_name);
    int ok = matches_walk(r->out, what, r->got, r->walk, n);
    if (!r->in_place)
        ok &= verdict_to(r->out, "it took ceil(log2 n) rounds", rounds == ceil_log2(n));
    return ok;
}

static int ruling_on_cpu(rank_run *r, int32_t sublist, uint32_t seed, ruling_set_run *keep)
{
    ruling_set_run run;
    if (!r->quiet)
        fprintf(r->out, "\nruling set, on the CPU:\n");
    progress_note(&r->progress, "ruling set on the CPU: running");
    if (ruling_set_run_cpu(r->l, sublist, seed, r->got, &run) != 0) {
        fprintf(stderr, "error: out of memory for the ruling set on %d nodes\n", (int)r->l->n);
        exit(EXIT_BAD_INPUT);
    }
    if (r->trace)
        ruling_set_print(r->out, &run);
    if (!r->quiet) /* the cost of the choice of sublist size, in dependent steps */
        fprintf(r->out,
                "%d rulers; longest sublist %d nodes (one thread walks it, load after load); "
                "%d rounds over the rulers\n",
                (int)run.rulers, (int)run.longest, run.rounds);
    if (r->print_cpu && strcmp(r->print_cpu, "ranks") == 0)
        print_ranks("ruling set", r->got, r->l->n);
    const int ok = matches_walk(r->out, "CPU ruling set", r->got, r->walk, r->l->n);
    if (keep)
        *keep = run;
    else
        ruling_set_run_free(&run);
    return ok;
}

/* The emulator stopped a launch (it said why on stderr). */
static int emulator_failed(const rank_run *r)
{
    return verdict_to(r->out, "the emulator ran the kernels without an error", 0);
}

static int ruling_on_gpu(rank_run *r, int32_t sublist, uint32_t seed)
{
    const list *l = r->l;
    const int32_t rulers = r->emu ? emu_ruling_set_rank(l->node, l->n, l->head, sublist, seed, r->got)
                                  : gpu_ruling_set_rank(l->node, l->n, l->head, sublist, seed, r->got);
    if (rulers < 0)
        return emulator_failed(r);
    if (!r->quiet)
        fprintf(r->out, "\nruling set, on the %s: %d rulers, one per %d node indices\n", r->device, (int)rulers,
                (int)sublist);
    char what[64];
    snprintf(what, sizeof what, "%s ruling set", r->adverb);
    const int ok = matches_walk(r->out, what, r->got, r->walk, l->n);
    memcpy(r->shown, r->got, (size_t)l->n * sizeof *r->got);
    return ok;
}

/* Sublists on `threads` CPU threads: the strongest CPU rival. What it
 * prints does not depend on the thread count except where it names it. */
static int sublists_on_cpu(rank_run *r, int threads, int32_t spacing, uint32_t seed)
{
    sublists_stats st;
    progress_note(&r->progress, "sublists on the CPU: running");
    if (rank_by_sublists_threads(r->l, threads, spacing, seed, r->got, NULL, &r->progress, &st) != 0) {
        fprintf(stderr, "error: out of memory or threads for sublists on %d nodes\n", (int)r->l->n);
        exit(EXIT_BAD_INPUT);
    }
    if (!r->quiet)
        fprintf(r->out,
                "\nsublists on %d CPU threads: %d sublists (one splitter per %d node indices), "
                "longest %d nodes\n",
                threads, (int)st.sublists, (int)spacing, (int)st.longest);
    char what[96];
    snprintf(what, sizeof what, "CPU sublists (%d thread%s)", threads, threads == 1 ? "" : "s");
    const int ok = matches_walk(r->out, what, r->got, r->walk, r->l->n);
    memcpy(r->shown, r->got, (size_t)r->l->n * sizeof *r->got);
    return ok;
}

/* Pointer jumping on packed {next, dist} pairs, on the GPU. */
static int wyllie_packed_on_gpu(rank_run *r)
{
    const int32_t n = r->l->n;
    const int rounds = r->emu ? emu_wyllie_packed_rank(r->l->node, n, r->got)
                              : gpu_wyllie_packed_rank(r->l->node, n, r->got);
    if (rounds < 0)
        return emulator_failed(r);
    if (!r->quiet)
        fprintf(r->out, "\npointer jumping, packed {next, dist} pairs, on the %s: %d rounds; ceil(log2(%d)) = %d\n",
                r->device, rounds, (int)n, ceil_log2(n));
    char what[64];
    snprintf(what, sizeof what, "%s packed pointer jumping", r->adverb);
    int ok = matches_walk(r->out, what, r->got, r->walk, n);
    ok &= verdict_to(r->out, "it took ceil(log2 n) rounds", rounds == ceil_log2(n));
    memcpy(r->shown, r->got, (size_t)n * sizeof *r->got);
    return ok;
}

/* Pointer jumping on the GPU, `trials` times. How many distances came out
 * wrong is printed for every trial, also under --quiet: it is the result
 * of the in-place trap, and it changes from run to run. */
static int wyllie_on_gpu(rank_run *r, int trials)
{
    const int32_t n = r->l->n;
    int wrong_trials = 0, first_rounds = 0;
    for (int t = 0; t < trials; t++) {
        const int rounds = r->emu ? emu_wyllie_rank(r->l->node, n, r->in_place, r->got, r->trace ? record_round : NULL,
                                                    &r->gpu_log)
                                  : gpu_wyllie_rank(r->l->node, n, r->in_place, r->got, r->trace ? record_round : NULL,
                                                    &r->gpu_log);
        if (rounds < 0)
            return emulator_failed(r);
        int32_t first;
        const int32_t wrong = count_differences(r->got, r->walk, n, &first);
        wrong_trials += wrong != 0;
        if (t == 0) {
            first_rounds = rounds;
            if (!r->quiet)
                fprintf(r->out, "\n%s, on the %s: %d rounds; ceil(log2(%d)) = %d\n", r->jump_name, r->device, rounds,
                        (int)n, ceil_log2(n));
            if (!r->quiet && r->trace)
                fprintf(r->out, "(every round copied back from the %s)\n", r->device);
            if (r->trace)
                print_rounds(r->out, &r->gpu_log, n);
        }
        if (trials > 1)
            fprintf(r->out, "trial %d: %d of %d distances wrong\n", t + 1, (int)wrong, (int)n);
    }
    char what[160];
    snprintf(what, sizeof what, "%s %s", r->adverb, r->jump_name);
    int ok;
    if (trials > 1) {
        fprintf(r->out, "%d of %d trials gave a wrong answer\n", wrong_trials, trials);
        snprintf(what, sizeof what, "%s %s equals the sequential walk in all %d trials", r->adverb, r->jump_name,
                 trials);
        ok = verdict_to(r->out, what, wrong_trials == 0);
    } else {
        ok = matches_walk(r->out, what, r->got, r->walk, n);
    }
    if (!r->in_place)
        ok &= verdict_to(r->out, "it took ceil(log2 n) rounds", first_rounds == ceil_log2(n));
    if (r->trace)
        ok &= verdict_to(r->out,
                         r->emu ? "every emulated round equals the CPU emulation's"
                                : "every GPU round equals the CPU emulation's",
                         same_rounds(&r->gpu_log, &r->cpu_log, n));
    memcpy(r->shown, r->got, (size_t)n * sizeof *r->got);
    return ok;
}

/* rank_by_walk with a progress line every few seconds (the clock is read
 * once per 2^20 nodes). */
static void rank_by_walk_reporting(const list *l, int32_t *dist, progress_meter *p)
{
    int32_t position = 0;
    for (int32_t cur = l->head; cur != LIST_NULL; cur = l->node[cur].next) {
        dist[cur] = l->n - 1 - position++;
        if ((position & ((INT32_C(1) << 20) - 1)) == 0)
            progress_report(p, "walk", position, l->n, "nodes");
    }
}

/* Before a long run: refuse a list whose CPU path cannot fit in memory,
 * and say how long the single-core walk will take above WALK_WARN_NODES. */
static void check_size(int64_t n, run_on where, int quiet)
{
    const uint64_t need = (uint64_t)n * (where & RUN_CPU ? CPU_BYTES_PER_NODE : GPU_BYTES_PER_NODE);
    const uint64_t have = host_memory_bytes();
    if (need > have) {
        fprintf(stderr, "error: ranking %lld nodes needs about %.1f GiB of host memory, this machine has %.1f GiB\n",
                (long long)n, need / 1073741824.0, have / 1073741824.0);
        exit(EXIT_BAD_INPUT);
    }
    if (n > WALK_WARN_NODES && !quiet)
        fprintf(stderr,
                "warning: the reference walk visits %lld nodes one after the other: about %.0f s at %d ns "
                "per node (one core of the H200 machine's host); the CPU emulations take longer\n",
                (long long)n, n * WALK_NS_PER_NODE * 1e-9, WALK_NS_PER_NODE);
}

/* The reference: one walk from the head, itself checked against the
 * definition of the distance. */
static int walk_reference(rank_run *r, int32_t *walk)
{
    if (r->progress.on)
        rank_by_walk_reporting(r->l, walk, &r->progress);
    else
        rank_by_walk(r->l, walk);
    memcpy(r->shown, walk, (size_t)r->l->n * sizeof *walk);
    if (r->trace) {
        fprintf(r->out, "\nsequential walk (CPU): distance = n - 1 - position from the head\n");
        print_int_row(r->out, "dist", walk, r->l->n);
    }
    return verdict_to(r->out, "the walk's distances satisfy dist[tail] = 0, dist[i] = dist[next[i]] + 1",
                      ranks_consistent(r->l, walk));
}

/* --svg: the figure of what the CPU emulation just did (ruled, when the
 * ruling set ran, holds its steps). */
static void draw_figure(const rank_run *r, ruling_set_run *ruled)
{
    if (ruled->start == NULL) {
        draw_jump_rounds(stdout, r->l->n, r->cpu_log.rounds, &r->cpu_log.next[0][0], &r->cpu_log.dist[0][0],
                         TRACE_MAX_NODES);
        return;
    }
    draw_ruling_set(stdout, r->l, ruled);
    ruling_set_run_free(ruled);
}

/* --svg --algo sublists: the CPU rival with a trace of every thread's
 * hops, checked against the walk, then drawn. */
static int sublists_figure(rank_run *r, int threads, int32_t spacing, uint32_t seed)
{
    sublists_trace trace;
    if (rank_by_sublists_traced(r->l, threads, spacing, seed, r->got, &trace) != 0) {
        fprintf(stderr, "error: out of memory or threads for sublists on %d nodes\n", (int)r->l->n);
        exit(EXIT_BAD_INPUT);
    }
    const int ok = matches_walk(r->out, "CPU sublists", r->got, r->walk, r->l->n);
    draw_sublists(stdout, r->l, &trace);
    sublists_trace_free(&trace);
    return ok;
}

/* --svg --algo wyllie-packed: the packed node function in a loop on the
 * CPU, checked like the kernel, then the layout of the pairs round 1 reads. */
static int packed_figure(rank_run *r)
{
    const int32_t n = r->l->n;
    jump_link start[TRACE_MAX_NODES];
    const int rounds = wyllie_packed_cpu(r->l, r->got, start);
    if (rounds < 0) {
        fprintf(stderr, "error: out of memory for pointer jumping on %d nodes\n", (int)n);
        exit(EXIT_BAD_INPUT);
    }
    int ok = matches_walk(r->out, "CPU packed pointer jumping", r->got, r->walk, n);
    ok &= verdict_to(r->out, "it took ceil(log2 n) rounds", rounds == ceil_log2(n));
    draw_packed_layout(stdout, r->l, start);
    return ok;
}

/* Without --sublist: 64 indices per ruler slot, but at least four slots,
 * so that a small demo list shows several rulers and their ranking. */
static int32_t sublist_for(uint64_t asked, int32_t n)
{
    if (asked != 0)
        return (int32_t)asked;
    const int32_t quarter = n / 4 > 0 ? n / 4 : 1;
    return quarter < DEFAULT_SUBLIST ? quarter : DEFAULT_SUBLIST;
}

/* --algo sublists runs on the CPU only, wyllie-packed on the GPU only
 * but for its --svg figure (without --on, that is where they run), and
 * --threads belongs to sublists. Returns the --on text to resolve. */
static const char *check_algo_request(const rank_options *o)
{
    const int sublists = strcmp(o->algo, "sublists") == 0, packed = strcmp(o->algo, "wyllie-packed") == 0;
    const char *problem = NULL;
    if (o->threads != 0 && !sublists)
        problem = "--threads sets the CPU threads of --algo sublists: add --algo sublists";
    else if (sublists && o->on != NULL && strcmp(o->on, "cpu") != 0)
        problem = "--algo sublists runs on the CPU: use --on cpu";
    else if (packed && !o->svg && o->on != NULL && strcmp(o->on, "gpu") != 0 && strcmp(o->on, "emu") != 0)
        problem = "--algo wyllie-packed is a GPU kernel: use --on gpu or emu (or draw its layout with --svg)";
    if (problem) {
        fprintf(stderr, "error: %s\n", problem);
        exit(EXIT_BAD_INPUT);
    }
    return o->on != NULL ? o->on : sublists || o->svg ? "cpu" : packed ? "gpu" : NULL;
}

int main(int argc, char **argv)
{
    rank_options o;
    parse_options(argc, argv, &o);
    const char *on = check_algo_request(&o);
    const int emu = !o.svg && on != NULL && strcmp(on, "emu") == 0;
    const int cpu_path = o.svg || on == NULL || (strcmp(on, "gpu") != 0 && !emu);
    if (emu && o.random_n != 0)
        emu_check_size((int64_t)o.random_n);
    if (o.random_n != 0) /* before building it */
        check_size((int64_t)o.random_n, cpu_path ? RUN_CPU : RUN_GPU, o.quiet);
    list l;
    char describe[256];
    list_load(&l, o.input, o.random_n, o.seed, describe, sizeof describe); /* validated, or exit 2 */
    if (o.random_n == 0)
        check_size(l.n, cpu_path ? RUN_CPU : RUN_GPU, o.quiet);
    if (emu)
        emu_check_size(l.n);
    if (o.svg)
        check_svg_request(&o, l.n);
    if (o.print_cpu) {
        const char *problem =
            o.print || o.svg ? "--print-cpu writes stdout: leave out --print and --svg"
            : !cpu_path || (on != NULL && strcmp(on, "both") == 0)
                ? "--print-cpu prints the CPU's results: use --on cpu"
            : strcmp(o.algo, "all") != 0 && strcmp(o.algo, "wyllie") != 0 && strcmp(o.algo, "ruling") != 0
                ? "--print-cpu prints pointer jumping and the ruling set: --algo wyllie, ruling or all"
            : o.in_place ? "--print-cpu prints the double-buffered pointer jumping: leave out --in-place"
                         : NULL;
        if (problem)
            cli_refuse("%s", problem);
    }
    const int32_t n = l.n, sublist = sublist_for(o.sublist, n);
    static rank_run r; /* two round logs: kept off the stack */
    r = (rank_run){ .l = &l,
                    .where = o.svg ? RUN_CPU : cli_resolve_on(on),
                    .emu = emu,
                    .device = emu ? "emulator" : "GPU",
                    .adverb = emu ? "emulated" : "GPU",
                    .out = (o.print || o.svg || o.print_cpu) ? stderr : stdout,
                    .print_cpu = o.print_cpu,
                    .quiet = o.quiet || o.svg,
                    .in_place = o.in_place,
                    .jump_name = o.in_place ? "pointer jumping in place (one buffer)"
                                            : "pointer jumping, double-buffered" };
    r.trace = !r.quiet && n <= TRACE_MAX_NODES;
    progress_start(&r.progress, progress_wanted(o.progress, r.quiet));
    const int threads = o.threads != 0 ? (int)o.threads : sublists_online_cpus();
    int32_t *walk = alloc_or_exit((size_t)n, sizeof *walk, "the walk's distances");
    r.walk = walk;
    r.got = alloc_or_exit((size_t)n, sizeof *r.got, "the computed distances");
    r.shown = alloc_or_exit((size_t)n, sizeof *r.shown, "the traced distances");
    const int all = strcmp(o.algo, "all") == 0;
    const int want_wyllie = all || strcmp(o.algo, "wyllie") == 0, want_ruling = all || strcmp(o.algo, "ruling") == 0;

    if (!r.quiet)
        fprintf(r.out, "list: %d nodes, head %d, %s\n", (int)n, (int)l.head, describe);
    if (r.trace)
        print_list(r.out, &l);
    int ok = walk_reference(&r, walk);
    if (want_wyllie && ((r.where & RUN_CPU) || r.trace))
        ok &= wyllie_on_cpu(&r, r.trace || o.svg);
    ruling_set_run ruled = { 0 };
    if (want_ruling && (r.where & RUN_CPU))
        ok &= ruling_on_cpu(&r, sublist, (uint32_t)o.seed, o.svg ? &ruled : NULL);
    if (want_ruling && (r.where & (RUN_GPU | RUN_EMU)))
        ok &= ruling_on_gpu(&r, sublist, (uint32_t)o.seed);
    if (want_wyllie && (r.where & (RUN_GPU | RUN_EMU)))
        ok &= wyllie_on_gpu(&r, (int)o.trials);
    const int32_t spacing = o.sublist != 0 ? (int32_t)o.sublist : sublists_default_spacing(n, threads);
    if (strcmp(o.algo, "sublists") == 0)
        ok &= o.svg ? sublists_figure(&r, threads, spacing, (uint32_t)o.seed)
                    : sublists_on_cpu(&r, threads, spacing, (uint32_t)o.seed);
    if (strcmp(o.algo, "wyllie-packed") == 0)
        ok &= o.svg ? packed_figure(&r) : wyllie_packed_on_gpu(&r);
    if (o.svg && (want_wyllie || want_ruling))
        draw_figure(&r, &ruled);
    if (o.print)
        for (int32_t i = 0; i < n; i++)
            printf("%d %d\n", (int)i, (int)r.shown[i]);
    free(walk);
    free(r.got);
    free(r.shown);
    list_free(&l);
    return exit_status(ok);
}
