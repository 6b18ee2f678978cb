/* sum_shapes_kernels.cuh - the two kernels of sum_shapes.cu (section 3.1),
 * apart from their launches, so that the CPU emulation
 * (tests/emulated_block_tree_sum.cpp, common/emulator/) compiles and runs
 * this very code with g++, thread by thread. */
#ifndef CH03_SUM_SHAPES_KERNELS_CUH
#define CH03_SUM_SHAPES_KERNELS_CUH

#include <stddef.h>

// [listing gpu-chain]
/* Every addition waits for the one before it: n links, whatever the GPU. */
__global__ void chain_sum_one_thread(const long long *x, size_t n, long long *out)
{
    long long acc = 0;
    for (size_t i = 0; i < n; i++)
        acc = acc + x[i];
    *out = acc;
}
// [end]

// [listing gpu-block-tree]
/* The tree of tree_trace.c with one block: level by level, each level reads
 * `src` and writes `dst`, and one barrier separates a level from the next
 * (it reads what the other threads have just written). Two buffers, so that
 * no thread overwrites a value another thread of the same level still reads.
 * `a` holds the input and is overwritten. */
__global__ void block_tree_sum(long long *a, long long *b, int n, long long *out)
{
    /* BEGIN SOLUTION */
    long long *src = a, *dst = b;
    for (int m = n; m > 1; m = m / 2 + m % 2) {
        const int pairs = m / 2;
        for (int i = threadIdx.x; i < pairs; i += blockDim.x)
            dst[i] = src[2 * i] + src[2 * i + 1];
        if (m % 2 == 1 && threadIdx.x == 0)
            dst[pairs] = src[m - 1]; /* the odd one out is carried */
        __syncthreads();             /* one barrier per level: the span */
        long long *t = src;
        src = dst;
        dst = t;
    }
    if (threadIdx.x == 0)
        *out = src[0];
    /* STUDENT: the tree of tree_sum_traced in one block: each level reads one buffer and writes the other, then __syncthreads() (3.1).
    // blockDim.x threads share a level's pairs (stride blockDim.x); thread 0 writes the sum to *out.
    (void)a; (void)b; (void)n;
    if (threadIdx.x == 0)
        *out = 0;
    */
    /* END SOLUTION */
}
// [end]

#endif
