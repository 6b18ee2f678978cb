/* lower_triangle.h - the cells (i, j), j <= i, of an n x n lower triangle
 * (diagonal included) numbered t = 0 .. n(n+1)/2 - 1 with one closed form,
 * so that a thread or warp given t finds its cell without a loop and
 * without testing and skipping the cells above the diagonal.
 *
 * The fold: lay the triangle's rows into a rectangle n wide. Rectangle row
 * r holds triangle row n-1-r (n-r cells) followed by triangle row r-1
 * (r cells): the long rows come down from n-1, the short ones up from 0,
 * and every rectangle row is full until they meet. For n odd the last
 * rectangle row, r = (n-1)/2, pairs rows (n-1)/2 and (n-3)/2; for n even
 * the last, r = n/2, holds row n/2-1 alone, and t ends there. So every cell
 * appears exactly once (tests/lower_triangle_check.c checks every n up to
 * 64, more on request). One unsigned division by n, a multiply and a
 * compare; with n a compile-time constant the division is a multiply-high
 * and a shift.
 *
 * Plain C, used by the kernels (nvcc) and by the host test (gcc). */
#ifndef REDUCED_OPS_LOWER_TRIANGLE_H
#define REDUCED_OPS_LOWER_TRIANGLE_H

#ifdef __CUDACC__
#define TRI_FN static __host__ __device__ inline
#else
#define TRI_FN static inline
#endif

typedef struct {
    int i, j;
} tri_cell;

/* n(n+1)/2: the cells of the n x n lower triangle, diagonal included. */
TRI_FN int lower_triangle_cells(int n)
{
    return n * (n + 1) / 2;
}

// [listing lower-triangle-cell]
/* Cell t of the n x n lower triangle, for 0 <= t < lower_triangle_cells(n). */
TRI_FN tri_cell lower_triangle_cell(int t, int n)
{
    const int r = (int)((unsigned)t / (unsigned)n), c = t - r * n;
    tri_cell cell;
    if (c < n - r) { /* the long row of rectangle row r */
        cell.i = n - 1 - r;
        cell.j = c;
    } else { /* then the short one */
        cell.i = r - 1;
        cell.j = c - (n - r);
    }
    return cell;
}
// [end]

#endif
