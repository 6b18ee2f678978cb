/* reduce_plan.h - the passes of the GPU canonical reduce, planned on the host
 * and shared by the kernels' driver (gpu_reduce.cu) and the CPU emulation
 * (gpu_emulation.c).
 *
 * The lemma behind the passes: cut a lane's sequence into aligned chunks of
 * S = 2^s elements (the last one may be short); the pairwise value of the
 * sequence is the pairwise value of the chunk values, where a chunk's value
 * is the pairwise value of its own elements. (The level-by-level rule never
 * pairs across an aligned power-of-two boundary, and a short last chunk
 * shrinks exactly as it would alone.) So a pass turns `rows` rows of L lanes
 * into ceil(rows / S) rows of chunk values, and passes repeat until one row
 * is left: the L lane values. A last stage does the same with L = 1 over
 * the lane values. Every chunk is a balanced tree over S slots, the missing
 * ones holding -0.0, the exact identity. */
#ifndef CANONICAL_SCAN_REDUCE_PLAN_H
#define CANONICAL_SCAN_REDUCE_PLAN_H

#include "scan_tuning.h" /* REDUCE_TILE, REDUCE_*_BATCHES, REDUCE_LONG_*, ... */
#include "virtual_blocks.h"

#include <stdint.h>

#define REDUCE_MAX_PASSES 48 /* room for any plan: every pass divides the rows by >= 2 */

typedef struct {
    unsigned lanes;         /* L of this pass */
    uint64_t count;         /* input slots (rows * L, the last row may be short) */
    uint64_t rows_per_tile; /* S: rows reduced to one value per lane */
    unsigned batches;       /* fast kernels: 8192-element batches per tile */
    uint64_t tiles;         /* output rows */
    int fast;               /* 1: the vectorised kernel, 0: the generic one */
} reduce_pass;

typedef struct {
    int npasses;
    reduce_pass pass[REDUCE_MAX_PASSES];
} reduce_plan_t;

/* The fast kernels take L = 1, 2, 4, ..., 512 on an identity, 16-byte
 * aligned input: a tile of 8192 elements is then 8192 / L whole rows. */
static inline int reduce_lanes_fast(uint64_t lanes)
{
    return lanes >= 1 && lanes <= 512 && (lanes & (lanes - 1)) == 0;
}

/* 8192-element batches per tile of a fast first pass over `rows` rows of
 * L lanes (scan_tuning.h): long tiles when a by-rows pass has many of them. */
static inline unsigned reduce_first_pass_batches(uint64_t lanes, uint64_t rows)
{
    const uint64_t long_rows = REDUCE_TILE / lanes * REDUCE_LONG_BATCHES;
    if (lanes < REDUCE_ROWS_LANES)
        return REDUCE_WARP_BATCHES;
    if ((rows + long_rows - 1) / long_rows >= REDUCE_LONG_MIN_TILES)
        return REDUCE_LONG_BATCHES;
    return lanes >= REDUCE_WIDE_LANES ? REDUCE_WIDE_BATCHES : REDUCE_ROWS_BATCHES;
}

static inline void reduce_plan_add(reduce_plan_t *p, uint64_t lanes, uint64_t count, int fast)
{
    reduce_pass *s = &p->pass[p->npasses++];
    const uint64_t rows = (count + lanes - 1) / lanes;
    s->lanes = (unsigned)lanes;
    s->count = count;
    s->fast = fast && reduce_lanes_fast(lanes);
    s->batches = !s->fast || p->npasses > 1 ? 1 : reduce_first_pass_batches(lanes, rows);
    s->rows_per_tile = s->fast ? REDUCE_TILE / lanes * s->batches : REDUCE_GENERIC_ROWS;
    s->tiles = (rows + s->rows_per_tile - 1) / s->rows_per_tile;
}

/* nvirt >= 1 slots in `lanes` lanes; input_fast: the first input may use the
 * fast kernels (identity view, 16-byte aligned). Scratch outputs always may. */
static inline void reduce_plan_build(reduce_plan_t *p, uint64_t nvirt, uint64_t lanes, int input_fast)
{
    p->npasses = 0;
    const uint64_t used = lanes < nvirt ? lanes : nvirt; /* lanes that hold an element */
    uint64_t count = nvirt;
    if (used > 1) {
        while ((count + used - 1) / used > 1) {
            reduce_plan_add(p, used, count, p->npasses ? 1 : input_fast);
            count = p->pass[p->npasses - 1].tiles * used;
        }
        count = used;
    }
    do { /* the lane values (or the one lane) by the same rule, L = 1 */
        reduce_plan_add(p, 1, count, p->npasses ? 1 : input_fast);
        count = p->pass[p->npasses - 1].tiles;
    } while (count > 1);
}

// [listing block-dyadic-reduce-views]
/* The block_dyadic<B> reduce of x[0..n-1] (n >= 1, B >= 1), given a reduce of
 * views (the GPU's passes, or their emulation): f full blocks give D_f, the
 * pairwise value of the f block roots = the pairwise value of the f blocks
 * each padded to P slots; the leftover its own pairwise value; and D_f +
 * leftover when there are both. */
typedef double (*view_reducer)(virtual_view view, uint64_t lanes);

static inline double block_dyadic_reduce_views(const double *x, uint64_t n, uint64_t block, view_reducer reduce)
{
    const uint64_t full = n / block, leftover = n % block;
    double d_f = 0.0, rest = 0.0;
    if (full > 0) {
        const unsigned log_p = ceil_log2_u64(block);
        const virtual_view blocks = (UINT64_C(1) << log_p) == block ? virtual_identity(x, full * block)
                                                                    : virtual_blocks(x, full * block, block, log_p);
        d_f = reduce(blocks, 1);
    }
    if (leftover > 0)
        rest = reduce(virtual_identity(x + full * block, leftover), 1);
    return full == 0 ? rest : leftover == 0 ? d_f : d_f + rest;
}
// [end]

#endif
