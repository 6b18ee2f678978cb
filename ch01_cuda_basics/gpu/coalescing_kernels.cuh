/* coalescing_kernels.cuh - section 1.10's kernels, included by
 * gpu/coalescing.cu (nvcc) and by tests/emulated_coalescing.cpp, which runs
 * them on the CPU emulator (common/emulator/). */
#ifndef CH01_COALESCING_KERNELS_CUH
#define CH01_COALESCING_KERNELS_CUH

#include "access_pattern.h"

// [listing gather-kernel]
/* out[t] = in[element]: the stores are always to neighbours (t), only the
 * loads change with the pattern. */
__global__ void copy_gather(const float *in, float *out, long long n, gather_kind kind, int stride,
                            const unsigned *perm)
{
    const long long t = (long long)blockIdx.x * blockDim.x + threadIdx.x;
    if (t < n)
        out[t] = in[gather_element(kind, t, n, stride, perm)];
}
// [end]

// [listing copy-2d-kernel]
/* A 2-D grid of 2-D blocks: (blockIdx.x, blockIdx.y) picks a tile of the
 * matrix, (threadIdx.x, threadIdx.y) an element of the tile. */
__global__ void copy_2d(const float *in, float *out, int width, int height, int transposed)
{
    const long long e = copy_2d_element(transposed, blockIdx.x, blockIdx.y, threadIdx.x, threadIdx.y, blockDim.x,
                                        blockDim.y, width, height);
    if (e >= 0)
        out[e] = in[e];
}
// [end]

#endif
