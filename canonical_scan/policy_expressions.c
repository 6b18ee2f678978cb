/* policy_expressions.c - prints the expression every policy names for a tiny
 * input, prefix by prefix, so the policies can be compared side by side.
 * It checks that each scan prefix IS the reduce expression of that prefix,
 * and that the fast library computes exactly these expressions. */
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

/* Prints S[0..n-1] of one policy; checks them against the reduce expressions
 * and against the library's bits on the data x. */
static int show_policy(const named_policy *p, size_t n, const double *x, int *values_ok)
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
    printf("%s\n", p->label);
    for (size_t i = 0; i < n; i++) {
        expr_arena_reset(&a);
        const int scan_root = literal_scan_prefix(&a, p->policy, p->block, i);
        const int reduce_root = literal_reduce(&a, p->policy, p->block, i + 1);
        expr_print(&a, scan_root, scan_text, sizeof scan_text);
        expr_print(&a, reduce_root, reduce_text, sizeof reduce_text);
        printf("  S[%zu] = %s\n", i, scan_text);
        same_expression &= strcmp(scan_text, reduce_text) == 0;
        *values_ok &= doubles_bit_equal(expr_eval(&a, scan_root, x, 0.0), out[i]);
    }
    printf("\n");
    expr_arena_free(&a);
    return same_expression;
}

int main(int argc, char **argv)
{
    uint64_t n = 7, block = 3, lanes = 3;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements x0 .. x(n-1) (default 7)", 1, N_MAX, NULL },
        { "--block", CLI_U64, &block, "block size B of block_dyadic (default 3)", 1, N_MAX, NULL },
        { "--lanes", CLI_U64, &lanes, "lane count L of the canonical reduce (default 3)", 1, N_MAX, NULL },
    };
    cli_parse(argc, argv, "Prints the expressions the scan policies name for a tiny input, side by side.",
              options, sizeof options / sizeof options[0]);

    named_policy policies[3] = {
        { POLICY_LEFT_FOLD, 1, "left_fold" },
        { POLICY_ITERATED_PAIRWISE, 1, "iterated_pairwise" },
        { POLICY_BLOCK_DYADIC, (unsigned)block, "" },
    };
    snprintf(policies[2].label, sizeof policies[2].label, "block_dyadic<%" PRIu64 ">", block);
    double x[N_MAX];
    p4016_data(LCG64_DEFAULT_SEED, 0, x, n); /* the values only serve the bit check */

    printf("Inclusive scans of x0 .. x%" PRIu64 ": the expression each policy names for every prefix\n\n", n - 1);
    int same_expression = 1, values_ok = 1;
    for (int p = 0; p < 3; p++)
        same_expression &= show_policy(&policies[p], n, x, &values_ok);

    expr_arena a;
    static char text[TEXT_MAX];
    if (expr_arena_init(&a, 4 * N_MAX) != 0) {
        fprintf(stderr, "error: cannot allocate the expression arena\n");
        return EXIT_BAD_INPUT;
    }
    const int lanes_root = literal_lanes_reduce(&a, n, (unsigned)lanes);
    printf("P4016 reduce with L = %" PRIu64 " lanes (element i in lane i mod %" PRIu64 ")\n", lanes, lanes);
    printf("  R = %s\n\n", expr_print(&a, lanes_root, text, sizeof text));
    values_ok &= doubles_bit_equal(expr_eval(&a, lanes_root, x, 0.0),
                                   canonical_reduce(x, n, (unsigned)lanes, 0, 0.0));
    expr_arena_free(&a);

    int ok = verdict("every scan prefix S[i] is the reduce expression of x0 .. xi", same_expression);
    ok &= verdict("on the P4016 data the library returns the bits of these expressions", values_ok);
    return exit_status(ok);
}
