/* check_problem.h - one op on a few random problems, with everything a test
 * compares against: the double reference, its error scale, and the C
 * emulation of both summation orders in the problem's element type. */
#ifndef REDUCED_OPS_CHECK_PROBLEM_H
#define REDUCED_OPS_CHECK_PROBLEM_H

#include <stddef.h>
#include <stdint.h>

#include "op_plan.h"

typedef struct {
    op_plan plan;
    op_dtype dtype;
    double alpha, beta;
    int count;         /* independent problems, one image each */
    size_t len;        /* count * image_len elements */
    double *input;     /* the images before the op (values exact in dtype) */
    double *reference; /* count * outputs */
    double *scale;     /* count * outputs: the op on absolute values */
    void *emulated[2]; /* [mapping]: the images after the op, float* or double* */
} check_problem;

/* The non-square shapes every check runs by default (M,N,K,L). */
extern const op_shape check_shapes[];
extern const int check_shape_count;

/* The shapes a check runs: the one --shape or --n names (parsed into *one,
 * see op_shape_from_options; a bad shape is an error, exit 2), or the
 * built-in list when neither was given (shape_text NULL, n 0). */
const op_shape *check_shapes_or_one(const char *shape_text, uint64_t n, op_shape *one, int *count);

/* Before anything runs: one `error: OP: REASON` line and exit 2 when
 * check_problem_make would refuse one of the shapes for op `op` (-1: for
 * any op), as a shape too large for the image or the reference. */
void check_shapes_fit_or_exit(int op, const op_shape *shapes, int count);

/* 0 on success; -1 (with a message in *why) when the shape is refused or
 * memory runs out. */
int check_problem_make(check_problem *cp, op_kind op, op_shape shape, op_dtype dtype, double alpha, double beta,
                       int count, uint64_t seed, const char **why);
void check_problem_free(check_problem *cp);

/* A fresh copy of the inputs in the element type (float* or double*),
 * or NULL when memory runs out. */
void *check_problem_input_copy(const check_problem *cp);

/* max over every output of |got - reference| / tolerance (see
 * reference_tolerance); <= 1 passes. `images` are in the element type. */
double check_error_ratio(const check_problem *cp, const void *images);

/* -1 when `images` equal the emulation of `mapping` bit for bit (every
 * element of every image: inputs, workspace and result), else the index of
 * the first difference. */
long check_bits(const check_problem *cp, op_mapping mapping, const void *images);

/* "0x3f8ccccd" or "0x3ff199999999999a": element e of images. */
void check_element_hex(const check_problem *cp, const void *images, long e, char *buf, int size);

#endif
