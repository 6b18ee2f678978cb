/* product_stage.cuh - one product stage (see op_plan.h) on the device, and
 * the pieces every mapping is built from: a strided partial sum, and the
 * store with its alpha/beta epilogue. The C twins are in emulate.c. */
#ifndef REDUCED_OPS_PRODUCT_STAGE_CUH
#define REDUCED_OPS_PRODUCT_STAGE_CUH

#include "op_plan.h"

/* A stage plan bound to one problem's image (in shared memory). */
template <typename T>
struct product_stage {
    stage_plan p;
    T *image;
    T alpha, beta;
};

template <typename T>
__device__ product_stage<T> bind_stage(const stage_plan &p, T *image, T alpha, T beta)
{
    product_stage<T> s;
    s.p = p;
    s.image = image;
    s.alpha = alpha;
    s.beta = beta;
    return s;
}

// [listing stage-partial]
/* sum of a(i,k)*b(k,j) for k = first, first+step, ... < len, from 0 upwards.
 * Serial: (first, step) = (0, 1). Lane l of a warp: (l, 32). The indices
 * stay below rows, cols and len, so a, b and c never leave their regions of
 * the image, whatever the shape (plan_bounds_check checks every stride). */
template <typename T>
__device__ T stage_partial_at(const product_stage<T> &s, int i, int j, int first, int step)
{
    /* BEGIN SOLUTION */
    const T *a = s.image + s.p.a + i * s.p.a_row;
    const T *b = s.image + s.p.b + j * s.p.b_col;
    T acc = 0;
    for (int k = first; k < s.p.len; k += step)
        acc += a[k * s.p.a_k] * b[k * s.p.b_k]; /* --fmad=false: a rounded product, then a rounded add */
    return acc;
    /* STUDENT: stage_partial_float on the device, for T = float or double: the same products, added in the same order.
    (void)s; (void)i; (void)j; (void)first; (void)step;
    return T(0);
    */
    /* END SOLUTION */
}

/* The same for output number out = i * cols + j. unsigned: out and cols are
 * never negative, and an unsigned divide is shorter than a signed one (a
 * shift and a mask when cols is a compile-time power of two, as in GLASS's
 * index math). */
template <typename T>
__device__ T stage_partial(const product_stage<T> &s, int out, int first, int step)
{
    const int i = (int)((unsigned)out / (unsigned)s.p.cols), j = (int)((unsigned)out % (unsigned)s.p.cols);
    return stage_partial_at(s, i, j, first, step);
}
// [end]

// [listing stage-store]
template <typename T>
__device__ void stage_store(const product_stage<T> &s, int out, T sum)
{
    T *c = s.image + s.p.c + out;
    if (!s.p.scaled)
        *c = sum;
    else if (s.beta == T(0))
        *c = s.alpha * sum; /* beta = 0: the old value is never read */
    else
        *c = s.alpha * sum + s.beta * *c;
}
// [end]

#endif
