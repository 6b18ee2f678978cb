/* access_pattern.h - section 1.10: which element each thread of a copy
 * reads, written once and compiled twice: by nvcc inside the kernels of
 * gpu/coalescing.cu, and by gcc for coalescing.c, which works out from the
 * same functions which 32-byte sectors every warp touches. */
#ifndef CH01_ACCESS_PATTERN_H
#define CH01_ACCESS_PATTERN_H

// [listing host-device-macro]
/* nvcc compiles a __host__ __device__ function twice, once for the CPU and
 * once for the GPU; a C compiler knows neither word, so it gets a plain
 * static inline function. */
#ifdef __CUDACC__
#define ACCESS_HD __host__ __device__ static inline
#else
#define ACCESS_HD static inline
#endif
// [end]

#define COPY_ROW_FLOATS 1024 /* the matrix of the 2-D copies: rows of 1024 floats (4 KiB) */
#define COPY_BLOCK_X 32      /* its blocks: dim3(32, 8), one warp per row of the block */
#define COPY_BLOCK_Y 8
#define SECTOR_BYTES 32 /* the unit in which L1 and L2 fetch from memory */

/* The 1-D gathers: out[t] = in[element], one thread t per element. */
typedef enum { GATHER_COALESCED, GATHER_STRIDED, GATHER_RANDOM } gather_kind;

// [listing gather-element]
/* The element that thread t of a 1-D copy of n floats reads.
 *   coalesced: t itself; the 32 lanes of a warp read 32 neighbours.
 *   strided:   the array read as `stride` columns, column by column; for
 *              `stride` dividing n this visits every element once, and
 *              neighbouring lanes are `stride` floats apart.
 *   random:    perm[t], a random permutation of 0 .. n-1. */
ACCESS_HD long long gather_element(gather_kind kind, long long t, long long n, int stride, const unsigned *perm)
{
    if (kind == GATHER_STRIDED) {
        const long long per_column = n / stride;
        return (t % per_column) * stride + t / per_column;
    }
    if (kind == GATHER_RANDOM)
        return perm[t];
    return t;
}
// [end]

// [listing copy-2d-element]
/* The element that thread (tx, ty) of block (bx, by) copies in the 2-D copy
 * of a height x width matrix stored row by row (element = row * width +
 * col), or -1 when the thread is past the edge. x numbers columns: the 32
 * lanes of a warp (consecutive tx) copy 32 neighbours of one row.
 * transposed is the trap: x numbers rows, so the lanes of a warp copy one
 * column, each lane `width` floats from the next. The copy is as right as
 * before; only the addresses each warp touches differ. */
ACCESS_HD long long copy_2d_element(int transposed, int bx, int by, int tx, int ty, int bdx, int bdy, int width,
                                    int height)
{
    const int x = bx * bdx + tx, y = by * bdy + ty;
    const int row = transposed ? x : y;
    const int col = transposed ? y : x;
    if (row >= height || col >= width)
        return -1;
    return (long long)row * width + col;
}
// [end]

#endif
