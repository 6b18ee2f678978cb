/* atomics_histogram.cu - section 1.5: many threads add into the same
 * counters; atomicAdd makes each read-modify-write indivisible. */
#include "atomics_histogram.h"
#include "cuda_check.h"
#include "launch_check.h"

// [listing histogram-global]
/* Grid-stride loop: thread k takes elements k, k + stride, ... so any grid
 * covers any n. Two threads that meet at one bin cannot lose an update:
 * atomicAdd reads, adds and writes as one step. */
__global__ void histogram_global_atomics(const unsigned char *v, int n, unsigned *counts)
{
    /* BEGIN SOLUTION */
    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&counts[v[i]], 1u);
    /* STUDENT: a grid-stride loop over the values: this thread's first element, then one whole grid further each time; count each value into its bin with atomicAdd (1.5).
    (void)v;
    (void)n;
    (void)counts;
    */
    /* END SOLUTION */
}
// [end]

// [listing histogram-shared]
/* The same, but each block counts into its own histogram in shared memory
 * (contention among one block's threads only), then adds it to the global
 * one: one atomicAdd per bin and block instead of one per element. */
__global__ void histogram_shared_atomics(const unsigned char *v, int n, int bins, unsigned *counts)
{
    /* BEGIN SOLUTION */
    __shared__ unsigned local[HISTOGRAM_MAX_BINS];
    for (int b = threadIdx.x; b < bins; b += blockDim.x)
        local[b] = 0;
    __syncthreads(); /* zeroed before anyone counts */
    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        atomicAdd(&local[v[i]], 1u);
    __syncthreads(); /* every count of this block is in */
    for (int b = threadIdx.x; b < bins; b += blockDim.x)
        if (local[b] != 0)
            atomicAdd(&counts[b], local[b]);
    /* STUDENT: the block's own bins in shared memory: its threads zero them, a barrier, count the grid-stride values there with atomicAdd, a barrier, then add each nonzero bin to counts, one atomicAdd per bin (1.5).
    (void)v;
    (void)n;
    (void)bins;
    (void)counts;
    */
    /* END SOLUTION */
}
// [end]

#ifdef EMU_KERNELS_ONLY /* the trap is built for the CPU emulator only (atomics_histogram --on emu --no-atomics) */
// [listing histogram-plain]
/* Section 1.5's trap: the global loop with counts[v[i]]++, a plain load,
 * add and store. Two threads that meet at one bin can both load the old
 * count, and one update is lost. */
__global__ void histogram_plain_increment(const unsigned char *v, int n, unsigned *counts)
{
    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        counts[v[i]]++; /* the trap: not atomic */
}
// [end]
#endif
#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/atomics_histogram_emu.cpp takes the kernels alone */
extern "C" void gpu_histogram(const unsigned char *v, int n, int bins, histogram_kind kind, unsigned *counts)
{
    if (bins < 1 || bins > HISTOGRAM_MAX_BINS) {
        fprintf(stderr, "error: histogram: %d bins out of range\n", bins);
        exit(EXIT_MISMATCH);
    }
    const int threads = 256;
    const unsigned wanted = blocks_for(n, threads);
    const unsigned blocks = wanted < 1024 ? wanted : 1024; /* the grid-stride loop does the rest */
    unsigned char *d_v = NULL;
    unsigned *d_counts = NULL;
    CUDA_CHECK(cudaMalloc(&d_v, (size_t)n));
    CUDA_CHECK(cudaMalloc(&d_counts, (size_t)bins * sizeof *d_counts));
    CUDA_CHECK(cudaMemcpy(d_v, v, (size_t)n, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_counts, 0, (size_t)bins * sizeof *d_counts));
    if (kind == HISTOGRAM_GLOBAL)
        histogram_global_atomics<<<blocks, threads>>>(d_v, n, d_counts);
    else
        histogram_shared_atomics<<<blocks, threads>>>(d_v, n, bins, d_counts);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(counts, d_counts, (size_t)bins * sizeof *counts, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_v));
    CUDA_CHECK(cudaFree(d_counts));
}
#endif
