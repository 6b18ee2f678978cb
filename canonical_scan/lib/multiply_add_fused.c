/* multiply_add_fused.c - the same bodies, compiled with -ffp-contract=fast
 * (module.mk; and -mfma on x86-64, whose baseline has no FMA instruction):
 * the compiler may now fuse w * x + c into one rounding. Nothing in the
 * source says so -- which is the trap. */
#include "multiply_add.h"

void multiply_add_fused(const double *w, const double *x, const double *c, double *y, size_t n)
{
    multiply_add_body(w, x, c, y, n);
}

double weighted_sum_fused(const double *w, const double *x, size_t n)
{
    return weighted_sum_body(w, x, n);
}
