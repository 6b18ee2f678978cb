/* sum_shapes.h - the two shapes of section 3.1 on the GPU (sum_shapes.cu):
 * a one-thread dependency chain and a one-block tree. */
#ifndef CH03_SUM_SHAPES_H
#define CH03_SUM_SHAPES_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Largest n the GPU shapes accept (the tree's level loop uses int indices). */
#define SUM_SHAPES_MAX_N (1 << 24)

/* One GPU thread adds x[0..n-1] in order: span n. */
long long gpu_chain_sum_one_thread(const long long *x, size_t n);

/* One block of `threads` threads (a multiple of 32, at most 1024) adds
 * x[0..n-1] as the pairwise tree of tree_trace.h, one __syncthreads() per
 * level: span ceil(log2 n). */
long long gpu_tree_sum_one_block(const long long *x, size_t n, int threads);

/* The same two kernels, their own source, on the CPU emulator
 * (gpu/sum_shapes_emu.cpp), launched as above: 0 with the sum in *sum, or 1
 * after the emulator reported an error (stderr). */
int emu_chain_sum_one_thread(const long long *x, size_t n, long long *sum);
int emu_tree_sum_one_block(const long long *x, size_t n, int threads, long long *sum);

/* Event-timed medians (ms) and spreads of both kernels on x[0..n-1], after
 * a warm-up; the input copy is outside the timed region. */
typedef struct {
    double chain_ms, chain_spread;
    double tree_ms, tree_spread;
} sum_shapes_timing;
void gpu_sum_shapes_time(const long long *x, size_t n, int reps, sum_shapes_timing *out);

#ifdef __cplusplus
}
#endif

#endif
