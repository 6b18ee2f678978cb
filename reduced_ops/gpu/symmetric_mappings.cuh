/* symmetric_mappings.cuh - block-scope serial and warp per output for a
 * stage whose result is symmetric (syrk's C = A A^T): only the n(n+1)/2
 * cells with j <= i are computed, each stored at (i, j) and at (j, i).
 *
 * Why the bits are those of the full computation (mappings.cuh): the stage
 * reads one operand on both sides with the same strides (stage_is_symmetric),
 * so out(i,j) sums a(i,k)*a(j,k) and out(j,i) sums a(j,k)*a(i,k), for the
 * same k in the same order (the same lane split and the same tree in warp
 * per output). a*b == b*a exactly in IEEE arithmetic, also as the product
 * inside a fused multiply-add, so the two sums are the same bits. Each of
 * the two stores blends with its own old C (stage_store), so beta != 0
 * gives the full computation's result too, even when the old C is not
 * symmetric. Every cell of C is written once: the diagonal by one store,
 * each pair off it by the two stores of one thread.
 *
 * The cells are enumerated directly (lower_triangle_cell): no thread or
 * warp is handed an upper cell only to skip it, so the work is spread as
 * evenly as the full mapping's. The mappings of mappings.cuh are left as
 * they are; sweep_kernel picks these when its compile-time plan is
 * symmetric. None of these functions synchronises. */
#ifndef REDUCED_OPS_SYMMETRIC_MAPPINGS_CUH
#define REDUCED_OPS_SYMMETRIC_MAPPINGS_CUH

#include "lower_triangle.h"
#include "mappings.cuh"

/* True when out(i,j) and out(j,i) are the same products: b is a with the
 * roles of row and contraction index kept, and the result is square. */
static __host__ __device__ constexpr bool stage_is_symmetric(const stage_plan &p)
{
    return p.rows == p.cols && p.b == p.a && p.b_col == p.a_row && p.b_k == p.a_k;
}

/* The partial sum of cell (i, j): the function the full mappings call
 * (through stage_partial), so the sums are theirs by construction. */
template <typename T>
__device__ T cell_partial(const product_stage<T> &s, tri_cell c, int first, int step)
{
    return stage_partial_at(s, c.i, c.j, first, step);
}

/* One result, stored at (i, j) and, off the diagonal, at (j, i). */
template <typename T>
__device__ void symmetric_store(const product_stage<T> &s, tri_cell c, T sum)
{
    stage_store(s, c.i * s.p.cols + c.j, sum);
    if (c.i != c.j)
        stage_store(s, c.j * s.p.cols + c.i, sum);
}

// [listing block-scope-serial-symmetric]
template <typename T>
__device__ void block_scope_serial_symmetric(const product_stage<T> &s)
{
    const int n_cells = lower_triangle_cells(s.p.rows);
    for (int t = threadIdx.x; t < n_cells; t += blockDim.x) {
        const tri_cell c = lower_triangle_cell(t, s.p.rows);
        symmetric_store(s, c, cell_partial(s, c, 0, 1));
    }
}
// [end]

template <typename T>
__device__ void block_scope_warp_per_output_symmetric(const product_stage<T> &s)
{
    const int n_cells = lower_triangle_cells(s.p.rows);
    if (blockDim.x < 32) { /* no whole warp: each thread plays the 32 lanes of its cells */
        for (int t = threadIdx.x; t < n_cells; t += blockDim.x) {
            const tri_cell c = lower_triangle_cell(t, s.p.rows);
            T p[32];
#pragma unroll
            for (int lane = 0; lane < 32; lane++)
                p[lane] = cell_partial(s, c, lane, 32);
            symmetric_store(s, c, tree32_in_thread(p));
        }
        return;
    }
    const int warps = blockDim.x / 32; /* whole warps only, as in block_scope_warp_per_output */
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (warp >= warps)
        return;
    for (int t = warp; t < n_cells; t += warps) { /* warp-uniform */
        const tri_cell c = lower_triangle_cell(t, s.p.rows);
        const T sum = warp_tree_sum(cell_partial(s, c, lane, 32));
        if (lane == 0)
            symmetric_store(s, c, sum);
    }
}

#endif
