/* multiply_add_separate.c - multiply_add.h's bodies with the project's flags
 * (-ffp-contract=off): every product is rounded before it is added. */
#include "multiply_add.h"

void multiply_add_separate(const double *w, const double *x, const double *c, double *y, size_t n)
{
    multiply_add_body(w, x, c, y, n);
}

double weighted_sum_separate(const double *w, const double *x, size_t n)
{
    return weighted_sum_body(w, x, n);
}
