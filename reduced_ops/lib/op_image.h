/* op_image.h - test problems: random operand images and their comparison. */
#ifndef REDUCED_OPS_OP_IMAGE_H
#define REDUCED_OPS_OP_IMAGE_H

#include <stddef.h>
#include <stdint.h>

#include "op_plan.h"

/* Fills `count` images one after another: every input and the initial
 * result uniform in [-1, 1) (rounded to float when dtype is float, so the
 * double copy holds exactly the values the float run sees), the workspace
 * zero. congruence_sym's S is made symmetric. */
void op_images_fill(const op_plan *plan, op_dtype dtype, uint64_t seed, double *images, int count);

void doubles_to_floats(const double *src, float *dst, size_t n);
void floats_to_doubles(const float *src, double *dst, size_t n);

/* The first element where a and b differ in their bits, or -1. */
long first_bit_difference_float(const float *a, const float *b, size_t n);
long first_bit_difference_double(const double *a, const double *b, size_t n);

/* Parses "M,N,K,L" (each in [1, 4096]); 0 on success. */
int op_shape_parse(const char *text, op_shape *shape);

/* The --shape option: op_shape_parse, or one `error: ...` line and exit 2. */
void op_shape_parse_or_exit(const char *text, op_shape *shape);

/* The --shape and --n options together: --shape M,N,K,L names a shape, --n N
 * the square shape N,N,N,N (n == 0: --n was not given; shape_text NULL:
 * --shape was not). Returns 1 with *shape set when either was given, 0 (and
 * *shape untouched) when neither was. Both given must name the same shape,
 * else one `error: ...` line and exit 2. */
int op_shape_from_options(const char *shape_text, uint64_t n, op_shape *shape);

#endif
