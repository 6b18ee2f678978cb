/* block_trace.cu - section 3.2 on the GPU: a shared-memory block tree that
 * records its own trace (additions and barriers per level). */
#include "block_trace.h"
#include "cuda_check.h"

#include <string.h>

#include "warp.h"

// [listing traced-block-tree]
/* One value per thread; level by level, thread t < pairs adds the pair
 * (2t, 2t+1) of `in` into out[t]. Two shared buffers take turns as in and
 * out, so one barrier per level suffices: it orders this level's reads after
 * the previous level's writes, and this level's writes after the reads of
 * the level before (which used the same buffer). */
__global__ void block_tree_sum_traced(const long long *x, int n, int missing_barrier, gpu_block_trace *traces)
{
    __shared__ long long buf[2][BLOCK_TRACE_MAX_N];
    gpu_block_trace *trace = &traces[blockIdx.x];
    const int t = threadIdx.x, lane = t % 32;
    if (t < n)
        buf[0][t] = x[t];
    buf[1][t] = 0; /* an early read of buffer 1 sees 0, not a leftover */
    /* BEGIN SOLUTION */
    int src = 0, level = 0;
    for (int m = n; m > 1; m = m / 2 + m % 2, level++) {
        if (level == 0 || !missing_barrier) { /* same choice in every thread */
            __syncthreads();
            if (t == 0)
                trace->barriers[level] += 1;
        }
        const int pairs = m / 2;
        const long long *in = buf[src];
        long long *out = buf[src ^ 1];
        const int adds = t < pairs;
        if (adds)
            out[t] = in[2 * t] + in[2 * t + 1];
        if (m % 2 == 1 && t == pairs) {
            out[pairs] = in[m - 1]; /* the odd one out is carried */
            trace->odd_carry[level] = 1;
        }
        const unsigned adders = __ballot_sync(FULL_WARP, adds); /* one bit per adding lane */
        if (lane == 0 && adders != 0)
            atomicAdd(&trace->additions[level], (unsigned)__popc(adders));
        if (t == 0) {
            trace->elements_before[level] = (unsigned)m;
            trace->elements_after[level] = (unsigned)(m / 2 + m % 2);
        }
        src ^= 1;
    }
    if (t == 0) { /* thread 0 wrote the last value itself (or loaded it, n = 1) */
        trace->levels = (unsigned)level;
        trace->sum = buf[src][0];
    }
    /* STUDENT: optional: tree_sum_traced's levels in one block, recording each level in *trace (3.2; not graded).
    // Blanked because it would give tree_sum_traced and block_tree_sum away.
    (void)missing_barrier; (void)lane;
    if (t == 0)
        trace->sum = buf[1][t]; // thread 0 zeroed it above: the stub's sum is 0
    */
    /* END SOLUTION */
}
// [end]
#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/block_trace_emu.cpp takes the kernel alone */
extern "C" void gpu_block_tree_traced(const long long *x, int n, int missing_barrier, int trials, gpu_block_trace *out)
{
    /* launch configuration: one thread per value, whole warps (the ballot
     * needs every lane), one block per trial */
    if (n < 1 || n > BLOCK_TRACE_MAX_N || trials < 1 || trials > BLOCK_TRACE_MAX_TRIALS) {
        fprintf(stderr, "error: block trace: n = %d, trials = %d out of range\n", n, trials);
        exit(EXIT_MISMATCH);
    }
    const int threads = (n + 31) / 32 * 32;
    long long *d_x = NULL;
    gpu_block_trace *d_traces = NULL;
    const size_t trace_bytes = (size_t)trials * sizeof *d_traces;
    CUDA_CHECK(cudaMalloc(&d_x, (size_t)n * sizeof *d_x));
    CUDA_CHECK(cudaMalloc(&d_traces, trace_bytes));
    CUDA_CHECK(cudaMemcpy(d_x, x, (size_t)n * sizeof *d_x, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_traces, 0, trace_bytes));
    block_tree_sum_traced<<<trials, threads>>>(d_x, n, missing_barrier, d_traces);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(out, d_traces, trace_bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_traces));
}
#endif
