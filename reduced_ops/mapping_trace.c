/* mapping_trace.c - which thread computes which output, and which k.
 *
 * Walks a block through the kernels' loops (lib/block_walk.c) and checks the
 * walk: every term a(i,k)*b(k,j) formed exactly once, and the op evaluated
 * in the walk's order giving the C emulation's bits, for every op, shape,
 * block size and both mappings. It draws the chapter's structure figures
 * from the same walk (--svg, --dot, --registers), draws how the symmetric
 * mappings deal syrk's lower triangle to the warps (--triangle), and commits
 * two mistakes on request (--trap) to show what they compute. The table and
 * the figures take one shape: --shape M,N,K,L, or --n N for N,N,N,N. */
#include "block_walk.h"
#include "check_problem.h"
#include "cli.h"
#include "common.h"
#include "op_image.h"
#include "walk_draw.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OP_CHOICES "gemm|gemv|syrk|tensor_vec_contract|vec_tensor_vec|congruence_sym|bilinear"
#define TRAP_CHOICES "none|partial-warp-joins|blocked-lanes"

static const int walk_threads[] = { 1, 7, 31, 32, 64, 96, 100, 256 };

/* The largest --n: the walk records every term, n^3 per stage (2^24 of
 * them, 200 MB and some seconds, at 256). */
#define WALK_MAX_N 256
#define N_WALK_THREADS 8

typedef struct {
    long terms, terms_once; /* over every stage */
    int outputs, same_bits; /* of the result */
    double err_tol;         /* against the double reference */
    int owners, rounds;     /* of the last stage */
} walk_result;

/* Walks every stage of cp's op, then evaluates the op in the walk's order
 * and compares its result with the emulation of `against`. */
static walk_result walk_problem(const check_problem *cp, walk_rule rule, int threads, op_mapping against)
{
    walk_result r = { 0 };
    for (int st = 0; st < cp->plan.n_stages; st++) {
        block_walk w;
        if (block_walk_make(&w, &cp->plan.stage[st], rule, threads) != 0)
            cli_refuse("out of memory");
        r.terms += (long)w.n_out * w.len;
        r.terms_once += block_walk_terms_once(&w);
        r.owners = w.owners_busy;
        r.rounds = w.rounds;
        block_walk_free(&w);
    }
    void *image = check_problem_input_copy(cp);
    if (image == NULL)
        cli_refuse("out of memory");
    const int failed = cp->dtype == DTYPE_FLOAT
                           ? walk_emulate_op_float(&cp->plan, rule, threads, (float)cp->alpha, (float)cp->beta,
                                                   (float *)image)
                           : walk_emulate_op_double(&cp->plan, rule, threads, cp->alpha, cp->beta, (double *)image);
    if (failed)
        cli_refuse("out of memory");
    r.outputs = op_outputs(&cp->plan);
    for (int o = 0; o < r.outputs; o++) {
        char got[24], want[24];
        check_element_hex(cp, image, cp->plan.result.begin + o, got, sizeof got);
        check_element_hex(cp, cp->emulated[against], cp->plan.result.begin + o, want, sizeof want);
        r.same_bits += strcmp(got, want) == 0;
    }
    r.err_tol = check_error_ratio(cp, image);
    free(image);
    return r;
}

static int walk_ok(walk_result r)
{
    return r.terms_once == r.terms && r.same_bits == r.outputs && r.err_tol <= 1.0;
}

/* The table for one op and shape: one row per block size and rule. */
static int print_table(const check_problem *cp, const walk_rule rules[2], int quiet)
{
    int ok = 1;
    if (!quiet)
        printf("%-25s %7s %6s %6s %15s %15s %10s\n", "rule", "threads", "owners", "rounds", "terms once",
               "emulation bits", "err/tol");
    for (int r = 0; r < 2; r++)
        for (int i = 0; i < N_WALK_THREADS; i++) {
            const op_mapping against = rules[r] == WALK_SERIAL ? MAP_SERIAL : MAP_WARP_PER_OUTPUT;
            const walk_result w = walk_problem(cp, rules[r], walk_threads[i], against);
            ok &= walk_ok(w);
            if (!quiet)
                printf("%-25s %7d %6d %6d %7ld of %-5ld %7d of %-5d %10.4f\n", walk_rule_name(rules[r]),
                       walk_threads[i], w.owners, w.rounds, w.terms_once, w.terms, w.same_bits, w.outputs, w.err_tol);
        }
    return ok;
}

/* Both correct rules, every op, the check shapes, float and double, every block size. */
static int check_everything(uint64_t seed, int *walks)
{
    int ok = 1;
    for (int op = 0; op < OP_COUNT; op++)
        for (int s = 0; s < check_shape_count; s++)
            for (int dt = DTYPE_FLOAT; dt <= DTYPE_DOUBLE; dt++) {
                check_problem cp;
                const char *why = NULL;
                if (check_problem_make(&cp, (op_kind)op, check_shapes[s], (op_dtype)dt, 1.5, -0.75, 1,
                                       seed + (uint64_t)s, &why) != 0)
                    cli_refuse("%s", why);
                for (int i = 0; i < N_WALK_THREADS; i++) {
                    ok &= walk_ok(walk_problem(&cp, WALK_SERIAL, walk_threads[i], MAP_SERIAL));
                    ok &= walk_ok(walk_problem(&cp, WALK_WARP_PER_OUTPUT, walk_threads[i], MAP_WARP_PER_OUTPUT));
                    *walks += 2;
                }
                check_problem_free(&cp);
            }
    return ok;
}

/* The table of one op (with the trap's rule in place of warp per output),
 * then, without a trap, the check of every op and shape. */
static int run_table(check_problem *cp, const char *trap, uint64_t seed, int quiet)
{
    walk_rule rules[2] = { WALK_SERIAL, WALK_WARP_PER_OUTPUT };
    if (strcmp(trap, "none") != 0) { /* the correct rule, then the trap's, both held to the warp order */
        rules[0] = WALK_WARP_PER_OUTPUT;
        rules[1] = strcmp(trap, "partial-warp-joins") == 0 ? WALK_TRAP_PARTIAL_WARP_JOINS : WALK_TRAP_BLOCKED_LANES;
    }
    if (!quiet) {
        char shape[64];
        op_shape_text(cp->plan.op, cp->plan.shape, shape, sizeof shape);
        printf("%s, %s, %s: the walk of one block, evaluated in its order\n", op_name(cp->plan.op), shape,
               cp->dtype == DTYPE_FLOAT ? "float" : "double");
        printf("owners: threads (serial) or warps that own an output; rounds and owners of the last stage;\n"
               "bits compared with the emulation of the rule's mapping; err/tol against the double reference\n\n");
    }
    int ok = print_table(cp, rules, quiet);
    check_problem_free(cp);
    if (!quiet)
        printf("\n");
    if (rules[1] != WALK_WARP_PER_OUTPUT)
        return exit_status(verdict("the trap's walks: every term formed once, with the warp order's bits", ok));
    int walks = 0;
    ok &= verdict("the table's walks: every term formed once, with the emulation's bits", ok);
    const int all = check_everything(seed, &walks);
    if (!quiet)
        printf("every op on %d shapes, float and double, at %d block sizes: %d walks\n", check_shape_count,
               N_WALK_THREADS, walks);
    ok &= verdict("every walk forms every term once and gives the emulation's bits", all);
    return exit_status(ok);
}

/* The figures: the last stage of the op, walked at `threads` threads. */
static void draw(const op_plan *plan, int threads, int svg, int dot)
{
    const stage_plan *s = &plan->stage[plan->n_stages - 1];
    block_walk serial, warp;
    if (block_walk_make(&serial, s, WALK_SERIAL, threads) != 0 ||
        block_walk_make(&warp, s, WALK_WARP_PER_OUTPUT, threads) != 0)
        cli_refuse("out of memory");
    if (dot)
        walk_draw_tree_dot(stdout, &warp, 0);
    if (svg) {
        char title[128], shape[64], lserial[160], lwarp[160];
        op_shape_text(plan->op, plan->shape, shape, sizeof shape);
        snprintf(title, sizeof title, "%s, %s: %d outputs, k = 0..%d; one block of %d threads", op_name(plan->op),
                 shape, serial.n_out, s->len - 1, threads);
        snprintf(lserial, sizeof lserial, "serial: %d threads busy (thread t owns output t), %d idle",
                 serial.owners_busy, threads - serial.owners_busy);
        snprintf(lwarp, sizeof lwarp, "warp per output: %d warps, lane l forms k = l, l+32, ...; %d rounds",
                 warp.owners_busy, warp.rounds);
        const block_walk *walks[2] = { &serial, &warp };
        const char *labels[2] = { lserial, lwarp };
        walk_draw_svg(stdout, title, walks, labels, 2);
    }
    block_walk_free(&serial);
    block_walk_free(&warp);
}

/* The figure of the symmetric mappings: syrk's m x m result, m = M of --shape. */
static int draw_triangle(int m, int threads)
{
    tri_walk numbered, skipping;
    if (tri_walk_make(&numbered, m, threads, TRI_NUMBERED) != 0 ||
        tri_walk_make(&skipping, m, threads, TRI_SKIP_UPPER) != 0)
        cli_refuse("out of memory");
    const int ok = walk_draw_triangle_svg(stdout, &numbered, &skipping, threads);
    tri_walk_free(&numbered);
    tri_walk_free(&skipping);
    return ok ? EXIT_PASS : EXIT_MISMATCH;
}

int main(int argc, char **argv)
{
    const char *op_text = "gemm", *shape_text = NULL, *trap = "none", *dtype_text = "float";
    uint64_t seed = 5, threads = 64, n = 0; /* n == 0: --n not given */
    int quiet = 0, svg = 0, dot = 0, registers = 0, triangle = 0;
    const cli_option options[] = {
        { "--op", CLI_CHOICE, &op_text, "which op (default gemm)", 0, 0, OP_CHOICES },
        { "--shape", CLI_STRING, &shape_text, "M,N,K,L (default 4,4,64,1)", 0, 0, "M,N,K,L" },
        { "--n", CLI_U64, &n, "the square shape N,N,N,N instead (--shape N,N,N,N)", 1, WALK_MAX_N, NULL },
        { "--dtype", CLI_CHOICE, &dtype_text, "element type of the table (default float)", 0, 0, "float|double" },
        { "--threads", CLI_U64, &threads, "block size of the figures (default 64)", 1, 1024, NULL },
        { "--svg", CLI_FLAG, &svg, "print the thread map of both mappings as SVG", 0, 0, NULL },
        { "--dot", CLI_FLAG, &dot, "print the warp tree of output 0 as Graphviz DOT", 0, 0, NULL },
        { "--triangle", CLI_FLAG, &triangle,
          "with --op syrk: print how the symmetric mappings deal the lower triangle to the warps, as SVG", 0, 0, NULL },
        { "--registers", CLI_FLAG, &registers, "print what p[l] holds after each step of the one-thread tree", 0, 0,
          NULL },
        { "--trap", CLI_CHOICE, &trap, "walk a wrong mapping instead of warp per output (default none)", 0, 0,
          TRAP_CHOICES },
        { "--seed", CLI_U64, &seed, "random seed (default 5)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Walks a block through the serial and warp-per-output loops: which thread forms which term,\n"
              "checked against the C emulation; draws the walk (--svg, --dot, --registers, --triangle).",
              options, sizeof options / sizeof options[0]);
    op_shape shape = { 4, 4, 64, 1 };
    op_shape_from_options(shape_text, n, &shape);
    if (triangle) {
        if (strcmp(op_text, "syrk") != 0)
            cli_refuse("--triangle draws syrk's symmetric result: add --op syrk");
        if (shape.m > 16)
            cli_refuse("--triangle draws m up to 16 (the M of --shape, or --n)");
        return draw_triangle(shape.m, (int)threads);
    }
    if (registers)
        return exit_status(verdict("p[0] ends with every lane's partial exactly once", walk_print_registers(stdout)));
    check_problem cp;
    const char *why = NULL;
    const op_dtype dtype = strcmp(dtype_text, "float") == 0 ? DTYPE_FLOAT : DTYPE_DOUBLE;
    if (check_problem_make(&cp, (op_kind)op_from_name(op_text), shape, dtype, 1.5, -0.75, 1, seed, &why) != 0)
        cli_refuse("%s", why);
    if (svg || dot) {
        draw(&cp.plan, (int)threads, svg, dot);
        check_problem_free(&cp);
        return EXIT_PASS;
    }
    return run_table(&cp, trap, seed, quiet);
}
