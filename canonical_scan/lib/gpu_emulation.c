/* gpu_emulation.c - see gpu_emulation.h. */
#include "gpu_emulation.h"
#include "dyadic_tile.h"
#include "alloc.h"
#include "exit_codes.h"
#include "reduce_plan.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The balanced tree over v[0..m-1] (m a power of two), in place. */
static double balanced_tree(double *v, uint64_t m)
{
    for (uint64_t width = m / 2; width >= 1; width /= 2)
        for (uint64_t i = 0; i < width; i++)
            v[i] = v[2 * i] + v[2 * i + 1];
    return v[0];
}

/* The mistake a trap run commits (emulate_commit_mistake); none by default. */
static emulation_mistake mistake = MISTAKE_NONE;

void emulate_commit_mistake(emulation_mistake m)
{
    mistake = m;
}

/* One pass of the reduce: for every tile t and lane l, the balanced tree
 * over rows t*S .. t*S+S-1 of lane l, missing slots -0.0. */
static double *emulate_pass(const reduce_pass *p, virtual_view in)
{
    const double pad = mistake == MISTAKE_PAD_WITH_ZERO ? 0.0 : PAD_IDENTITY;
    double *out = alloc_or_exit(p->tiles * p->lanes, sizeof *out, "a reduce pass");
    double *v = alloc_or_exit(p->rows_per_tile, sizeof *v, "a reduce tile");
    for (uint64_t t = 0; t < p->tiles; t++) {
        for (uint64_t l = 0; l < p->lanes; l++) {
            for (uint64_t j = 0; j < p->rows_per_tile; j++) {
                const uint64_t s = (t * p->rows_per_tile + j) * p->lanes + l;
                v[j] = s < p->count ? virtual_load(&in, s) : pad;
            }
            out[t * p->lanes + l] = balanced_tree(v, p->rows_per_tile);
        }
    }
    free(v);
    return out;
}

static double emulate_reduce_view_observed(virtual_view view, uint64_t lanes, reduce_pass_observer observe,
                                           void *context)
{
    reduce_plan_t plan;
    reduce_plan_build(&plan, view.nvirt, lanes, view.block == (UINT64_C(1) << 62));
    virtual_view in = view;
    double *prev = NULL;
    for (int i = 0; i < plan.npasses; i++) {
        double *out = emulate_pass(&plan.pass[i], in);
        if (observe)
            observe(i, plan.npasses, &plan.pass[i], out, context);
        free(prev);
        prev = out;
        in = virtual_identity(out, plan.pass[i].tiles * plan.pass[i].lanes);
    }
    const double r = prev[0];
    free(prev);
    return r;
}

static double emulate_reduce_view(virtual_view view, uint64_t lanes)
{
    return emulate_reduce_view_observed(view, lanes, NULL, NULL);
}

double emulate_canonical_reduce_observed(const double *x, size_t n, unsigned lanes, reduce_pass_observer observe,
                                         void *context)
{
    return n == 0 ? 0.0 : emulate_reduce_view_observed(virtual_identity(x, n), lanes, observe, context);
}

double emulate_canonical_reduce(const double *x, size_t n, unsigned lanes, int has_init, double init)
{
    if (n == 0)
        return has_init ? init : 0.0;
    const double r = emulate_reduce_view(virtual_identity(x, n), lanes);
    return has_init ? init + r : r;
}

double emulate_block_dyadic_reduce(const double *x, size_t n, unsigned block, int has_init, double init)
{
    if (n == 0)
        return has_init ? init : 0.0;
    const double r = block_dyadic_reduce_views(x, n, block, emulate_reduce_view);
    return has_init ? init + r : r;
}

/* The look-back arrays of the kernel; reading a node that was not published
 * yet is an emulation failure. Every publish and every read is reported to
 * the observer, if there is one (the look-back figure of the book). */
typedef struct {
    double *value;
    unsigned char *published;
    uint64_t tpad;
    lookback_observer observe;
    void *context;
} lookback_store;

static void publish(lookback_store *s, uint64_t tile, unsigned level, uint64_t index, double v)
{
    const uint64_t slot = lookback_slot(s->tpad, level, index);
    s->value[slot] = v;
    s->published[slot] = 1;
    if (s->observe) {
        const lookback_event ev = { tile, level, index, 1 };
        s->observe(&ev, s->context);
    }
}

static double await(const lookback_store *s, uint64_t tile, unsigned level, uint64_t index)
{
    const uint64_t slot = lookback_slot(s->tpad, level, index);
    if (!s->published[slot]) {
        fprintf(stderr, "error: emulation: tile-level node (%u, %llu) read before it was published\n", level,
                (unsigned long long)index);
        exit(EXIT_MISMATCH);
    }
    if (s->observe) {
        const lookback_event ev = { tile, level, index, 0 };
        s->observe(&ev, s->context);
    }
    return s->value[slot];
}

/* The kernel's pyramid over the chunk roots of one tile; returns its root. */
static double emulate_tile_pyramid(const double *slots, double pyramid[DYADIC_PYRAMID])
{
    for (unsigned c = 0; c < DYADIC_THREADS; c++)
        pyramid[c] = dyadic_chunk_root(slots + c * DYADIC_ITEMS);
    for (unsigned level = 1; level <= DYADIC_LOG_THREADS; level++)
        for (unsigned i = 0; i < (unsigned)(DYADIC_THREADS >> level); i++)
            pyramid[pyramid_offset(level) + i] = pyramid[pyramid_offset(level - 1) + 2 * i] +
                                                 pyramid[pyramid_offset(level - 1) + 2 * i + 1];
    return pyramid[DYADIC_PYRAMID - 1];
}

/* Tile e's look-back, in the order the kernel's warp 0 does it (one lane at
 * a time): publish the root, build the window tree from the published
 * roots, wait for the trailing-one neighbours of level >= 5 and publish
 * what ends here, then wait for the other bits of e. Fills looked[] and
 * returns the node of level z that ends at tile e. */
static double emulate_tile_lookback(lookback_store *store, uint64_t e, double root, double looked[DYADIC_TILE_LEVELS])
{
    publish(store, e, 0, e, root);
    for (unsigned k = 0; k < DYADIC_TILE_LEVELS; k++)
        looked[k] = NAN;
    const unsigned z = trailing_ones_u64(e);
    const unsigned r = (unsigned)(e & (LOOKBACK_WINDOW - 1));
    const unsigned z_window = z < LOOKBACK_LOG_WINDOW ? z : LOOKBACK_LOG_WINDOW;
    double window[LOOKBACK_WINDOW], node = NAN;
    for (unsigned l = 0; l < r; l++)
        window[l] = await(store, e, 0, e - r + l);
    window[r] = root;
    for (unsigned m = 0; m <= LOOKBACK_LOG_WINDOW; m++) {
        for (unsigned l = 0; m > 0 && l + (1u << m) <= r + 1; l += 1u << m)
            window[l] = window[l] + window[l + (1u << (m - 1))]; /* left + right */
        if ((r >> m) & 1)
            looked[m] = window[window_needed_lane(r, m)];
        if (m == z_window) {
            node = window[window_own_lane(r, m)];
            if (m == LOOKBACK_LOG_WINDOW)
                publish(store, e, m, ((e + 1) >> m) - 1, node);
        }
    }
    for (unsigned k = LOOKBACK_LOG_WINDOW; k < z; k++) {
        looked[k] = await(store, e, k, (e >> k) - 1);
        node = looked[k] + node;
        publish(store, e, k + 1, ((e + 1) >> (k + 1)) - 1, node);
    }
    for (unsigned k = LOOKBACK_LOG_WINDOW; k < DYADIC_TILE_LEVELS; k++)
        if (k > z && ((e >> k) & 1))
            looked[k] = await(store, e, k, (e >> k) - 1);
    return node;
}

/* The trap MISTAKE_CARRY_FIRST: P_b(j) for chunk c with the pyramid
 * subtrees named by the bits of c folded into ONE value first, the chunk's
 * "carry", and that added to each in-chunk prefix: (T1 + T2) + inner where
 * the expression names T1 + (T2 + inner). The last slot is left as the
 * kernel computes it. */
static void chunk_prefix_carry_first(const double *pyramid, unsigned log_p, unsigned c, const double a[DYADIC_ITEMS],
                                     double prefix[DYADIC_ITEMS])
{
    dyadic_chunk_prefix(pyramid, log_p, c, a, prefix); /* for the last slot */
    double node[2 * DYADIC_ITEMS - 1];
    dyadic_chunk_tree(a, node);
    dyadic_chunk_inner(node, prefix); /* slots 0 .. ITEMS-2, inside the chunk */
    int has_carry = 0;
    double carry = 0.0;
    for (unsigned m = 0; m < log_p - DYADIC_LOG_ITEMS; m++)
        if ((c >> m) & 1) {
            const double nd = pyramid[pyramid_offset(m) + (c >> m) - 1];
            carry = has_carry ? nd + carry : nd;
            has_carry = 1;
        }
    if (has_carry)
        for (int u = 0; u < DYADIC_ITEMS - 1; u++)
            prefix[u] = carry + prefix[u];
}

/* The tile's outputs (init not yet attached), in slot order: the kernel's
 * BLOCKS_IN_TILE instance for blocks of at most one tile, the generic
 * thread scan for longer ones. */
static void emulate_tile_outputs(const dyadic_tile *t, const virtual_view *view, const double *slots,
                                 double result[DYADIC_TILE])
{
    const unsigned log_p = view->log_p;
    const uint64_t v0 = t->e << DYADIC_LOG_TILE, b_first = v0 >> log_p;
    double carry[DYADIC_THREADS];
    if (log_p <= DYADIC_LOG_TILE) {
        /* where the block-final value F_b goes: element B - 1 of the block
         * (the trap: slot P - 1, the last slot of the padded block) */
        const uint64_t final_at = mistake == MISTAKE_FINAL_AT_LAST_SLOT ? UINT64_C(1) << log_p : view->block;
        double block_final[DYADIC_THREADS];
        for (unsigned i = 0; i < (unsigned)(DYADIC_TILE >> log_p); i++)
            (void)dyadic_block_carries(t, log_p, i << log_p, &carry[i], &block_final[i]);
        for (unsigned c = 0; c < DYADIC_THREADS; c++) {
            double prefix[DYADIC_ITEMS];
            if (mistake == MISTAKE_CARRY_FIRST)
                chunk_prefix_carry_first(t->pyramid, log_p, c, slots + c * DYADIC_ITEMS, prefix);
            else
                dyadic_chunk_prefix(t->pyramid, log_p, c, slots + c * DYADIC_ITEMS, prefix);
            const unsigned b_local = c >> (log_p - DYADIC_LOG_ITEMS);
            const int has_carry = b_first + b_local > 0;
            const unsigned j_first = (c << DYADIC_LOG_ITEMS) & ((1u << log_p) - 1);
            for (unsigned u = 0; u < DYADIC_ITEMS; u++)
                result[c * DYADIC_ITEMS + u] = dyadic_combine(has_carry, carry[b_local], block_final[b_local],
                                                              prefix[u], j_first, u, final_at);
        }
    } else {
        carry[0] = b_first > 0 ? dyadic_block_carry(t, b_first, log_p) : 0.0;
        for (unsigned c = 0; c < DYADIC_THREADS; c++)
            dyadic_thread_scan(t, view->block, log_p, carry, b_first, v0 + (uint64_t)DYADIC_ITEMS * c,
                               slots + c * DYADIC_ITEMS, result + c * DYADIC_ITEMS);
    }
}

void emulate_dyadic_scan_observed(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init,
                                  double init, lookback_observer observe, void *context)
{
    if (n == 0)
        return;
    const dyadic_layout g = dyadic_plan_layout(x, n, block);
    lookback_store store = { NULL, NULL, 1, observe, context };
    while (store.tpad < g.ntiles)
        store.tpad *= 2;
    store.value = alloc_or_exit(2 * store.tpad, sizeof(double), "the look-back values");
    store.published = alloc_or_exit(2 * store.tpad, sizeof *store.published, "the look-back flags");
    memset(store.published, 0, 2 * store.tpad * sizeof *store.published); /* nothing published yet */
    double slots[DYADIC_TILE], pyramid[DYADIC_PYRAMID], looked[DYADIC_TILE_LEVELS], result[DYADIC_TILE];

    for (uint64_t e = 0; e < g.ntiles; e++) { /* tiles in launch order */
        const uint64_t v0 = e << DYADIC_LOG_TILE;
        for (unsigned s = 0; s < (unsigned)DYADIC_TILE; s++)
            slots[s] = virtual_load(&g.view, v0 + s);
        const double root = emulate_tile_pyramid(slots, pyramid);
        const double top = emulate_tile_lookback(&store, e, root, looked);
        const dyadic_tile t = { pyramid, looked, top, trailing_ones_u64(e), e };
        emulate_tile_outputs(&t, &g.view, slots, result);
        for (unsigned s = 0; s < (unsigned)DYADIC_TILE; s++) {
            uint64_t real;
            if (virtual_real_index(&g.view, v0 + s, &real)) {
                const uint64_t i = exclusive ? real + 1 : real;
                if (i < n)
                    out[i] = has_init ? init + result[s] : result[s];
            }
        }
    }
    if (exclusive)
        out[0] = has_init ? init : 0.0;
    free(store.value);
    free(store.published);
}

void emulate_dyadic_scan(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init,
                         double init)
{
    emulate_dyadic_scan_observed(x, out, n, block, exclusive, has_init, init, NULL, NULL);
}

void emulate_dyadic_scan_block(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init,
                               double init)
{
    emulate_dyadic_scan(x, out, n, block, exclusive, has_init, init);
}

void emulate_iterated_pairwise_scan(const double *x, double *out, size_t n, int exclusive, int has_init, double init)
{
    emulate_dyadic_scan(x, out, n, 0, exclusive, has_init, init);
}
