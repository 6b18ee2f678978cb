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

#include "warp.h"

// [listing warp-tree-sum]
/* All 32 lanes must call this together; the result is valid in lane 0. */
template <typename T>
__device__ T warp_tree_sum(T v)
{
    /* BEGIN SOLUTION */
    for (int offset = 16; offset > 0; offset /= 2)
        v += __shfl_down_sync(FULL_WARP, v, offset);
    return v;
    /* STUDENT: five __shfl_down_sync steps, offsets 16, 8, 4, 2, 1: the order of tree32_sum_float, lane 0 ends with the sum.
    return v;
    */
    /* END SOLUTION */
}
// [end]

// [listing tile-tree-sum]
template <typename T>
__device__ T tile_tree_sum(const cg::thread_block_tile<32> &tile, T v)
{
    /* BEGIN SOLUTION */
    for (int offset = 16; offset > 0; offset /= 2)
        v += tile.shfl_down(v, offset);
    return v;
    /* STUDENT: warp_tree_sum with the tile's own shuffle, tile.shfl_down(v, offset).
    (void)tile;
    return v;
    */
    /* END SOLUTION */
}
// [end]

// [listing tree32-in-thread]
/* The warp's tree played by one thread: p[l] is what lane l would hold.
 * In each step the lanes below `offset` read lanes at or above it, which
 * this step does not change, so the order of the inner loop is free. */
template <typename T>
__device__ T tree32_in_thread(T p[32])
{
    /* BEGIN SOLUTION */
#pragma unroll
    for (int offset = 16; offset > 0; offset /= 2)
#pragma unroll
        for (int lane = 0; lane < offset; lane++)
            p[lane] += p[lane + offset];
    return p[0];
    /* STUDENT: the warp's tree played by one thread on p[0..31] (tree32_sum_float in device code); return p[0].
    (void)p;
    return T(0);
    */
    /* END SOLUTION */
}
// [end]

#endif
