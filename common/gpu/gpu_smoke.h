/* gpu_smoke.h - the launch function C code calls (defined in gpu_smoke.cu). */
#ifndef COMMON_GPU_SMOKE_H
#define COMMON_GPU_SMOKE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The launch of axpy_grid_stride: blocks of AXPY_THREADS, one thread per
 * element up to AXPY_MAX_BLOCKS blocks, grid-stride beyond. */
#define AXPY_THREADS 256
#define AXPY_MAX_BLOCKS 4096

/* y[i] = a * x[i] + y[i] on the GPU, for host arrays of n doubles. */
void gpu_axpy(double a, const double *x, double *y, size_t n);

/* The same kernel, its own source, on the CPU emulator (gpu/gpu_smoke_emu.cpp),
 * launched as gpu_axpy launches it: 0, or 1 after the emulator reported an
 * error (stderr). */
int emu_axpy(double a, const double *x, double *y, size_t n);

#ifdef __cplusplus
}
#endif

#endif
