/* canonical_reduce.c - the P4016 canonical reduce of the LCG data set, on
 * the CPU and/or the GPU, checked against the published golden values, a
 * second CPU route and (with a GPU) each other, bit for bit. With --hex,
 * stdout holds only the result's bit pattern; with --bench, the CPU reduce
 * is timed against a plain `for` loop sum. --threads T adds the vectorised
 * reduce of cpu_reduce.c on T threads, checked against the library; its
 * value is then the one --hex prints (for --on cpu).
 *
 * --dot draws the lanes and their binary counters (Graphviz DOT) from the
 * library's lane-by-lane route; --reassociate commits the mistake this
 * chapter is about: the same sum in a std::reduce-like order; --zero-init
 * another: init = 0.0 written for "no initial value". */
#include "why_not_emulated.h"
#include "common.h"
#include "canonical_cpu.h"
#include "canonical_gpu.h"
#include "cpu_reduce.h"

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

/* The baseline a professional would write: one chain of dependent additions
 * (cpu_reduce_bench measures the stronger rivals). */
static double plain_loop_sum(const double *x, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++)
        s += x[i];
    return s;
}

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
           "median, spread = (max - min) / median)\n\n",
           reps);
    printf("| N | L | plain for-loop sum, ms (spread) | canonical reduce, ms (spread) | speed-up |\n");
    printf("|---:|---:|---:|---:|---:|\n");
    printf("| %zu | %u | %.3f (%.0f %%) | %.3f (%.0f %%) | %.2fx |\n\n", n, lanes, loop_ms, 100.0 * loop_spread,
           canon_ms, 100.0 * canon_spread, loop_ms / canon_ms);
    free(t_loop);
    free(t_canon);
}

// [listing trap-reassociate]
/* What a std::reduce with 8 threads may do: each thread folds a contiguous
 * chunk, then the partial sums are added in thread order. */
static double reassociated_by_chunks(const double *x, size_t n, size_t threads)
{
    double total = 0.0;
    for (size_t t = 0; t < threads; t++) {
        double part = 0.0;
        for (size_t i = n * t / threads; i < n * (t + 1) / threads; i++)
            part += x[i];
        total += part;
    }
    return total;
}

/* What `#pragma omp simd reduction(+:s)` may do: `width` running sums, one
 * per vector lane (element i in lane i mod width, like the canonical lanes,
 * but each lane a left fold), combined left to right at the end. */
static double reassociated_by_simd(const double *x, size_t n, size_t width)
{
    double acc[16] = { 0 };
    for (size_t i = 0; i < n; i++)
        acc[i % width] += x[i];
    double total = acc[0];
    for (size_t l = 1; l < width; l++)
        total += acc[l];
    return total;
}
// [end]

/* The trap: the same data, summed in orders a compiler or library is allowed
 * to choose when the expression is not named. Returns 1 if every order gave
 * the canonical bits (it does not). */
static int run_reassociated(FILE *trace, const double *x, size_t n, unsigned lanes, double canonical)
{
    char hex_buf[HEX64_LEN];
    const double chunks = reassociated_by_chunks(x, n, 8), simd = reassociated_by_simd(x, n, 4);
    fprintf(trace, "the same data, other orders of the same additions:\n");
    fprintf(trace, "  canonical, L = %-4u                 %-24.17g %s\n", lanes, canonical,
            double_hex(canonical, hex_buf));
    fprintf(trace, "  8 threads, contiguous chunks        %-24.17g %s\n", chunks, double_hex(chunks, hex_buf));
    fprintf(trace, "  4 SIMD lanes, each a running sum    %-24.17g %s\n", simd, double_hex(simd, hex_buf));
    int ok = verdict_to(trace, "the 8-thread order gives the canonical bits", doubles_bit_equal(chunks, canonical));
    ok &= verdict_to(trace, "the 4-lane SIMD order gives the canonical bits", doubles_bit_equal(simd, canonical));
    return ok;
}

/* The trap: init = 0.0 for "no initial value", as in std::reduce(x, x + n,
 * 0.0). 0.0 is not the identity of +: 0.0 + -0.0 is +0.0. So on n negative
 * zeros the reduce without init is -0.0 and the one with init = 0.0 is not. */
static int run_zero_init(FILE *trace, size_t n, unsigned lanes)
{
    char hex_buf[HEX64_LEN];
    double *zeros = alloc_or_exit(n, sizeof *zeros, "the negative zeros");
    for (size_t i = 0; i < n; i++)
        zeros[i] = -0.0;
    const double none = canonical_reduce(zeros, n, lanes, 0, 0.0), zero = canonical_reduce(zeros, n, lanes, 1, 0.0);
    free(zeros);
    fprintf(trace, "the same reduce of %zu negative zeros (-0.0), L = %u:\n", n, lanes);
    fprintf(trace, "  no init                             %-24g %s\n", none, double_hex(none, hex_buf));
    fprintf(trace, "  init = 0.0                          %-24g %s\n", zero, double_hex(zero, hex_buf));
    return verdict_to(trace, "init = 0.0 gives the bits of no init", doubles_bit_equal(zero, none));
}

/* ---- --dot: the lanes and their binary counters ---------------------------
 * Replays canonical_reduce_by_lane with the library's own pairwise_counter,
 * and after every push reads the counter's state to see which subtrees
 * merged; every drawn node's value is recomputed and compared with the
 * counter's, so the figure is what the library did. */
typedef struct {
    int id[64]; /* node id of the live subtree tree[k] */
    double value[64];
} counter_shadow;

static int dot_next_id;

static int dot_node(const char *label, const char *attrs)
{
    printf("  n%d [label=\"%s\"%s%s];\n", dot_next_id, label, attrs[0] ? ", " : "", attrs);
    return dot_next_id++;
}

static void dot_edges(int left, int right, int parent)
{
    printf("  n%d -> n%d [label=\"L\", fontsize=8]; n%d -> n%d [label=\"R\", fontsize=8];\n", left, parent, right,
           parent);
}

/* Pushes one value (node `leaf`) into counter c and its shadow; returns 1 if
 * the shadow's values are the counter's, bit for bit. */
static int traced_push(pairwise_counter *c, counter_shadow *sh, int leaf, double v)
{
    const uint64_t before = c->count;
    pairwise_counter_push(c, v);
    int carry = leaf, k = 0;
    double value = v;
    char label[32];
    for (uint64_t bits = before; bits & 1; bits >>= 1, k++) {
        snprintf(label, sizeof label, "T%llu", 1ull << (k + 1));
        const int merged = dot_node(label, "shape=circle, width=0.35");
        dot_edges(sh->id[k], carry, merged);
        value = sh->value[k] + value;
        carry = merged;
    }
    sh->id[k] = carry;
    sh->value[k] = value;
    return c->count == before + 1 && doubles_bit_equal(c->tree[k], value);
}

/* Reads the counter as pairwise_counter_value does, smallest subtree first,
 * marking the live subtrees (the stack); returns the node of the value. */
static int traced_value(const pairwise_counter *c, const counter_shadow *sh, const char *name, int *ok)
{
    int acc = -1;
    double value = 0.0;
    for (unsigned k = 0; k < 64; k++) {
        if (!((c->count >> k) & 1))
            continue;
        printf("  n%d [style=filled, fillcolor=\"#c6dbef\"];\n", sh->id[k]); /* live: on the stack */
        if (acc < 0) {
            acc = sh->id[k];
            value = sh->value[k];
        } else {
            const int sum = dot_node("+", "shape=circle, width=0.3");
            dot_edges(sh->id[k], acc, sum);
            acc = sum;
            value = sh->value[k] + value;
        }
    }
    const int out = dot_node(name, "shape=box, style=filled, fillcolor=\"#fdd0a2\"");
    printf("  n%d -> n%d [style=dashed];\n", acc, out);
    *ok &= doubles_bit_equal(value, pairwise_counter_value(c));
    return out;
}

static int print_counters_dot(const double *x, size_t n, unsigned lanes)
{
    int ok = 1;
    char label[32];
    const size_t used = lanes < n ? lanes : n;
    pairwise_counter across;
    counter_shadow across_sh;
    pairwise_counter_init(&across);
    printf("digraph lanes {\n  rankdir=BT; ordering=in; node [fontname=\"sans-serif\", fontsize=11];\n");
    printf("  label=\"canonical reduce, N = %zu, L = %u: element i in lane i mod %u; blue: the counter's live "
           "subtrees when the lane ends\";\n",
           n, lanes, lanes);
    for (size_t lane = 0; lane < used; lane++) {
        pairwise_counter within;
        counter_shadow sh;
        pairwise_counter_init(&within);
        printf("  subgraph cluster_%zu {\n  label=\"\"; color=\"gray60\";\n", lane);
        int previous = -1;
        for (size_t i = lane; i < n; i += lanes) {
            snprintf(label, sizeof label, "x%zu", i);
            const int leaf = dot_node(label, "shape=plaintext");
            if (previous >= 0) /* keeps the lane's elements in order, left to right */
                printf("  { rank=same; n%d -> n%d [style=invis]; }\n", previous, leaf);
            previous = leaf;
            ok &= traced_push(&within, &sh, leaf, x[i]);
        }
        snprintf(label, sizeof label, "lane %zu", lane);
        const int lane_out = traced_value(&within, &sh, label, &ok);
        printf("  }\n");
        ok &= traced_push(&across, &across_sh, lane_out, pairwise_counter_value(&within));
    }
    (void)traced_value(&across, &across_sh, "R", &ok);
    printf("}\n");
    ok &= doubles_bit_equal(pairwise_counter_value(&across), canonical_reduce(x, n, lanes, 0, 0.0));
    if (!ok)
        fprintf(stderr, "MISMATCH: the drawn counters differ from the library's\n");
    return ok;
}

static void print_header(FILE *trace, uint64_t n, uint64_t lanes, uint64_t seed, int hostile, int has_init, double init)
{
    char hex_buf[HEX64_LEN];
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

/* The routes asked for, each checked against the CPU library; *result is
 * what --hex prints (the GPU's value with --on gpu). */
static int run_routes(FILE *trace, run_on where, const double *x, size_t n, unsigned lanes, int has_init, double init,
                      unsigned threads, int quiet, double *result)
{
    char hex_buf[HEX64_LEN];
    int ok = 1;
    const double cpu = canonical_reduce(x, n, lanes, has_init, init); /* the reference, also for --on gpu */
    *result = cpu;
    if (where & RUN_CPU) {
        const double by_lane = canonical_reduce_by_lane(x, n, lanes, has_init, init);
        if (!quiet) {
            fprintf(trace, "CPU  row by row    %-24.17g %s\n", cpu, double_hex(cpu, hex_buf));
            fprintf(trace, "CPU  lane by lane  %-24.17g %s\n", by_lane, double_hex(by_lane, hex_buf));
        }
        ok &= verdict_to(trace, "CPU row-by-row and lane-by-lane routes agree bit for bit",
                         doubles_bit_equal(cpu, by_lane));
    }
    if ((where & RUN_CPU) && threads > 0) {
        const double simd = canonical_reduce_threads(x, n, lanes, has_init, init, threads);
        if (!quiet) {
            char label[32];
            snprintf(label, sizeof label, "SIMD, T = %u", threads);
            fprintf(trace, "CPU  %-13s %-24.17g %s\n", label, simd, double_hex(simd, hex_buf));
        }
        ok &= verdict_to(trace, "CPU vectorised, threaded route equals the row-by-row route bit for bit",
                         doubles_bit_equal(simd, cpu));
        *result = simd;
    }
    if (where & RUN_GPU) {
        const double gpu = gpu_canonical_reduce(x, n, lanes, has_init, init);
        if (!quiet) {
            char device[256];
            gpu_device_describe(device, sizeof device);
            fprintf(trace, "GPU  %-13s %-24.17g %s\n", "", gpu, double_hex(gpu, hex_buf));
            fprintf(trace, "     (%s)\n", device);
        }
        ok &= verdict_to(trace, "GPU reduce equals the CPU reduce bit for bit", doubles_bit_equal(gpu, cpu));
        if (where == RUN_GPU)
            *result = gpu;
    }
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t n = 1000000, lanes = 16, seed = LCG64_DEFAULT_SEED, reps = 21, threads = 0;
    int hostile = 0, hex = 0, bench = 0, quiet = 0, dot = 0, reassociate = 0, zero_init = 0;
    double init = NAN; /* cli_parse accepts only finite numbers: NaN means "not given" */
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements (default 1000000)", 1, UINT64_C(1) << 30, NULL },
        { "--lanes", CLI_U64, &lanes, "lane count L: element i goes to lane i mod L (default 16)", 1, UINT64_C(1) << 24,
          NULL },
        { "--seed", CLI_U64, &seed, "LCG seed, hex or decimal (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--hostile", CLI_FLAG, &hostile, "add the P4016 cancellation overlay (+-1e16)", 0, 0, NULL },
        { "--init", CLI_DOUBLE, &init, "initial value, applied once as init + R (default none)", 0, 0, NULL },
        CLI_OPTION_ON_NO_EMU(&on),
        { "--threads", CLI_U64, &threads, "also run the vectorised reduce on T CPU threads (default: not run)", 1, 1024,
          NULL },
        { "--hex", CLI_FLAG, &hex, "stdout: only the result's bits, 0x + 16 hex digits", 0, 0, NULL },
        { "--bench", CLI_FLAG, &bench, "time the CPU reduce against a plain for-loop sum", 0, 0, NULL },
        { "--reps", CLI_U64, &reps, "timed repetitions for --bench (default 21)", 1, 1000, NULL },
        { "--dot", CLI_FLAG, &dot, "print the lanes and their binary counters as Graphviz DOT (N <= 64)", 0, 0, NULL },
        { "--reassociate", CLI_FLAG, &reassociate, "trap: also sum in std::reduce-like orders (they differ)", 0, 0,
          NULL },
        { "--zero-init", CLI_FLAG, &zero_init,
          "trap: also reduce N negative zeros with init = 0.0 (it differs from no init)", 0, 0, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv, "P4016 canonical reduce of the LCG data set with L interleaved lanes, checked bit for bit.",
              options, sizeof options / sizeof options[0]);
    const int has_init = !isnan(init);
    FILE *trace = hex ? stderr : stdout; /* --hex keeps stdout for the bits */
    if (hex && bench)
        cli_refuse("--bench prints a table; it cannot be combined with --hex");
    if (dot && (n > 64 || lanes > 64))
        cli_refuse("--dot draws at most 64 elements and 64 lanes");
    if (threads > 0 && on != NULL && strcmp(on, "gpu") == 0)
        cli_refuse("--threads runs a CPU route; use --on cpu or --on both");
    cli_no_emu(on, CANONICAL_KERNELS_NOT_EMULATED);
    const run_on where = cli_resolve_on(on);
    double *x = alloc_or_exit(n, sizeof(double), "the data set");
    p4016_data(seed, hostile, x, n);
    if (dot) {
        const int drawn = print_counters_dot(x, n, (unsigned)lanes);
        free(x);
        return exit_status(drawn);
    }
    if (!quiet)
        print_header(trace, n, lanes, seed, hostile, has_init, init);
    double result;
    char hex_buf[HEX64_LEN];
    int ok = run_routes(trace, where, x, n, (unsigned)lanes, has_init, init, (unsigned)threads, quiet, &result);
    const uint64_t published = golden_bits(n, (unsigned)lanes, seed, hostile, has_init);
    if (published) {
        if (!quiet)
            fprintf(trace, "published golden value for L = %" PRIu64 ": 0x%016" PRIx64 "\n", lanes, published);
        ok &= verdict_to(trace, "result equals the published golden value", double_bits(result) == published);
    }
    if (reassociate)
        ok &= run_reassociated(trace, x, n, (unsigned)lanes, canonical_reduce(x, n, (unsigned)lanes, 0, 0.0));
    if (zero_init)
        ok &= run_zero_init(trace, n, (unsigned)lanes);
    if (hex)
        printf("%s\n", double_hex(result, hex_buf));
    if (bench)
        print_bench(x, n, (unsigned)lanes, (int)reps);
    free(x);
    return exit_status(ok);
}
