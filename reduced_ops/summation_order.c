/* summation_order.c - one output, two mappings, two answers.
 *
 * A single dot product of K float terms t_k = a_k * x_k (one row of a
 * gemv), summed in the serial order and in the warp-per-output order. The
 * program prints the shape of the warp's tree for small K, then the bits
 * both orders produce for several K next to the double reference. Both
 * orders are correct; they are different expressions, so they may round
 * differently. Thread-count invariance promises the same expression at
 * every block size, not the same bits as another mapping. */
#include "common.h"
#include "emulate.h"
#include "op_image.h"
#include "reference.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define EXPR_MAX 2048

/* text = "(text)" when it is a sum, so that it can be an operand. */
static void parenthesise(char *text)
{
    if (strchr(text, '+') == NULL)
        return;
    const size_t len = strlen(text);
    memmove(text + 1, text, len + 1);
    text[0] = '(';
    text[len + 1] = ')';
    text[len + 2] = '\0';
}

// [listing tree-expression]
/* Writes the expression the warp tree evaluates for K terms: lane l starts
 * with t_l + t_{l+32} + ..., then p[l] = p[l] + p[l+off] for off = 16..1.
 * Empty lanes hold 0, and x + 0 = x exactly, so they are left out. */
static void tree_expression(int K, char out[EXPR_MAX])
{
    static char p[32][EXPR_MAX];
    for (int lane = 0; lane < 32; lane++) {
        p[lane][0] = '\0';
        for (int k = lane; k < K; k += 32)
            snprintf(p[lane] + strlen(p[lane]), EXPR_MAX - strlen(p[lane]), "%st%d", k == lane ? "" : " + ", k);
    }
    for (int offset = 16; offset > 0; offset /= 2)
        for (int lane = 0; lane < offset; lane++) {
            if (p[lane + offset][0] == '\0')
                continue;
            char right[EXPR_MAX];
            snprintf(right, sizeof right, "%s", p[lane + offset]);
            parenthesise(p[lane]);
            parenthesise(right);
            char sum[EXPR_MAX];
            if (snprintf(sum, sizeof sum, "%s + %s", p[lane], right) >= (int)sizeof sum) {
                snprintf(out, EXPR_MAX, "(too long to print)"); /* K beyond what a page shows */
                return;
            }
            snprintf(p[lane], EXPR_MAX, "%s", sum);
        }
    snprintf(out, EXPR_MAX, "%s", p[0]);
}
// [end]

/* Prints text wrapped at 76 columns, continuation lines indented. */
static void print_wrapped(const char *label, const char *text)
{
    printf("%s", label);
    int col = (int)strlen(label);
    const char *p = text;
    while (*p) {
        const char *space = strchr(p, ' ');
        const int word = space ? (int)(space - p) : (int)strlen(p);
        if (col + word > 76 && col > 8) {
            printf("\n        ");
            col = 8;
        }
        printf("%.*s", word, p);
        col += word;
        p += word;
        if (*p == ' ') {
            putchar(' ');
            col++;
            p++;
        }
    }
    putchar('\n');
}

int main(int argc, char **argv)
{
    uint64_t seed = 3;
    int quiet = 0;
    const cli_option options[] = {
        { "--seed", CLI_U64, &seed, "random seed for the terms (default 3)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "One float dot product summed in the serial order and in the warp-per-output tree\n"
              "order: the expressions, then the bits of both next to a double reference.",
              options, sizeof options / sizeof options[0]);

    if (!quiet) {
        printf("The two orders as expressions (t_k = a_k * x_k, already rounded to float):\n\n");
        char expr[EXPR_MAX];
        tree_expression(8, expr);
        print_wrapped("K = 8   serial: ", "((((((t0 + t1) + t2) + t3) + t4) + t5) + t6) + t7");
        print_wrapped("        tree:   ", expr);
        tree_expression(40, expr);
        print_wrapped("K = 40  tree:   ", expr);
        printf("\n");
    }

    static const int Ks[] = { 1, 2, 7, 8, 31, 32, 33, 40, 64, 100, 1000 };
    const int n_K = (int)(sizeof Ks / sizeof Ks[0]);
    if (!quiet)
        printf("%5s  %-11s %-11s %-12s %-12s %s\n", "K", "serial", "tree", "reference", "ulps ser/tree",
               "same bits");
    int all_within = 1, eight_matches = 1, differ = 0;
    for (int i = 0; i < n_K; i++) {
        const int K = Ks[i];
        const op_shape shape = { 1, 1, K, 1 }; /* one row of a gemv: y = 1*A*x + 0*y */
        op_plan plan;
        const char *why = NULL;
        if (op_plan_make(OP_GEMV, shape, &plan, &why) != 0) {
            fprintf(stderr, "error: %s\n", why);
            return EXIT_BAD_INPUT;
        }
        double *image_d = alloc_or_exit((size_t)plan.image_len, sizeof *image_d, "the operand image");
        float *serial = alloc_or_exit((size_t)plan.image_len, sizeof *serial, "the serial image");
        float *tree = alloc_or_exit((size_t)plan.image_len, sizeof *tree, "the tree image");
        op_images_fill(&plan, DTYPE_FLOAT, seed, image_d, 1);
        doubles_to_floats(image_d, serial, (size_t)plan.image_len);
        doubles_to_floats(image_d, tree, (size_t)plan.image_len);
        emulate_op_float(&plan, MAP_SERIAL, 1.0f, 0.0f, serial);
        emulate_op_float(&plan, MAP_WARP_PER_OUTPUT, 1.0f, 0.0f, tree);
        double ref, scale;
        reference_op(&plan, 1.0, 0.0, image_d, 0, &ref);
        reference_op(&plan, 1.0, 0.0, image_d, 1, &scale);
        const float s = serial[plan.result.begin], t = tree[plan.result.begin];
        const double tol = reference_tolerance(&plan, DTYPE_FLOAT, scale);
        all_within &= fabs(s - ref) <= tol && fabs(t - ref) <= tol;
        differ += float_bits(s) != float_bits(t);
        if (K == 8) { /* the tree expression printed above, evaluated by hand */
            const float *a = serial + plan.operand[0].begin, *x = serial + plan.operand[1].begin;
            float term[8];
            for (int k = 0; k < 8; k++)
                term[k] = a[k] * x[k];
            const float by_hand = ((term[0] + term[4]) + (term[2] + term[6])) +
                                  ((term[1] + term[5]) + (term[3] + term[7]));
            eight_matches = float_bits(by_hand) == float_bits(t);
        }
        if (!quiet)
            printf("%5d  0x%08" PRIx32 "  0x%08" PRIx32 "  %-12.9g %4" PRIu64 " / %-6" PRIu64 " %s\n", K,
                   float_bits(s), float_bits(t), ref, ulp_distance_float(s, (float)ref),
                   ulp_distance_float(t, (float)ref), float_bits(s) == float_bits(t) ? "yes" : "no");
        free(image_d);
        free(serial);
        free(tree);
    }
    if (!quiet)
        printf("\nthe two orders disagree in the last bits for %d of %d lengths\n\n", differ, n_K);
    int ok = verdict("the emulated tree for K = 8 equals the expression printed above", eight_matches);
    ok &= verdict("both orders within tolerance of the double reference at every K", all_within);
    return exit_status(ok);
}
