/* cpu_reduce.c - the canonical reduce of lanes_reduce.c (same bits), with
 * the lanes in SIMD registers and the rows split among threads.
 *
 * Written with GCC vector extensions (gcc and clang): `vd8` is 8 doubles,
 * which the compiler maps onto whatever the target has -- one AVX-512
 * register, two AVX2 registers or four SSE2 ones -- so the same source is
 * vectorised at any -O level and on any x86-64 or Arm machine, with no
 * intrinsics and no reliance on the auto-vectoriser's cost model. Every
 * vector addition is eight independent IEEE additions of the operands the
 * expression names; without FMA contraction (-ffp-contract=off) and with
 * nothing reassociated, the bits cannot depend on the instruction set.
 *
 * Lanes are handled BLOCK_LANES at a time (a column block). For each block,
 * a tile of 2^p consecutive rows (8 rows; 4 rows of 32 lanes) gives
 * every lane its complete subtree of 2^p elements (in registers), and the
 * tiles enter one binary counter per lane, all lanes side by side in level[]
 * (a few KiB, so it stays in the L1 cache). The last rows that do not fill a tile are pushed lane by lane. */
#include "cpu_reduce.h"

#include "cpu_threads.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define BLOCK_LANES 128 /* lanes reduced together: 1 KiB per counter level */
#define LEVELS 64       /* a counter level per bit of the row count */

typedef double vd8 __attribute__((vector_size(64)));
/* gcc and clang note that a 64-byte vector passed by value would use another
 * calling convention with AVX-512 than without; every function that takes
 * one is static and inlined, so no call crosses that boundary. */
#pragma GCC diagnostic ignored "-Wpsabi"

static inline vd8 load8(const double *p)
{
    vd8 v;
    memcpy(&v, p, sizeof v); /* an unaligned vector load */
    return v;
}

static inline void store8(double *p, vd8 v)
{
    memcpy(p, &v, sizeof v);
}

static inline unsigned trailing_ones(uint64_t v)
{
    return v == UINT64_MAX ? 64u : (unsigned)__builtin_ctzll(~v);
}

/* ---- one lane's binary counter (the rule of pairwise.c, written again so
 * that this route shares no code with the one it is checked against) ---- */
typedef struct {
    double tree[LEVELS];
    uint64_t count;
} lane_counter;

static void lane_push(lane_counter *c, double v)
{
    unsigned k = 0;
    for (uint64_t bits = c->count; bits & 1; bits >>= 1, k++)
        v = c->tree[k] + v; /* the older subtree is the left operand */
    c->tree[k] = v;
    c->count++;
}

static double lane_value(const lane_counter *c)
{
    if (c->count == 0)
        return 0.0;
    unsigned k = (unsigned)__builtin_ctzll(c->count);
    double acc = c->tree[k];
    for (k++; k < LEVELS; k++)
        if (c->count >> k & 1)
            acc = c->tree[k] + acc; /* smallest subtree first: T_big + (... + T_small) */
    return acc;
}

// [listing simd-tile]
/* The complete subtree of `rows` (1, 2, 4 or 8) consecutive rows for eight
 * neighbouring lanes: ((r0 + r1) + (r2 + r3)) + ((r4 + r5) + (r6 + r7)),
 * each + one vector addition of eight lanes. */
static inline vd8 tile_root8(const double *p, size_t stride, unsigned rows)
{
    if (rows == 1)
        return load8(p);
    const vd8 s01 = load8(p) + load8(p + stride);
    if (rows == 2)
        return s01;
    const vd8 s23 = load8(p + 2 * stride) + load8(p + 3 * stride);
    if (rows == 4)
        return s01 + s23;
    const vd8 s45 = load8(p + 4 * stride) + load8(p + 5 * stride);
    const vd8 s67 = load8(p + 6 * stride) + load8(p + 7 * stride);
    return (s01 + s23) + (s45 + s67);
}

/* Feeds `tiles` tiles of 2^rows_log2 rows into the counters of `width`
 * lanes (a multiple of 8): level[k * BLOCK_LANES + lane] is the lane's
 * complete subtree of 2^k elements. The tile's root stays in a register
 * while it merges with the equal-sized subtrees below it. */
static inline void push_tiles8(const double *restrict x, size_t stride, size_t width, unsigned rows_log2, size_t tiles,
                               double *restrict level)
{
    const unsigned rows = 1u << rows_log2;
    for (size_t t = 0; t < tiles; t++) {
        const double *row = x + t * rows * stride;
        const unsigned top = rows_log2 + trailing_ones(t); /* where the merged subtree lands */
        for (size_t s = 0; s < width; s += 8) {
            vd8 carry = tile_root8(row + s, stride, rows);
            for (unsigned k = rows_log2; k < top; k++)
                carry = load8(level + k * BLOCK_LANES + s) + carry;
            store8(level + top * BLOCK_LANES + s, carry);
        }
    }
}
// [end]

/* The same for lanes that do not make a whole vector (width < 8). */
static void push_tiles1(const double *x, size_t stride, size_t width, unsigned rows_log2, size_t tiles, double *level)
{
    const size_t rows = (size_t)1 << rows_log2;
    for (size_t lane = 0; lane < width; lane++)
        for (size_t t = 0; t < tiles; t++) {
            lane_counter tile;
            tile.count = 0;
            for (size_t i = 0; i < rows; i++)
                lane_push(&tile, x[(t * rows + i) * stride + lane]);
            double carry = tile.tree[rows_log2];
            const unsigned top = rows_log2 + trailing_ones(t);
            for (unsigned k = rows_log2; k < top; k++)
                carry = level[k * BLOCK_LANES + lane] + carry;
            level[top * BLOCK_LANES + lane] = carry;
        }
}

/* Tiles of 2^TILE_ROWS_LOG2 = 8 rows: a tile's roots enter the counters once
 * per tile, so the counter traffic is an eighth of the data's. Blocks of 32
 * to 63 lanes, whose whole vectors push_tiles_any takes as 32, use tiles of
 * 2^TILE_ROWS_LOG2_32 = 4 rows (1 KiB). */
#define TILE_ROWS_LOG2 3 /* 0 to 3: tile_root8 takes 1, 2, 4 or 8 rows */
#define TILE_ROWS_LOG2_32 2
static unsigned tile_rows_log2(size_t width)
{
    return width >= 32 && width < 64 ? TILE_ROWS_LOG2_32 : TILE_ROWS_LOG2;
}

/* Constant widths let the compiler unroll the loop over vectors. */
static void push_tiles_any(const double *x, size_t stride, size_t width, unsigned rows_log2, size_t tiles,
                           double *level)
{
    switch (width) {
    case 8: push_tiles8(x, stride, 8, TILE_ROWS_LOG2, tiles, level); break;
    case 16: push_tiles8(x, stride, 16, TILE_ROWS_LOG2, tiles, level); break;
    case 32: push_tiles8(x, stride, 32, TILE_ROWS_LOG2_32, tiles, level); break;
    case 64: push_tiles8(x, stride, 64, TILE_ROWS_LOG2, tiles, level); break;
    case 128: push_tiles8(x, stride, 128, TILE_ROWS_LOG2, tiles, level); break;
    default: push_tiles8(x, stride, width, rows_log2, tiles, level); break;
    }
}

/* out[lane] = the lane's pairwise value, from its counter (done rows in
 * level[]) and the rows after them: up to rows (full rows), plus one more
 * element for lanes below `extra` (the partial last row). */
static void finish_lanes(const double *x, size_t stride, size_t width, size_t rows, size_t extra, uint64_t done,
                         const double *level, double *out)
{
    if (done != 0 && done == rows && extra == 0) { /* nothing left over: fold the live subtrees, all lanes at once */
        unsigned k = (unsigned)__builtin_ctzll(done);
        for (size_t lane = 0; lane < width; lane++)
            out[lane] = level[k * BLOCK_LANES + lane];
        for (k++; k < LEVELS; k++)
            if (done >> k & 1)
                for (size_t lane = 0; lane < width; lane++)
                    out[lane] = level[k * BLOCK_LANES + lane] + out[lane];
        return;
    }
    for (size_t lane = 0; lane < width; lane++) {
        lane_counter c;
        c.count = done;
        for (unsigned k = 0; k < LEVELS; k++)
            if (done >> k & 1)
                c.tree[k] = level[k * BLOCK_LANES + lane];
        for (size_t i = done; i < rows; i++)
            lane_push(&c, x[i * stride + lane]);
        if (lane < extra)
            lane_push(&c, x[rows * stride + lane]);
        out[lane] = lane_value(&c);
    }
}

/* The pairwise values of `width` <= BLOCK_LANES lanes of a matrix with
 * `rows` full rows of `stride` elements and `extra` elements after them. */
static void block_values(const double *x, size_t stride, size_t width, size_t rows, size_t extra, double *out)
{
    double level[LEVELS * BLOCK_LANES];
    const unsigned rows_log2 = tile_rows_log2(width);
    const size_t tiles = rows >> rows_log2, whole = width & ~(size_t)7;
    push_tiles_any(x, stride, whole, rows_log2, tiles, level);
    if (whole < width)
        push_tiles1(x + whole, stride, width - whole, rows_log2, tiles, level + whole);
    finish_lanes(x, stride, width, rows, extra, (uint64_t)tiles << rows_log2, level, out);
}

/* out[lane] for every lane that holds an element of x[0..n-1]. */
static void lane_values(const double *x, size_t n, size_t lanes, double *out)
{
    const size_t rows = n / lanes, extra = n % lanes, used = rows ? lanes : extra;
    for (size_t first = 0; first < used; first += BLOCK_LANES) {
        const size_t width = used - first < BLOCK_LANES ? used - first : BLOCK_LANES;
        const size_t block_extra = extra <= first ? 0 : extra - first < width ? extra - first : width;
        block_values(x + first, lanes, width, rows, block_extra, out + first);
    }
}

/* The canonical value without init, on the calling thread: the lane values
 * of each column block enter the across-lanes counter as they come. */
static double reduce_one_thread(const double *x, size_t n, size_t lanes)
{
    const size_t rows = n / lanes, extra = n % lanes, used = rows ? lanes : extra;
    lane_counter across;
    across.count = 0;
    double out[BLOCK_LANES];
    for (size_t first = 0; first < used; first += BLOCK_LANES) {
        const size_t width = used - first < BLOCK_LANES ? used - first : BLOCK_LANES;
        const size_t block_extra = extra <= first ? 0 : extra - first < width ? extra - first : width;
        block_values(x + first, lanes, width, rows, block_extra, out);
        for (size_t lane = 0; lane < width; lane++)
            lane_push(&across, out[lane]);
    }
    return lane_value(&across);
}

// [listing thread-chunks]
/* Chunk q is rows [q * 2^c, (q + 1) * 2^c): an aligned subtree of 2^c
 * elements in every lane (the last chunk may be short). Its lane values
 * go to row q of vals; which thread computes it changes nothing. */
typedef struct {
    const double *x;
    size_t n, lanes, chunk_elems, chunks;
    double *vals;
} chunk_job;

static void reduce_chunks(void *p, unsigned t, unsigned threads)
{
    const chunk_job *job = p;
    for (size_t q = job->chunks * t / threads; q < job->chunks * (t + 1) / threads; q++) {
        const size_t first = q * job->chunk_elems;
        const size_t len = job->n - first < job->chunk_elems ? job->n - first : job->chunk_elems;
        lane_values(job->x + first, len, job->lanes, job->vals + q * job->lanes);
    }
}

/* The chunks' lane values, row q = chunk q, are an array of the same
 * shape: L lanes, one element per chunk. Its canonical reduce with the
 * same L is the canonical reduce of x, by the chunk lemma in each lane. */
static double reduce_threads(const double *x, size_t n, size_t lanes, unsigned threads, unsigned c)
{
    const size_t rows = n / lanes + (n % lanes != 0);
    const size_t chunks = (rows >> c) + ((rows & (((size_t)1 << c) - 1)) != 0);
    double *vals = threads > 1 && chunks > 1 ? malloc(chunks * lanes * sizeof *vals) : NULL;
    if (vals == NULL) /* one thread, one chunk, or no memory: the same value directly */
        return reduce_one_thread(x, n, lanes);
    chunk_job job = { x, n, lanes, lanes << c, chunks, vals };
    threads_run(threads < chunks ? threads : (unsigned)chunks, reduce_chunks, &job);
    const size_t last = n - (chunks - 1) * job.chunk_elems; /* elements of the last chunk */
    const double r = reduce_one_thread(vals, (chunks - 1) * lanes + (last < lanes ? last : lanes), lanes);
    free(vals);
    return r;
}
// [end]

double canonical_reduce_chunked(const double *x, size_t n, unsigned lanes, int has_init, double init, unsigned threads,
                                unsigned chunk_rows_log2)
{
    const size_t l = lanes ? lanes : 1;
    const double r = reduce_threads(x, n, l, threads, chunk_rows_log2 < 40 ? chunk_rows_log2 : 40);
    if (!has_init)
        return r;
    return n == 0 ? init : init + r;
}

double canonical_reduce_threads(const double *x, size_t n, unsigned lanes, int has_init, double init, unsigned threads)
{
    unsigned log2_lanes = 0; /* chunks of about 2^16 elements, at least 8 rows */
    while (log2_lanes < 13 && ((size_t)1 << log2_lanes) < lanes)
        log2_lanes++;
    return canonical_reduce_chunked(x, n, lanes, has_init, init, threads, 16 - log2_lanes);
}
