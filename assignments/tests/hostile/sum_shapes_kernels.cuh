/* A hostile submission of ch03_work_span/gpu/sum_shapes_kernels.cuh: the
 * barrier sits inside the branch of the threads that have a pair to add,
 * so at the upper levels of the tree only some threads of the block reach
 * it. On a GPU that hangs or computes garbage; the emulated test must fail
 * with the barrier's line and the count of threads that reached it. */
#ifndef CH03_SUM_SHAPES_KERNELS_CUH
#define CH03_SUM_SHAPES_KERNELS_CUH

#include <stddef.h>

__global__ void chain_sum_one_thread(const long long *x, size_t n, long long *out)
{
    long long acc = 0;
    for (size_t i = 0; i < n; i++)
        acc = acc + x[i];
    *out = acc;
}

__global__ void block_tree_sum(long long *a, long long *b, int n, long long *out)
{
    long long *src = a, *dst = b;
    for (int m = n; m > 1; m = m / 2 + m % 2) {
        const int pairs = m / 2;
        if ((int)threadIdx.x < pairs) {
            for (int i = threadIdx.x; i < pairs; i += blockDim.x)
                dst[i] = src[2 * i] + src[2 * i + 1];
            __syncthreads(); /* only the threads with a pair get here */
        }
        if (m % 2 == 1 && threadIdx.x == 0)
            dst[pairs] = src[m - 1];
        long long *t = src;
        src = dst;
        dst = t;
    }
    if (threadIdx.x == 0)
        *out = src[0];
}

#endif
