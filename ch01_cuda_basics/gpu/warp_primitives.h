/* warp_primitives.h - the launch function warp_primitives.c calls
 * (gpu/warp_primitives.cu). */
#ifndef CH01_WARP_PRIMITIVES_H
#define CH01_WARP_PRIMITIVES_H

#ifdef __cplusplus
extern "C" {
#endif

/* One thread per element of x[0..n-1]; for each warp w (elements 32w ..
 * 32w+31): sum[w] by a shuffle-down tree, odd[w] = how many of its elements
 * are odd (a ballot), mask[w] = the lanes that held an element. */
void gpu_warp_sum_and_count(const int *x, int n, int *sum, int *odd, unsigned *mask);

/* The same kernel on the CPU emulator (gpu/warp_primitives_emu.cpp): 0, or
 * 1 after the emulator reported an error (stderr). */
int emu_warp_sum_and_count(const int *x, int n, int *sum, int *odd, unsigned *mask);

#ifdef __cplusplus
}
#endif

#endif
