/* policy_expressions.c - prints the expression every policy names for a tiny
 * input, prefix by prefix, so the policies can be compared side by side.
 * It checks that each scan prefix IS the reduce expression of that prefix,
 * and that the fast library computes exactly these expressions.
 *
 * With --dot it draws block_dyadic<B>'s scan instead (Graphviz DOT): every
 * distinct subexpression of the N prefixes once, named when it is a block
 * root r_b, a carry D_b or an in-block prefix P_b(j), and an arrow from each
 * output S[i] to the node it is. --dot --policy iterated_pairwise draws that
 * policy's scan the same way (its nodes have no names). Either graph's label
 * counts its distinct additions: the work of computing all N outputs when
 * every shared subexpression is computed once.
 *
 * The values only serve the bit check: P4016 LCG data, whose seed --seed
 * chooses (the expressions, and so the printed text, do not depend on it).
 * --quiet prints only the verdicts. */
#include "common.h"
#include "canonical_cpu.h"
#include "named_expression.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define N_MAX 16
#define TEXT_MAX 4096

typedef struct {
    scan_policy policy;
    unsigned block;
    char label[32];
} named_policy;

/* Prints S[0..n-1] of one policy (quiet: nothing); checks them against the
 * reduce expressions and against the library's bits on the data x. */
static int show_policy(const named_policy *p, size_t n, const double *x, int quiet, int *values_ok)
{
    expr_arena a;
    static char scan_text[TEXT_MAX], reduce_text[TEXT_MAX];
    double out[N_MAX];
    if (expr_arena_init(&a, 16 * N_MAX) != 0) {
        fprintf(stderr, "error: cannot allocate the expression arena\n");
        return 0;
    }
    policy_scan(p->policy, p->block, x, out, n, 0, 0, 0.0);
    int same_expression = 1;
    if (!quiet)
        printf("%s\n", p->label);
    for (size_t i = 0; i < n; i++) {
        expr_arena_reset(&a);
        const int scan_root = literal_scan_prefix(&a, p->policy, p->block, i);
        const int reduce_root = literal_reduce(&a, p->policy, p->block, i + 1);
        expr_print(&a, scan_root, scan_text, sizeof scan_text);
        expr_print(&a, reduce_root, reduce_text, sizeof reduce_text);
        if (!quiet)
            printf("  S[%zu] = %s\n", i, scan_text);
        same_expression &= strcmp(scan_text, reduce_text) == 0;
        *values_ok &= doubles_bit_equal(expr_eval(&a, scan_root, x, 0.0), out[i]);
    }
    if (!quiet)
        printf("\n");
    expr_arena_free(&a);
    return same_expression;
}

/* The names of the named pieces of block_dyadic<B> over n elements, by the
 * text of their expression: P_b(j) (r_b when it closes block b) and D_b. */
typedef struct {
    char text[TEXT_MAX];
    char label[64];
} named_piece;

static size_t add_piece(named_piece *piece, size_t count, const char *text, const char *label)
{
    for (size_t k = 0; k < count; k++) {
        if (strcmp(piece[k].text, text) == 0) { /* the same expression: one node, two names */
            const size_t used = strlen(piece[k].label);
            snprintf(piece[k].label + used, sizeof piece[k].label - used, " = %s", label);
            return count;
        }
    }
    snprintf(piece[count].text, sizeof piece[count].text, "%s", text);
    snprintf(piece[count].label, sizeof piece[count].label, "%s", label);
    return count + 1;
}

static size_t name_pieces(expr_arena *a, size_t n, size_t block, named_piece *piece)
{
    size_t count = 0;
    char label[64];
    static char text[TEXT_MAX];
    int roots[N_MAX];
    for (size_t b = 0; b * block < n; b++) {
        for (size_t j = 0; j < block && b * block + j < n; j++) {
            expr_arena_reset(a);
            const int root = literal_pairwise(a, b * block, j + 1);
            if (j + 1 == block)
                snprintf(label, sizeof label, "r%zu", b);
            else
                snprintf(label, sizeof label, "P%zu(%zu)", b, j);
            count = add_piece(piece, count, expr_print(a, root, text, sizeof text), label);
        }
    }
    for (size_t b = 1; b * block <= n; b++) { /* D_b: the pairwise value of r_0 .. r_{b-1} */
        expr_arena_reset(a);
        for (size_t k = 0; k < b; k++)
            roots[k] = literal_pairwise(a, k * block, block);
        const int d = expr_pairwise_levels(a, roots, b);
        snprintf(label, sizeof label, "D%zu", b);
        count = add_piece(piece, count, expr_print(a, d, text, sizeof text), label);
    }
    return count;
}

typedef struct {
    const named_piece *piece;
    size_t pieces;
    char seen[16 * N_MAX][TEXT_MAX]; /* distinct subexpressions: fewer than 2 per prefix and element */
    size_t nseen;
} dot_nodes;

/* Prints node `root` (and, the first time, its subtree); returns its id. */
static size_t dot_subtree(dot_nodes *d, const expr_arena *a, int root)
{
    char text[TEXT_MAX];
    expr_print(a, root, text, sizeof text);
    for (size_t k = 0; k < d->nseen; k++)
        if (strcmp(d->seen[k], text) == 0)
            return k;
    const expr_node *nd = &a->node[root];
    size_t left = 0, right = 0;
    if (nd->left != EXPR_LEAF) {
        left = dot_subtree(d, a, nd->left);
        right = dot_subtree(d, a, nd->right);
    }
    const size_t id = d->nseen++;
    snprintf(d->seen[id], sizeof d->seen[id], "%s", text);
    const char *name = NULL;
    for (size_t k = 0; k < d->pieces; k++)
        if (strcmp(d->piece[k].text, text) == 0)
            name = d->piece[k].label;
    if (nd->left == EXPR_LEAF && !(name && strchr(name, 'r')))
        printf("  n%zu [label=\"x%d\", shape=plaintext];\n", id, nd->right);
    else if (name)
        printf("  n%zu [label=\"%s\", style=filled, fillcolor=\"%s\"];\n", id, name,
               strchr(name, 'D') ? "#fdd0a2" : "#c6dbef");
    else
        printf("  n%zu [label=\"+\", shape=circle, width=0.3];\n", id);
    if (nd->left != EXPR_LEAF)
        printf("  n%zu -> n%zu [label=\"L\", fontsize=8];\n  n%zu -> n%zu [label=\"R\", fontsize=8];\n", left, id,
               right, id);
    return id;
}

/* The DOT graph of one policy's scan of n elements (block_dyadic<block> or
 * iterated_pairwise). */
static int print_scan_dot(scan_policy policy, size_t n, size_t block)
{
    expr_arena a;
    static named_piece piece[2 * N_MAX * N_MAX];
    static dot_nodes d;
    if (expr_arena_init(&a, 16 * N_MAX) != 0) {
        fprintf(stderr, "error: cannot allocate the expression arena\n");
        return 0;
    }
    const int dyadic = policy == POLICY_BLOCK_DYADIC;
    d.piece = piece;
    d.pieces = dyadic ? name_pieces(&a, n, block, piece) : 0;
    d.nseen = 0;
    printf("digraph %s {\n  rankdir=BT; node [fontname=\"sans-serif\", fontsize=11];\n",
           dyadic ? "block_dyadic" : "iterated_pairwise");
    size_t leaves = 0;
    for (size_t i = 0; i < n; i++) {
        expr_arena_reset(&a);
        const size_t id = dot_subtree(&d, &a, literal_scan_prefix(&a, policy, (unsigned)block, i));
        printf("  s%zu [label=\"S[%zu]\", shape=box]; n%zu -> s%zu [style=dashed];\n", i, i, id, i);
    }
    for (size_t k = 0; k < d.nseen; k++)
        leaves += strchr(d.seen[k], '+') == NULL;
    if (dyadic)
        printf("  label=\"block_dyadic<%zu>, N = %zu: S[i] = D_b + P_b(j), or D_{b+1} when j closes block b; "
               "%zu distinct additions\";\n",
               block, n, d.nseen - leaves);
    else
        printf("  label=\"iterated_pairwise, N = %zu: S[i] is the pairwise value of x0 .. xi; "
               "%zu distinct additions\";\n",
               n, d.nseen - leaves);
    printf("  { rank=same;");
    for (size_t i = 0; i < n; i++)
        printf(" s%zu;", i);
    printf(" }\n}\n");
    expr_arena_free(&a);
    return 1;
}

/* 1 when argv holds the option `name` (--name or --name=...). Exact here:
 * cli_parse has checked argv, and no value this program takes (a number,
 * a policy's name) is spelt like an option. */
static int option_given(int argc, char **argv, const char *name)
{
    const size_t len = strlen(name);
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], name, len) == 0 && (argv[i][len] == '\0' || argv[i][len] == '='))
            return 1;
    return 0;
}

int main(int argc, char **argv)
{
    uint64_t n = 7, block = 3, lanes = 3, seed = LCG64_DEFAULT_SEED;
    int dot = 0, quiet = 0;
    const char *policy = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements x0 .. x(n-1) (default 7)", 1, N_MAX, NULL },
        { "--block", CLI_U64, &block, "block size B of block_dyadic (default 3)", 1, N_MAX, NULL },
        { "--lanes", CLI_U64, &lanes, "lane count L of the canonical reduce (default 3)", 1, N_MAX, NULL },
        { "--dot", CLI_FLAG, &dot, "print block_dyadic<B>'s scan as a Graphviz DOT graph instead", 0, 0, NULL },
        { "--policy", CLI_CHOICE, &policy, "with --dot: the scan it draws (default block_dyadic)", 0, 0,
          "block_dyadic|iterated_pairwise" },
        { "--seed", CLI_U64, &seed, "LCG seed of the data the bit check evaluates (default 0x243F6A8885A308D3)", 0,
          UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv, "Prints the expressions the scan policies name for a tiny input, side by side.", options,
              sizeof options / sizeof options[0]);
    if (policy != NULL && !dot)
        cli_refuse("--policy chooses the scan --dot draws (use it with --dot)");
    if (dot && (option_given(argc, argv, "--seed") || quiet)) /* the graph has no values and no verdict */
        cli_refuse("--seed and --quiet go without --dot (the graph evaluates nothing)");
    if (dot)
        return exit_status(print_scan_dot(
            policy != NULL && strcmp(policy, "iterated_pairwise") == 0 ? POLICY_ITERATED_PAIRWISE : POLICY_BLOCK_DYADIC,
            (size_t)n, (size_t)block));

    named_policy policies[3] = {
        { POLICY_LEFT_FOLD, 1, "left_fold" },
        { POLICY_ITERATED_PAIRWISE, 1, "iterated_pairwise" },
        { POLICY_BLOCK_DYADIC, (unsigned)block, "" },
    };
    snprintf(policies[2].label, sizeof policies[2].label, "block_dyadic<%" PRIu64 ">", block);
    double x[N_MAX];
    p4016_data(seed, 0, x, n); /* the values only serve the bit check */

    if (!quiet)
        printf("Inclusive scans of x0 .. x%" PRIu64 ": the expression each policy names for every prefix\n\n", n - 1);
    int same_expression = 1, values_ok = 1;
    for (int p = 0; p < 3; p++)
        same_expression &= show_policy(&policies[p], n, x, quiet, &values_ok);

    expr_arena a;
    static char text[TEXT_MAX];
    if (expr_arena_init(&a, 4 * N_MAX) != 0)
        cli_refuse("cannot allocate the expression arena");
    const int lanes_root = literal_lanes_reduce(&a, n, (unsigned)lanes);
    if (!quiet) {
        printf("P4016 reduce with L = %" PRIu64 " lanes (element i in lane i mod %" PRIu64 ")\n", lanes, lanes);
        printf("  R = %s\n\n", expr_print(&a, lanes_root, text, sizeof text));
    }
    values_ok &= doubles_bit_equal(expr_eval(&a, lanes_root, x, 0.0), canonical_reduce(x, n, (unsigned)lanes, 0, 0.0));
    expr_arena_free(&a);

    int ok = verdict("every scan prefix S[i] is the reduce expression of x0 .. xi", same_expression);
    char values_what[128] = "on the P4016 data the library returns the bits of these expressions";
    if (option_given(argc, argv, "--seed")) /* name the data the check evaluated */
        snprintf(values_what, sizeof values_what,
                 "on the P4016 data of seed 0x%016" PRIX64 " the library returns the bits of these expressions", seed);
    ok &= verdict(values_what, values_ok);
    return exit_status(ok);
}
