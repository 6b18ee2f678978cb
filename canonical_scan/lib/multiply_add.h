/* multiply_add.h - a weighted sum and an element-wise w * x + c, written
 * once and compiled twice: multiply_add_separate.c with the project's
 * -ffp-contract=off (two roundings: the product, then the sum) and
 * multiply_add_fused.c with -ffp-contract=fast (the compiler may fuse
 * w * x + c into one fused multiply-add, one rounding). Same source, same
 * expression, different bits: the trap of the chapter's first part. */
#ifndef CANONICAL_SCAN_MULTIPLY_ADD_H
#define CANONICAL_SCAN_MULTIPLY_ADD_H

#include <stddef.h>

/* y[i] = w[i] * x[i] + c[i] */
void multiply_add_separate(const double *w, const double *x, const double *c, double *y, size_t n);
void multiply_add_fused(const double *w, const double *x, const double *c, double *y, size_t n);
/* s = w[0] * x[0] + w[1] * x[1] + ..., left to right */
double weighted_sum_separate(const double *w, const double *x, size_t n);
double weighted_sum_fused(const double *w, const double *x, size_t n);

/* The one body both files compile: static inline, so each file's flags
 * decide how it is compiled. */
// [listing multiply-add-body]
static inline void multiply_add_body(const double *w, const double *x, const double *c, double *y, size_t n)
{
    for (size_t i = 0; i < n; i++)
        y[i] = w[i] * x[i] + c[i];
}

static inline double weighted_sum_body(const double *w, const double *x, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++)
        s = s + w[i] * x[i];
    return s;
}
// [end]

#endif
