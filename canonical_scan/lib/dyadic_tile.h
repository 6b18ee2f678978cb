/* dyadic_tile.h - the arithmetic of the single-pass block_dyadic scan: which
 * complete aligned subtree each output needs, and where the kernel keeps it.
 *
 * Shared word for word by the CUDA kernel (gpu_scan.cu) and its CPU
 * emulation (gpu_emulation.c), so the tests on a machine without a GPU check
 * the very functions the GPU runs.
 *
 * The one fact everything rests on: the pairwise value of the first L slots
 * of an aligned array is the fold, smallest first, of the complete subtrees
 * named by the 1 bits of L -- bit K names the subtree of 2^K slots that ends
 * where the next smaller ones begin, node(K, (L >> K) - 1):
 *     FOLD(L) = T_big + (... + (T_mid + T_small)).
 * Every scan output is FOLD of something (see dyadic_thread_scan).
 *
 * Three places hold the subtrees a tile needs:
 *   K <  LOG_ITEMS                 the thread's own registers (its chunk)
 *   LOG_ITEMS <= K < LOG_TILE      the tile's pyramid in shared memory
 *   K >= LOG_TILE                  subtrees of whole tiles, published by
 *                                  earlier tiles and looked back for. */
#ifndef CANONICAL_SCAN_DYADIC_TILE_H
#define CANONICAL_SCAN_DYADIC_TILE_H

#include "scan_tuning.h"
#include "virtual_blocks.h"

/* The tile's shape follows from the two knobs of scan_tuning.h. */
#define DYADIC_ITEMS (1 << DYADIC_LOG_ITEMS)
#define DYADIC_THREADS (1 << DYADIC_LOG_THREADS)
#define DYADIC_LOG_TILE (DYADIC_LOG_ITEMS + DYADIC_LOG_THREADS)
#define DYADIC_TILE (1 << DYADIC_LOG_TILE)
/* The pyramid over the tile's chunk roots: levels 0 .. LOG_THREADS. */
#define DYADIC_PYRAMID (2 * DYADIC_THREADS - 1)
/* Tile indices are below 2^32, so a tile looks back at most 32 levels. */
#define DYADIC_TILE_LEVELS 32

/* Where level `level` of the chunk pyramid starts (level 0: the chunk roots). */
CANON_FN unsigned pyramid_offset(unsigned level)
{
    return 2 * DYADIC_THREADS - (2 * DYADIC_THREADS >> level);
}

/* Where level `level` of the ITEMS-slot register pyramid starts. */
CANON_FN unsigned chunk_offset(unsigned level)
{
    return 2 * DYADIC_ITEMS - (2 * DYADIC_ITEMS >> level);
}

/* A scan's layout: the virtual view, P = 2^log_p slots per block (P >= B and
 * P >= ITEMS so that no thread's chunk spans two blocks), and the tiles. */
typedef struct {
    virtual_view view;
    uint64_t ntiles;
} dyadic_layout;

/* block == 0 (or block >= n) is iterated_pairwise: one block holding
 * everything, so no carry ever applies. */
CANON_FN dyadic_layout dyadic_plan_layout(const double *x, uint64_t n, uint64_t block)
{
    dyadic_layout g;
    unsigned log_p;
    if (block == 0 || block >= n) {
        log_p = ceil_log2_u64(n > 1 ? n : 1);
        if (log_p < DYADIC_LOG_ITEMS)
            log_p = DYADIC_LOG_ITEMS;
        g.view = virtual_blocks(x, n, UINT64_C(1) << log_p, log_p);
    } else {
        log_p = ceil_log2_u64(block);
        if (log_p < DYADIC_LOG_ITEMS)
            log_p = DYADIC_LOG_ITEMS;
        g.view = virtual_blocks(x, n, block, log_p);
    }
    g.ntiles = (g.view.nvirt + DYADIC_TILE - 1) >> DYADIC_LOG_TILE;
    return g;
}

/* The look-back window: the 32 tiles of e's aligned group of 32 (one warp
 * lane per tile; LOOKBACK_LOG_WINDOW in scan_tuning.h). The tile-level
 * subtrees below level 5 that tile e needs, and those it completes, all lie
 * in its window, so it builds them itself from the published tile ROOTS by
 * a balanced tree over the window -- the same additions, left child + right
 * child, that define every node. Only roots (level 0) and nodes of level
 * >= 5 are published and looked for. */
#define LOOKBACK_WINDOW (1u << LOOKBACK_LOG_WINDOW)

/* In the window tree of tile e (r = e mod 32, the tile's own lane), the
 * level-m node named by bit m of r -- it ends just before the smaller ones
 * of r -- starts at this lane ... */
CANON_FN unsigned window_needed_lane(unsigned r, unsigned m)
{
    return ((r >> m) - 1) << m;
}

/* ... and the level-m node that ends with tile e itself (m <= trailing
 * ones of e) starts at this one. */
CANON_FN unsigned window_own_lane(unsigned r, unsigned m)
{
    return r + 1 - (1u << m);
}

/* Slot of node (tile level k, index i) in the look-back arrays: level k
 * holds tpad >> k nodes (tpad: tile count rounded up to a power of two). */
CANON_FN uint64_t lookback_slot(uint64_t tpad, unsigned k, uint64_t i)
{
    return 2 * tpad - (2 * tpad >> k) + i;
}

/* Number of trailing 1 bits of e: tile e completes the tile-level subtrees
 * of levels 0 .. z that end with it (e + 1 is divisible by 2^z). */
CANON_FN unsigned trailing_ones_u64(uint64_t e)
{
    unsigned z = 0;
    while (e & 1) {
        e >>= 1;
        z++;
    }
    return z;
}

CANON_FN unsigned bit_length_u64(uint64_t v)
{
    unsigned b = 0;
    while (v) {
        v >>= 1;
        b++;
    }
    return b;
}

/* What one tile knows once its look-back is done. */
typedef struct {
    const double *pyramid; /* DYADIC_PYRAMID values: this tile's chunk pyramid */
    const double *looked;  /* looked[k]: the tile-level node named by bit k of e */
    double top;            /* the tile-level node of level z that ends at this tile */
    unsigned z;            /* trailing ones of e */
    uint64_t e;            /* the tile's index */
} dyadic_tile;

// [listing dyadic-node]
/* The subtree of 2^K slots named by bit K of L (K >= LOG_ITEMS): the one
 * that ends at slot (L >> K << K) - 1. Callers only ask for subtrees that lie
 * in this tile or end before it. */
CANON_FN double dyadic_node(const dyadic_tile *t, unsigned K, uint64_t L)
{
    if (K < DYADIC_LOG_TILE) {                                 /* inside the tile: its pyramid */
        const uint64_t first = (t->e << DYADIC_LOG_TILE) >> K; /* tile start, in level-K nodes */
        return t->pyramid[pyramid_offset(K - DYADIC_LOG_ITEMS) + ((L >> K) - 1 - first)];
    }
    const unsigned k = K - DYADIC_LOG_TILE; /* whole tiles: published ones */
    if ((L >> DYADIC_LOG_TILE) == t->e + 1 && k == t->z)
        return t->top;   /* the subtree that ends with this very tile */
    return t->looked[k]; /* the other bits of e + 1 above z, or the bits of e */
}

/* Folds into acc, smallest first, the subtrees named by the bits K of L with
 * lo <= K < hi: acc = T + acc for each (T alone when there is no acc yet). */
CANON_FN double dyadic_fold(const dyadic_tile *t, uint64_t L, unsigned lo, unsigned hi, int has_acc, double acc)
{
    const unsigned top = bit_length_u64(L);
    for (unsigned K = lo; K < hi && K < top; K++) {
        if ((L >> K) & 1) {
            const double node = dyadic_node(t, K, L);
            acc = has_acc ? node + acc : node;
            has_acc = 1;
        }
    }
    return acc;
}
// [end]

/* D_b for block b > 0: the pairwise value of the block roots r_0..r_{b-1},
 * i.e. FOLD(b * P) -- its bits are all at levels >= log_p. */
CANON_FN double dyadic_block_carry(const dyadic_tile *t, uint64_t b, unsigned log_p)
{
    return dyadic_fold(t, b << log_p, log_p, 64, 0, 0.0);
}

// [listing dyadic-chunk-inner]
/* A thread's chunk of ITEMS slots as a balanced tree in registers: level k
 * starts at node[chunk_offset(k)], the root is node[2 * ITEMS - 2]. */
CANON_FN void dyadic_chunk_tree(const double a[DYADIC_ITEMS], double node[2 * DYADIC_ITEMS - 1])
{
    CANON_UNROLL
    for (int i = 0; i < DYADIC_ITEMS; i++)
        node[i] = a[i];
    /* Levels 1 .. LOG_ITEMS, one after the other: with this layout the
     * children of node ITEMS + i are nodes 2i and 2i + 1. */
    CANON_UNROLL
    for (int i = 0; i < DYADIC_ITEMS - 1; i++)
        node[DYADIC_ITEMS + i] = node[2 * i] + node[2 * i + 1];
}

/* The chunk's own prefixes: acc[u] (u < ITEMS - 1) folds the chunk's
 * subtrees named by the bits of u + 1, smallest first. The unrolled loops
 * make every index a constant, so on the GPU it all stays in registers. */
CANON_FN void dyadic_chunk_inner(const double node[2 * DYADIC_ITEMS - 1], double acc[DYADIC_ITEMS - 1])
{
    CANON_UNROLL
    for (int u = 0; u < DYADIC_ITEMS - 1; u++) {
        const int m = u + 1;
        int has = 0;
        double v = 0.0;
        CANON_UNROLL
        for (int k = 0; k < DYADIC_LOG_ITEMS; k++) {
            if ((m >> k) & 1) {
                const double nd = node[chunk_offset(k) + (m >> k) - 1];
                v = has ? nd + v : nd;
                has = 1;
            }
        }
        acc[u] = v;
    }
}
// [end]

/* The root of a thread's chunk of ITEMS slots: a balanced tree. */
CANON_FN double dyadic_chunk_root(const double a[DYADIC_ITEMS])
{
    double node[2 * DYADIC_ITEMS - 1];
    dyadic_chunk_tree(a, node);
    return node[2 * DYADIC_ITEMS - 2];
}

// [listing dyadic-thread-scan]
/* The ITEMS inclusive scan values (init not yet attached) of the thread that
 * owns slots vc .. vc+ITEMS-1 of tile t; blocks hold `block` real elements in
 * P = 2^log_p slots. carry[i] is D_b of the i-th block that starts in this
 * tile (b_first is the block of the tile's first slot). For slot v, element
 * j of block b, with L = v + 1:
 *   b == 0, or j == block-1 (block-final):  S = FOLD(L)  (P_0(j), or D_{b+1})
 *   otherwise:          S = D_b + (FOLD of the bits of L below log_p)
 *                                           (= D_b + P_b(j): the carry joins as a peer)
 * FOLD(L) for the block-final j: the bits of L above log_p are those of b*P,
 * and folding their subtrees around P_b(j) = r_b is exactly D_{b+1}.
 *
 * In two parts, because FOLD goes smallest first: the part of every fold
 * that lies inside the tile (the chunk, then the pyramid) needs nothing from
 * other tiles, so the kernel computes it BEFORE its look-back; the looked-back
 * subtrees of whole tiles wrap around it afterwards. */
CANON_FN void dyadic_thread_local(const double *pyramid, uint64_t e, unsigned log_p, uint64_t vc,
                                  const double a[DYADIC_ITEMS], double acc[DYADIC_ITEMS - 1])
{
    /* the chunk's own subtrees, levels 0 .. LOG_ITEMS, in registers */
    double node[2 * DYADIC_ITEMS - 1];
    dyadic_chunk_tree(a, node);
    /* slots u < ITEMS-1: first the bits of u + 1 (inside the chunk) ... */
    dyadic_chunk_inner(node, acc);
    /* ... then the bits of vc from LOG_ITEMS up to the block or the tile: the
     * same subtrees for all of them, each wrapped around every accumulator. */
    const dyadic_tile in_tile = { pyramid, NULL, 0.0, 0, e };
    const unsigned top = bit_length_u64(vc);
    for (unsigned K = DYADIC_LOG_ITEMS; K < log_p && K < top && K < DYADIC_LOG_TILE; K++) {
        if ((vc >> K) & 1) {
            const double nd = dyadic_node(&in_tile, K, vc + 1);
            CANON_UNROLL
            for (int u = 0; u < DYADIC_ITEMS - 1; u++)
                acc[u] = nd + acc[u];
        }
    }
}

CANON_FN void dyadic_thread_finish(const dyadic_tile *t, uint64_t block, unsigned log_p, const double *carry,
                                   uint64_t b_first, uint64_t vc, double acc[DYADIC_ITEMS - 1], double s[DYADIC_ITEMS])
{
    const uint64_t p_mask = (UINT64_C(1) << log_p) - 1;
    const uint64_t b = vc >> log_p;
    const double d_b = b > 0 ? carry[b - b_first] : 0.0;
    /* the chunk lies in one block (P >= ITEMS); is that block's final
     * element one of its first ITEMS-1 slots? (only when P > block) */
    const uint64_t j_first = vc & p_mask;
    const int final_u = j_first < block && block - 1 - j_first < DYADIC_ITEMS - 1 ? (int)(block - 1 - j_first) : -1;
    /* the bits of vc at tile level and above, below the block */
    const unsigned top = bit_length_u64(vc);
    for (unsigned K = DYADIC_LOG_TILE; K < log_p && K < top; K++) {
        if ((vc >> K) & 1) {
            const double nd = dyadic_node(t, K, vc + 1);
            CANON_UNROLL
            for (int u = 0; u < DYADIC_ITEMS - 1; u++)
                acc[u] = nd + acc[u];
        }
    }
    double final_acc = 0.0;
    CANON_UNROLL
    for (int u = 0; u < DYADIC_ITEMS - 1; u++)
        if (u == final_u)
            final_acc = acc[u];
    /* D_{b+1}: the block subtrees of b*P folded around r_b */
    const double block_final = final_u >= 0 ? dyadic_fold(t, vc + (uint64_t)final_u + 1, log_p, 64, 1, final_acc) : 0.0;
    /* every index a constant (no s[final_u] =): s stays in registers on the GPU */
    CANON_UNROLL
    for (int u = 0; u < DYADIC_ITEMS - 1; u++)
        s[u] = u == final_u ? block_final : b > 0 ? d_b + acc[u] : acc[u];

    /* the last slot: L = vc + ITEMS has no bits below LOG_ITEMS */
    const uint64_t L = vc + DYADIC_ITEMS;
    if (((L - block) & p_mask) == 0) { /* block-final: D_{b+1} */
        s[DYADIC_ITEMS - 1] = dyadic_fold(t, L, DYADIC_LOG_ITEMS, 64, 0, 0.0);
    } else {
        const double p = dyadic_fold(t, L, DYADIC_LOG_ITEMS, log_p, 0, 0.0);
        s[DYADIC_ITEMS - 1] = b > 0 ? d_b + p : p;
    }
}

/* Both parts in one call (the CPU emulation, which has no look-back to wait for). */
CANON_FN void dyadic_thread_scan(const dyadic_tile *t, uint64_t block, unsigned log_p, const double *carry,
                                 uint64_t b_first, uint64_t vc, const double a[DYADIC_ITEMS], double s[DYADIC_ITEMS])
{
    double acc[DYADIC_ITEMS - 1];
    dyadic_thread_local(t->pyramid, t->e, log_p, vc, a, acc);
    dyadic_thread_finish(t, block, log_p, carry, b_first, vc, acc, s);
}
// [end]

/* ---- Blocks no longer than a tile (log_p <= LOG_TILE), block_dyadic<256>
 * among them: every output is either D_b + P_b(j) or a block-final value,
 * and P_b(j) needs nothing outside the tile. So a thread computes its ITEMS
 * prefixes while warp 0 is still looking back, and only the per-block
 * carries wait for the look-back. ---- */

// [listing dyadic-chunk-prefix]
/* P_b(j) for the ITEMS slots of chunk c (its index in the tile) of a block
 * of P = 2^log_p slots: the chunk's own subtrees (registers), wrapped in the
 * subtrees named by the bits of c below log_p - LOG_ITEMS (the pyramid).
 * The last slot needs the bits of c + 1 instead; when there are none, that
 * slot closes its block of slots and its prefix is left 0: it is padding,
 * or the block-final element, whose value comes from the carries. */
CANON_FN void dyadic_chunk_prefix(const double *pyramid, unsigned log_p, unsigned c, const double a[DYADIC_ITEMS],
                                  double prefix[DYADIC_ITEMS])
{
    double node[2 * DYADIC_ITEMS - 1];
    dyadic_chunk_tree(a, node);
    dyadic_chunk_inner(node, prefix); /* slots 0 .. ITEMS-2, inside the chunk */
    /* BEGIN SOLUTION */
    const unsigned levels = log_p - DYADIC_LOG_ITEMS; /* pyramid levels inside a block */
    const unsigned c1 = c + 1;
    int has_last = 0;
    double last = 0.0;
    CANON_UNROLL
    for (unsigned m = 0; m < DYADIC_LOG_THREADS; m++) {
        if (m < levels && ((c >> m) & 1)) { /* the same subtree around every slot */
            const double nd = pyramid[pyramid_offset(m) + (c >> m) - 1];
            CANON_UNROLL
            for (int u = 0; u < DYADIC_ITEMS - 1; u++)
                prefix[u] = nd + prefix[u];
        }
        if (m < levels && ((c1 >> m) & 1)) {
            const double nd = pyramid[pyramid_offset(m) + (c1 >> m) - 1];
            last = has_last ? nd + last : nd;
            has_last = 1;
        }
    }
    prefix[DYADIC_ITEMS - 1] = last;
    /* STUDENT: wrap the pyramid subtrees named by the bits m < log_p - LOG_ITEMS of c around slots 0 .. ITEMS-2, smallest first; the last slot is the fold of those named by c + 1.
    // The level-m node that ends before chunk c is pyramid[pyramid_offset(m) + (c >> m) - 1] (book: "A single-pass scan that names its subtrees").
    (void)pyramid; (void)log_p; (void)c;
    prefix[DYADIC_ITEMS - 1] = 0.0;
    */
    /* END SOLUTION */
}
// [end]

// [listing dyadic-block-carries]
/* For the block that starts at slot `start` of tile t (log_p <= LOG_TILE):
 * D_b, the fold of the subtrees named by the bits of b * P (all at levels
 * >= log_p: the pyramid, then the tile-level nodes named by the bits of e),
 * and F_b, the same subtrees folded in the same order around the block's
 * root r_b -- the value of its block-final element, D_{b+1}. Returns 0 for
 * the very first block, which has no carry (F_0 = r_0). */
CANON_FN int dyadic_block_carries(const dyadic_tile *t, unsigned log_p, unsigned start, double *d_b, double *f_b)
{
    /* BEGIN SOLUTION */
    double d = 0.0, f = t->pyramid[pyramid_offset(log_p - DYADIC_LOG_ITEMS) + (start >> log_p)];
    int has = 0;
    CANON_NO_UNROLL
    for (unsigned K = log_p; K < DYADIC_LOG_TILE; K++) {
        if ((start >> K) & 1) {
            const double nd = t->pyramid[pyramid_offset(K - DYADIC_LOG_ITEMS) + (start >> K) - 1];
            d = has ? nd + d : nd;
            f = nd + f;
            has = 1;
        }
    }
    CANON_NO_UNROLL
    for (unsigned k = 0; k < DYADIC_TILE_LEVELS && (t->e >> k) != 0; k++) {
        if ((t->e >> k) & 1) {
            const double nd = t->looked[k];
            d = has ? nd + d : nd;
            f = nd + f;
            has = 1;
        }
    }
    *d_b = d;
    *f_b = f;
    return has;
    /* STUDENT: fold the subtrees named by the bits of b * P, smallest first: in-tile levels log_p .. LOG_TILE-1 (the pyramid), then looked[k] for each 1 bit k of t->e.
    // D_b folds them around nothing, F_b around the block's root (pyramid level log_p - LOG_ITEMS). Returns whether there was any subtree (book: the block carries).
    (void)t; (void)log_p; (void)start;
    *d_b = 0.0;
    *f_b = 0.0;
    return 0;
    */
    /* END SOLUTION */
}
// [end]

/* The output of slot u of a chunk whose first slot is j_first of its block
 * (log_p <= LOG_TILE): the block-final element (j == block - 1) takes F_b,
 * the others D_b + P_b(j), or P_b(j) alone in the very first block. */
CANON_FN double dyadic_combine(int has_carry, double d_b, double f_b, double prefix, unsigned j_first, unsigned u,
                               uint64_t block)
{
    if ((uint64_t)j_first + u + 1 == block)
        return f_b;
    return has_carry ? d_b + prefix : prefix;
}

#endif
