/* block_trace.h - the traced shared-memory block tree of section 3.2
 * (block_trace.cu): the GPU records, level by level, what it did. */
#ifndef CH03_BLOCK_TRACE_H
#define CH03_BLOCK_TRACE_H

#ifdef __cplusplus
extern "C" {
#endif

#define BLOCK_TRACE_MAX_N 1024    /* one block, one value per thread */
#define BLOCK_TRACE_MAX_LEVELS 16 /* ceil(log2 1024) = 10 */
#define BLOCK_TRACE_MAX_TRIALS 4096

/* Written by the kernel; one per block. */
typedef struct {
    unsigned elements_before[BLOCK_TRACE_MAX_LEVELS]; /* thread 0 */
    unsigned additions[BLOCK_TRACE_MAX_LEVELS];       /* threads that added (ballot) */
    unsigned elements_after[BLOCK_TRACE_MAX_LEVELS];  /* thread 0 */
    unsigned odd_carry[BLOCK_TRACE_MAX_LEVELS];       /* the carrying thread */
    unsigned barriers[BLOCK_TRACE_MAX_LEVELS];        /* __syncthreads() before the level */
    unsigned levels;
    long long sum;
} gpu_block_trace;

/* Launches `trials` blocks that each reduce the same x[0..n-1] (1 <= n <=
 * 1024) and record their trace in out[block]. With missing_barrier != 0 the
 * barrier between levels is left out (the staging barrier stays): a race. */
void gpu_block_tree_traced(const long long *x, int n, int missing_barrier, int trials, gpu_block_trace *out);

/* The same kernel on the CPU emulator (gpu/block_trace_emu.cpp): 0, or 1
 * after the emulator reported an error (stderr), a race for one. */
int emu_block_tree_traced(const long long *x, int n, int missing_barrier, int trials, gpu_block_trace *out);

#ifdef __cplusplus
}
#endif

#endif
