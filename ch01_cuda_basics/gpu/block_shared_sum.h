/* block_shared_sum.h - the launch functions block_shared_sum.c calls
 * (gpu/block_shared_sum.cu). */
#ifndef CH01_BLOCK_SHARED_SUM_H
#define CH01_BLOCK_SHARED_SUM_H

#ifdef __cplusplus
extern "C" {
#endif

/* The largest block the kernels' shared arrays are sized for. */
#define BLOCK_SUM_MAX_THREADS 1024

/* partial[b] = sum of x[b*block .. b*block+block-1] (past n counts as 0), one
 * block of `block` threads (a power of two, 32..1024) per partial. */
void gpu_block_partial_sums(const int *x, int n, int block, long long *partial);

/* The whole sum in one launch: the blocks' partials are added by the block
 * that finishes last (a memory fence and a counter tell it that it is last). */
long long gpu_sum_last_block(const int *x, int n, int block);

/* The same kernels on the CPU emulator (gpu/block_shared_sum_emu.cpp): 0,
 * or 1 after the emulator reported an error (stderr). */
int emu_block_partial_sums(const int *x, int n, int block, long long *partial);
int emu_sum_last_block(const int *x, int n, int block, long long *total);

#ifdef __cplusplus
}
#endif

#endif
