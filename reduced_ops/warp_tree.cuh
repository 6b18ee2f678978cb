/* warp_tree.cuh - the fixed 32-way summation tree, three ways.
 *
 * A warp: lane l holds v; after the offsets 16, 8, 4, 2, 1 lane 0 holds
 *   the tree sum (lanes >= 32 - offset add their own value back in, but
 *   nothing they compute ever reaches lane 0).
 * A tile: the same with cooperative groups' thread_block_tile<32>.
 * One thread: the 32 lane values in an array, combined in the same order,
 *   for blocks with fewer than 32 threads.
 * Templates only for the element type: one source for float and double. */
#ifndef REDUCED_OPS_WARP_TREE_CUH
#define REDUCED_OPS_WARP_TREE_CUH

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define FULL_WARP_MASK 0xffffffffu

// [listing warp-tree-sum]
/* All 32 lanes must call this together; the result is valid in lane 0. */
template <typename T>
__device__ T warp_tree_sum(T v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(FULL_WARP_MASK, v, offset);
    return v;
}
// [end]

// [listing tile-tree-sum]
template <typename T>
__device__ T tile_tree_sum(const cg::thread_block_tile<32> &tile, T v)
{
    for (int offset = 16; offset > 0; offset /= 2)
        v += tile.shfl_down(v, offset);
    return v;
}
// [end]

// [listing tree32-in-thread]
/* The warp's tree played by one thread: p[l] is what lane l would hold.
 * In each step the lanes below `offset` read lanes at or above it, which
 * this step does not change, so the order of the inner loop is free. */
template <typename T>
__device__ T tree32_in_thread(T p[32])
{
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2)
#pragma unroll
        for (int lane = 0; lane < offset; lane++)
            p[lane] += p[lane + offset];
    return p[0];
}
// [end]

#endif
