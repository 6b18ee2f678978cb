/* block_shared_sum.cu - section 1.3: threads of a block cooperate through
 * shared memory and __syncthreads(); section 1.9: the last block to finish
 * adds the partials of all blocks (__threadfence() and a counter). */
#include "block_shared_sum.h"
#include "cuda_check.h"
#include "launch_check.h"

// [listing block-tree-sum]
/* s[0..blockDim.x-1] in shared memory, blockDim.x a power of two; every
 * thread of the block must call this. Returns the sum in every thread. */
__device__ long long block_tree_sum(long long *s)
{
    const int t = threadIdx.x;
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        __syncthreads(); /* the level before is written, by every thread */
        if (t < stride)
            s[t] += s[t + stride];
    }
    __syncthreads(); /* s[0] is final before anyone reads it */
    return s[0];
}

__global__ void block_partial_sums(const int *x, int n, long long *partial)
{
    __shared__ long long s[BLOCK_SUM_MAX_THREADS]; /* one per block, seen by all its threads */
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    s[threadIdx.x] = i < n ? x[i] : 0; /* past the end counts as 0 */
    const long long sum = block_tree_sum(s);
    if (threadIdx.x == 0)
        partial[blockIdx.x] = sum;
}
// [end]

// [listing last-block-flag]
__global__ void sum_last_block(const int *x, int n, long long *partial, unsigned *blocks_done, long long *total)
{
    __shared__ long long s[BLOCK_SUM_MAX_THREADS];
    __shared__ int is_last;
    const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    s[t] = i < n ? x[i] : 0;
    const long long sum = block_tree_sum(s);
    if (t == 0) {
        partial[blockIdx.x] = sum;
        __threadfence(); /* the partial reaches every block before the counter moves */
        is_last = atomicAdd(blocks_done, 1u) == gridDim.x - 1;
        if (is_last)
            __threadfence(); /* and the reads below come after the counter */
    }
    __syncthreads();
    if (!is_last)
        return;                               /* the whole block leaves: is_last is the same for all its threads */
    const volatile long long *done = partial; /* read memory, not a stale copy */
    long long acc = 0;
    for (unsigned b = t; b < gridDim.x; b += blockDim.x)
        acc += done[b];
    s[t] = acc;
    const long long all = block_tree_sum(s);
    if (t == 0)
        *total = all;
}
// [end]
#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/block_shared_sum_emu.cpp takes the kernels alone */
/* Checks the configuration and copies x to the device. */
static int *upload(const int *x, int n, int block, int *blocks)
{
    check_block_size(block, 1);
    *blocks = (int)blocks_for(n, block);
    int *d_x = NULL;
    CUDA_CHECK(cudaMalloc(&d_x, (size_t)n * sizeof *d_x));
    CUDA_CHECK(cudaMemcpy(d_x, x, (size_t)n * sizeof *d_x, cudaMemcpyHostToDevice));
    return d_x;
}

extern "C" void gpu_block_partial_sums(const int *x, int n, int block, long long *partial)
{
    int blocks = 0;
    int *d_x = upload(x, n, block, &blocks);
    long long *d_partial = NULL;
    CUDA_CHECK(cudaMalloc(&d_partial, (size_t)blocks * sizeof *d_partial));
    block_partial_sums<<<blocks, block>>>(d_x, n, d_partial);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(partial, d_partial, (size_t)blocks * sizeof *d_partial, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_partial));
}

extern "C" long long gpu_sum_last_block(const int *x, int n, int block)
{
    int blocks = 0;
    int *d_x = upload(x, n, block, &blocks);
    long long *d_partial = NULL, *d_total = NULL, total = 0;
    unsigned *d_done = NULL;
    CUDA_CHECK(cudaMalloc(&d_partial, (size_t)blocks * sizeof *d_partial));
    CUDA_CHECK(cudaMalloc(&d_total, sizeof *d_total));
    CUDA_CHECK(cudaMalloc(&d_done, sizeof *d_done));
    CUDA_CHECK(cudaMemset(d_done, 0, sizeof *d_done)); /* the counter starts at 0 every launch */
    sum_last_block<<<blocks, block>>>(d_x, n, d_partial, d_done, d_total);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_partial));
    CUDA_CHECK(cudaFree(d_total));
    CUDA_CHECK(cudaFree(d_done));
    return total;
}
#endif
