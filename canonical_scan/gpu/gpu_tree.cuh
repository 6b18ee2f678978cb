/* gpu_tree.cuh - device building blocks of the canonical kernels: a balanced
 * tree in registers, and the launch checks both .cu files use. */
#ifndef CANONICAL_SCAN_GPU_TREE_CUH
#define CANONICAL_SCAN_GPU_TREE_CUH

#include "cuda_check.h"
#include "virtual_blocks.h"

#include <stdint.h>

#include "warp.h"

// [listing register-tree]
/* The balanced tree over N values (N a power of two) in registers:
 * ((v0 + v1) + (v2 + v3)) + ... -- a complete aligned subtree, so any
 * grouping of the SAME additions gives the same bits; this is one of them.
 * (A C++ template, written as a compile-time recursion, because only then
 * does nvcc keep the array in registers instead of local memory.) */
template <int N>
__device__ __forceinline__ double register_tree(const double *v)
{
    static_assert(N >= 1 && (N & (N - 1)) == 0, "a balanced tree needs a power of two");
    if constexpr (N == 1)
        return v[0];
    else
        return register_tree<N / 2>(v) + register_tree<N / 2>(v + N / 2);
}
// [end]

/* Host side: a 1-D grid must fit gridDim.x. */
static inline unsigned grid_blocks_or_exit(uint64_t blocks, const char *kernel)
{
    if (blocks == 0 || blocks > 0x7fffffffu) {
        fprintf(stderr, "error: %s: %llu blocks do not fit a 1-D grid\n", kernel, (unsigned long long)blocks);
        exit(EXIT_BAD_INPUT);
    }
    return (unsigned)blocks;
}

/* Host side: bytes for count doubles, refusing counts whose size overflows. */
static inline size_t doubles_bytes_or_exit(uint64_t count)
{
    if (count > (uint64_t)(SIZE_MAX / sizeof(double))) {
        fprintf(stderr, "error: %llu doubles do not fit the address space\n", (unsigned long long)count);
        exit(EXIT_BAD_INPUT);
    }
    return (size_t)count * sizeof(double);
}

/* Host side: cudaMalloc that turns "out of memory" into a bad-input exit. */
static inline void *device_alloc_or_exit(size_t bytes)
{
    void *p = NULL;
    const cudaError_t err = cudaMalloc(&p, bytes > 0 ? bytes : 1);
    if (err == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();
        fprintf(stderr, "error: cannot allocate %zu bytes on the GPU\n", bytes);
        exit(EXIT_BAD_INPUT);
    }
    CUDA_CHECK(err);
    return p;
}

#endif
