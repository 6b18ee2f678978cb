/* summation_order.c - one output, two mappings, two answers.
 *
 * A single dot product of K float terms t_k = a_k * x_k (one row of a
 * gemv), summed in the serial order and in the warp-per-output order. The
 * program prints the shape of the warp's tree for small K, then the bits
 * both orders produce for several K next to the double reference. Both
 * orders are correct; they are different expressions, so they may round
 * differently. Thread-count invariance promises the same expression at
 * every block size, not the same bits as another mapping. --n K sums one
 * dot product of K terms instead of the built-in lengths. */
#include "common.h"
#include "emulate.h"
#include "op_image.h"
#include "reference.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for the tree's expression of K = 4096 terms (about 32,000 characters). */
#define EXPR_MAX 65536
/* --n prints the expressions of K terms up to this length (longer ones are
 * only evaluated). */
#define PRINT_MAX_K 64

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

/* Writes the serial order's expression: ((t0 + t1) + t2) + ... */
static void serial_expression(int K, char out[EXPR_MAX])
{
    snprintf(out, EXPR_MAX, "t0");
    for (int k = 1; k < K; k++) {
        parenthesise(out);
        snprintf(out + strlen(out), EXPR_MAX - strlen(out), " + t%d", k);
    }
}

/* Evaluates an expression that tree_expression or serial_expression wrote,
 * in float: t<k> is term[k], a parenthesised sum one operand, and the
 * additions of a sum go from left to right. */
static float sum_value(const char **p, const float *term);
static float operand_value(const char **p, const float *term)
{
    if (**p == '(') {
        ++*p;
        const float v = sum_value(p, term);
        ++*p; /* the ')' */
        return v;
    }
    ++*p; /* the 't' */
    int k = 0;
    while (**p >= '0' && **p <= '9')
        k = 10 * k + (*(*p)++ - '0');
    return term[k];
}
static float sum_value(const char **p, const float *term)
{
    float v = operand_value(p, term);
    while (strncmp(*p, " + ", 3) == 0) {
        *p += 3;
        v = v + operand_value(p, term);
    }
    return v;
}

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
    uint64_t seed = 3, n = 0; /* n == 0: --n not given */
    int quiet = 0;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "one dot product of N terms instead of the built-in lengths", 1, OP_MAX_DIM, NULL },
        { "--seed", CLI_U64, &seed, "random seed for the terms (default 3)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "One float dot product summed in the serial order and in the warp-per-output tree\n"
              "order: the expressions, then the bits of both next to a double reference.",
              options, sizeof options / sizeof options[0]);

    /* The tree expression of `checked` terms is evaluated below and held to
     * the emulated tree: K = 8 of the built-in lengths, or the one of --n. */
    static const int built_in[] = { 1, 2, 7, 8, 31, 32, 33, 40, 64, 100, 1000 };
    const int one[1] = { (int)n };
    const int *Ks = n ? one : built_in;
    const int n_K = n ? 1 : (int)(sizeof built_in / sizeof built_in[0]);
    const int checked = n ? (int)n : 8, printed = checked <= PRINT_MAX_K;
    static char tree_text[EXPR_MAX], serial_text[EXPR_MAX];
    tree_expression(checked, tree_text);
    serial_expression(checked, serial_text);
    if (!quiet) {
        printf("The two orders as expressions (t_k = a_k * x_k, already rounded to float):\n\n");
        char label[32];
        snprintf(label, sizeof label, "K = %-3d serial: ", checked);
        if (printed) {
            print_wrapped(label, serial_text);
            print_wrapped("        tree:   ", tree_text);
        } else {
            printf("K = %d: the expressions are too long to print\n", checked);
        }
        if (!n) {
            char expr[EXPR_MAX];
            tree_expression(40, expr);
            print_wrapped("K = 40  tree:   ", expr);
        }
        printf("\n");
    }

    if (!quiet)
        printf("%5s  %-11s %-11s %-12s %-12s %s\n", "K", "serial", "tree", "reference", "ulps ser/tree", "same bits");
    int all_within = 1, tree_matches = 1, differ = 0;
    for (int i = 0; i < n_K; i++) {
        const int K = Ks[i];
        const op_shape shape = { 1, 1, K, 1 }; /* one row of a gemv: y = 1*A*x + 0*y */
        op_plan plan;
        const char *why = NULL;
        if (op_plan_make(OP_GEMV, shape, &plan, &why) != 0) {
            cli_refuse("%s", why);
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
        if (K == checked) { /* the tree expression printed above, evaluated term by term */
            const float *a = serial + plan.operand[0].begin, *x = serial + plan.operand[1].begin;
            float *term = alloc_or_exit((size_t)K, sizeof *term, "the terms");
            for (int k = 0; k < K; k++)
                term[k] = a[k] * x[k];
            const char *text = tree_text;
            tree_matches = float_bits(sum_value(&text, term)) == float_bits(t) && *text == '\0';
            free(term);
        }
        if (!quiet)
            printf("%5d  0x%08" PRIx32 "  0x%08" PRIx32 "  %-12.9g %4" PRIu64 " / %-6" PRIu64 " %s\n", K, float_bits(s),
                   float_bits(t), ref, ulp_distance_float(s, (float)ref), ulp_distance_float(t, (float)ref),
                   float_bits(s) == float_bits(t) ? "yes" : "no");
        free(image_d);
        free(serial);
        free(tree);
    }
    if (!quiet)
        printf("\nthe two orders disagree in the last bits for %d of %d lengths\n\n", differ, n_K);
    char what[96];
    snprintf(what, sizeof what, "the emulated tree for K = %d equals the %s", checked,
             printed ? "expression printed above" : "expression of its tree");
    int ok = verdict(what, tree_matches);
    ok &= verdict("both orders within tolerance of the double reference at every K", all_within);
    return exit_status(ok);
}
