/* checked_calls.h - the launch function checked_calls.c calls
 * (gpu/checked_calls.cu). */
#ifndef CH01_CHECKED_CALLS_H
#define CH01_CHECKED_CALLS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    SCALE_CORRECT = 0,       /* the guard i < n */
    SCALE_OUT_OF_BOUNDS = 1, /* the guard i <= n: one thread writes one past the end */
    SCALE_BAD_LAUNCH = 2     /* 2048 threads per block: more than any GPU allows */
} scale_mode;

/* y[i] = 2 * x[i] on the GPU, blocks of 256 threads (or as `mode` says). */
void gpu_scale(const float *x, float *y, int n, scale_mode mode);

/* The same kernels on the CPU emulator (gpu/checked_calls_emu.cpp): 0, or 1
 * after the emulator reported an error (stderr). */
int emu_scale(const float *x, float *y, int n, scale_mode mode);

#ifdef __cplusplus
}
#endif

#endif
