/* emulation_check.c - the CPU half of the chapter's tests: the C emulation
 * of both summation orders (serial, warp tree) against the double reference,
 * for every op, non-square shapes, float and double; --shape M,N,K,L or
 * --n N (the square shape N,N,N,N) checks one shape instead. The GPU is
 * later held to these emulations bit for bit (contraction_check). */
#include "check_problem.h"
#include "common.h"
#include "op_image.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OP_CHOICES "all|gemm|gemv|syrk|tensor_vec_contract|vec_tensor_vec|congruence_sym|bilinear"

/* How many outputs of the first problem come out with the same bits in both orders. */
static int outputs_alike(const check_problem *cp)
{
    int same = 0;
    for (int o = 0; o < op_outputs(&cp->plan); o++) {
        const long e = cp->plan.result.begin + o;
        char a[24], b[24];
        check_element_hex(cp, cp->emulated[MAP_SERIAL], e, a, sizeof a);
        check_element_hex(cp, cp->emulated[MAP_WARP_PER_OUTPUT], e, b, sizeof b);
        same += strcmp(a, b) == 0;
    }
    return same;
}

int main(int argc, char **argv)
{
    const char *op_text = "all", *dtype_text = "both", *shape_text = NULL;
    uint64_t seed = 5, n = 0; /* n == 0: --n not given */
    int quiet = 0;
    const cli_option options[] = {
        { "--op", CLI_CHOICE, &op_text, "which op (default all)", 0, 0, OP_CHOICES },
        { "--dtype", CLI_CHOICE, &dtype_text, "element type (default both)", 0, 0, "float|double|both" },
        { "--shape", CLI_STRING, &shape_text, "one shape M,N,K,L instead of the built-in list", 0, 0, "M,N,K,L" },
        { "--n", CLI_U64, &n, "one square shape N,N,N,N instead of the built-in list", 1, OP_MAX_DIM, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 5)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Checks the C emulation of the serial and warp-tree summation orders against a double\n"
              "reference, for every contraction op on non-square shapes, float and double.",
              options, sizeof options / sizeof options[0]);
    op_shape one_shape;
    int n_shapes;
    const op_shape *shapes = check_shapes_or_one(shape_text, n, &one_shape, &n_shapes);
    const int only_op = strcmp(op_text, "all") == 0 ? -1 : op_from_name(op_text);
    check_shapes_fit_or_exit(only_op, shapes, n_shapes);
    const int count = 3; /* problems per check: different data, same plan */

    if (!quiet) {
        printf("C emulation of both summation orders against the double reference\n");
        printf("pass: |emulated - reference| <= 2*(D+4)*u*scale per output (D: summed contraction lengths)\n\n");
        printf("%-20s %-20s %-7s %14s %12s  %s\n", "op", "shape", "dtype", "serial err/tol", "tree err/tol",
               "same bits (problem 1)");
    }
    double worst = 0.0;
    int rows = 0;
    for (int op = 0; op < OP_COUNT; op++) {
        if (only_op >= 0 && op != only_op)
            continue;
        for (int s = 0; s < n_shapes; s++)
            for (int dt = DTYPE_FLOAT; dt <= DTYPE_DOUBLE; dt++) {
                if ((dt == DTYPE_FLOAT && strcmp(dtype_text, "double") == 0) ||
                    (dt == DTYPE_DOUBLE && strcmp(dtype_text, "float") == 0))
                    continue;
                const double beta = s % 2 ? 0.0 : -0.75; /* every other shape checks beta = 0 */
                check_problem cp;
                const char *why = NULL;
                if (check_problem_make(&cp, (op_kind)op, shapes[s], (op_dtype)dt, 1.5, beta, count, seed + (uint64_t)s,
                                       &why) != 0) {
                    cli_refuse("%s: %s", op_name((op_kind)op), why);
                }
                const double serial = check_error_ratio(&cp, cp.emulated[MAP_SERIAL]);
                const double tree = check_error_ratio(&cp, cp.emulated[MAP_WARP_PER_OUTPUT]);
                if (serial > worst)
                    worst = serial;
                if (tree > worst)
                    worst = tree;
                rows++;
                if (!quiet) {
                    char shape[64];
                    op_shape_text((op_kind)op, shapes[s], shape, sizeof shape);
                    printf("%-20s %-20s %-7s %14.4f %12.4f  %d of %d\n", op_name((op_kind)op), shape,
                           dt == DTYPE_FLOAT ? "float" : "double", serial, tree, outputs_alike(&cp),
                           op_outputs(&cp.plan));
                }
                check_problem_free(&cp);
            }
    }
    if (!quiet)
        printf("\n%d checks, worst err/tol %.4f\n", rows, worst);
    return exit_status(verdict("both emulated orders within tolerance of the double reference", worst <= 1.0));
}
