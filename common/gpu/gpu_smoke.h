/* gpu_smoke.h - the launch function C code calls (defined in gpu_smoke.cu). */
#ifndef COMMON_GPU_SMOKE_H
#define COMMON_GPU_SMOKE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* y[i] = a * x[i] + y[i] on the GPU, for host arrays of n doubles. */
void gpu_axpy(double a, const double *x, double *y, size_t n);

#ifdef __cplusplus
}
#endif

#endif
