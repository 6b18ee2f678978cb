/* block_replay.c - see block_replay.h. */
#include "block_replay.h"

#include <string.h>

/* A read by the running thread at the running level: it should find what
 * the level before wrote into that cell (thread `cell` writes it). */
static long long replay_read(block_replay *r, int buffer, int cell)
{
    const int k = r->level;
    r->reads[k]++;
    if (r->written_at[buffer][cell] < k - 1) {
        r->early[k]++;
        r->warp_early[k][r->thread / BLOCK_REPLAY_WARP] = 1;
        if (r->first_early[k].thread < 0) {
            const replay_early_read first = { r->thread, buffer, cell, r->value[buffer][cell],
                                              r->written_at[buffer][cell] };
            r->first_early[k] = first;
        }
    }
    return r->value[buffer][cell];
}

static void replay_write(block_replay *r, int buffer, int cell, long long v)
{
    r->value[buffer][cell] = v;
    r->written_at[buffer][cell] = r->level;
}

/* Thread t's step at level k of m values, as block_tree_sum_traced does it:
 * it reads buffer k % 2 and writes the other one. */
static void replay_thread_level(block_replay *r, int t, int m)
{
    const int in = r->level % 2, out = in ^ 1;
    r->thread = t;
    /* BEGIN SOLUTION */
    const int pairs = m / 2;
    if (t < pairs) {
        const long long a = replay_read(r, in, 2 * t);
        replay_write(r, out, t, a + replay_read(r, in, 2 * t + 1));
        r->additions[r->level]++;
    }
    if (m % 2 == 1 && t == pairs)
        replay_write(r, out, pairs, replay_read(r, in, m - 1)); /* the odd one out */
    /* STUDENT: optional: one thread's step of block_tree_sum_traced, read and written through replay_read and replay_write (3.2; not graded).
    // Blanked because it would give tree_sum_traced and block_tree_sum away.
    (void)in; (void)out; (void)m; (void)replay_read; (void)replay_write;
    */
    /* END SOLUTION */
}

/* The 32 threads of warp w run level k together. One after another is the
 * same thing here: a level writes only the buffer it does not read. */
static void replay_warp_level(block_replay *r, int w, int k, int m)
{
    r->level = k;
    for (int lane = 0; lane < BLOCK_REPLAY_WARP; lane++)
        replay_thread_level(r, w * BLOCK_REPLAY_WARP + lane, m);
}

// [listing missing-barrier-replay]
/* Between two barriers the warps run one after another, warp 0 first, each
 * as far as the next barrier. With every barrier in place a stretch is one
 * level, so the block goes level after level; without the barriers between
 * levels the stretch after the loads' barrier is the whole loop: all of warp
 * 0's levels, then all of warp 1's, and so on. */
static void replay_warps_in_order(block_replay *r, const tree_trace *t)
{
    const int stretch = r->barriers ? 1 : r->levels; /* levels from one barrier to the next */
    for (int from = 0; from < r->levels; from += stretch) {
        const int to = from + stretch;
        for (int w = 0; w < r->warps; w++) {
            for (int k = from; k < to; k++)
                replay_warp_level(r, w, k, (int)t->level[k].elements_before);
            if (w == 0 && to == r->levels) /* thread 0 takes the sum when its warp is done */
                r->sum = r->value[r->levels % 2][0];
        }
    }
}
// [end]

void block_replay_run(const long long *x, int n, const tree_trace *t, int barriers, block_replay *r)
{
    memset(r, 0, sizeof *r);
    r->n = n;
    r->warps = (n + BLOCK_REPLAY_WARP - 1) / BLOCK_REPLAY_WARP;
    r->levels = t->span < BLOCK_REPLAY_MAX_LEVELS ? t->span : BLOCK_REPLAY_MAX_LEVELS;
    r->barriers = barriers;
    for (int k = 0; k < BLOCK_REPLAY_MAX_LEVELS; k++)
        r->first_early[k].thread = -1;
    /* the loads, then the barrier that stays: every thread has loaded its value
     * (buffer 0) and zeroed its cell of buffer 1 before any level starts */
    for (int i = 0; i < r->warps * BLOCK_REPLAY_WARP; i++) {
        r->value[0][i] = i < n ? x[i] : 0; /* the kernel leaves cells past n alone; no level reads them */
        r->written_at[0][i] = r->written_at[1][i] = -1;
    }
    r->sum = r->value[0][0]; /* n = 1: no level, thread 0 holds the sum */
    replay_warps_in_order(r, t);
}
