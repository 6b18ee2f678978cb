/* mappings.cuh - who computes which output of a product stage.
 *
 *   scope   serial                         warp per output
 *   block   block_scope_serial             block_scope_warp_per_output
 *   warp    warp_scope_serial              warp_scope_warp_per_output
 *   tile    (warp_scope_serial, any lane)  tile_scope_warp_per_output
 *
 * Serial: one thread per output, the whole contraction in that thread.
 * Warp per output: one warp per output, lane l takes k = l, l+32, ...,
 * then the fixed 32-way tree. The tree never depends on how many warps the
 * block has, so the bits do not either. None of these functions
 * synchronises: the caller puts a barrier between stages. */
#ifndef REDUCED_OPS_MAPPINGS_CUH
#define REDUCED_OPS_MAPPINGS_CUH

#include "product_stage.cuh"
#include "warp_tree.cuh"

/* All threads of the block copy n elements (global <-> shared). */
template <typename T>
__device__ void block_copy(T *dst, const T *src, int n)
{
    for (int e = threadIdx.x; e < n; e += blockDim.x)
        dst[e] = src[e];
}

// [listing block-scope-serial]
template <typename T>
__device__ void block_scope_serial(const product_stage<T> &s)
{
    const int n_out = s.p.rows * s.p.cols;
    for (int out = threadIdx.x; out < n_out; out += blockDim.x)
        stage_store(s, out, stage_partial(s, out, 0, 1));
}
// [end]

/* One thread plays all 32 lanes of one output (blocks below 32 threads). */
template <typename T>
__device__ T lanes_in_one_thread(const product_stage<T> &s, int out)
{
    T p[32];
#pragma unroll
    for (int lane = 0; lane < 32; lane++)
        p[lane] = stage_partial(s, out, lane, 32);
    return tree32_in_thread(p);
}

// [listing block-scope-warp-per-output]
template <typename T>
__device__ void block_scope_warp_per_output(const product_stage<T> &s)
{
    const int n_out = s.p.rows * s.p.cols;
    if (blockDim.x < 32) { /* no whole warp: each thread owns outputs and plays 32 lanes */
        for (int out = threadIdx.x; out < n_out; out += blockDim.x)
            stage_store(s, out, lanes_in_one_thread(s, out));
        return;
    }
    const int warps = blockDim.x / 32; /* whole warps only */
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (warp >= warps)
        return; /* a trailing partial warp idles: it could not join a full-mask shuffle */
    for (int out = warp; out < n_out; out += warps) { /* the loop bound is warp-uniform */
        const T sum = warp_tree_sum(stage_partial(s, out, lane, 32));
        if (lane == 0)
            stage_store(s, out, sum);
    }
}
// [end]

/* Warp scope: the 32 lanes of one warp own the whole problem. */
template <typename T>
__device__ void warp_scope_serial(const product_stage<T> &s, int lane)
{
    const int n_out = s.p.rows * s.p.cols;
    for (int out = lane; out < n_out; out += 32)
        stage_store(s, out, stage_partial(s, out, 0, 1));
}

template <typename T>
__device__ void warp_scope_warp_per_output(const product_stage<T> &s, int lane)
{
    const int n_out = s.p.rows * s.p.cols;
    for (int out = 0; out < n_out; out++) {
        const T sum = warp_tree_sum(stage_partial(s, out, lane, 32));
        if (lane == 0)
            stage_store(s, out, sum);
    }
}

// [listing tile-scope-warp-per-output]
template <typename T>
__device__ void tile_scope_warp_per_output(const cg::thread_block_tile<32> &tile, const product_stage<T> &s)
{
    const int n_out = s.p.rows * s.p.cols;
    const int lane = (int)tile.thread_rank();
    for (int out = 0; out < n_out; out++) {
        const T sum = tile_tree_sum(tile, stage_partial(s, out, lane, 32));
        if (lane == 0)
            stage_store(s, out, sum);
    }
}
// [end]

#endif
