/* device_reduce_emulate.c - see device_reduce_emulate.h.
 *
 * Float arithmetic is emulated in double, rounding to float after every
 * addition: the sum of two floats rounded to double and then to float is the
 * correctly rounded float sum (53 >= 2 * 24 + 2), so the bits are the GPU's. */
#include "device_reduce_emulate.h"

#include <math.h>
#include <stdint.h>

void device_reduce_choose_geometry(reduce_geometry *g, elem_type type, size_t n, size_t misalign, int sms,
                                   int blocks_per_sm)
{
    const size_t size = (size_t)type, width = 16 / size;
    /* enough blocks to fill the GPU, no more than give each thread one round */
    const size_t per_block = (size_t)REDUCE_THREADS * REDUCE_ACCUMULATORS * width;
    size_t blocks = (n + per_block - 1) / per_block;
    const size_t full = (size_t)(sms > 0 ? sms : 1) * (size_t)(blocks_per_sm > 0 ? blocks_per_sm : 1);
    if (blocks > full)
        blocks = full;
    if (blocks < 1)
        blocks = 1;
    g->blocks = (int)blocks;
    g->threads = REDUCE_THREADS;
    g->accumulators = REDUCE_ACCUMULATORS;
    g->vector_width = (int)width;
    g->final_threads = REDUCE_FINAL_THREADS;
    const size_t head = ((16 - misalign % 16) % 16) / size;
    g->head = head < n ? head : n;
}

static double element(const reduce_input *in, size_t i)
{
    return in->type == ELEM_FLOAT ? (double)in->xf[i] : in->xd[i];
}

/* a + b, rounded as the GPU rounds it for this element type */
static double add(const reduce_input *in, double a, double b)
{
    const double s = a + b;
    return in->type == ELEM_FLOAT ? (double)(float)s : s;
}

// [listing emulate-warp-sum]
/* __shfl_down_sync tree: lane l adds lane l + offset; only lanes below
 * offset can still reach lane 0, so only they are kept. */
static double emulate_warp_sum(const reduce_input *in, double lane[32])
{
    /* BEGIN SOLUTION */
    for (int offset = 16; offset > 0; offset /= 2)
        for (int l = 0; l < offset; l++)
            lane[l] = add(in, lane[l], lane[l + offset]);
    return lane[0];
    /* STUDENT: replay the warp's __shfl_down_sync tree, offsets 16, 8, 4, 2, 1: lane l adds lane l + offset (3.4).
    // Round each addition as the GPU does, with add(in, a, b); the sum ends in lane[0].
    (void)in; (void)lane;
    return 0.0;
    */
    /* END SOLUTION */
}
// [end]

static double emulate_block_sum(const reduce_input *in, const double *thread_sums, int threads)
{
    /* BEGIN SOLUTION */
    double totals[32], lane[32];
    const int warps = threads / 32;
    for (int w = 0; w < warps; w++) {
        for (int l = 0; l < 32; l++)
            lane[l] = thread_sums[w * 32 + l];
        totals[w] = emulate_warp_sum(in, lane);
    }
    for (int l = 0; l < 32; l++)
        lane[l] = l < warps ? totals[l] : 0.0;
    return emulate_warp_sum(in, lane);
    /* STUDENT: replay block_tree_sum: every warp's 32 thread sums through emulate_warp_sum, then warp 0 sums the warp totals (3.4).
    // threads is a multiple of 32; the lanes of the last tree beyond the number of warps hold 0.0.
    (void)in; (void)thread_sums; (void)threads;
    (void)emulate_warp_sum; // (silences "unused function" until you call it)
    return 0.0;
    */
    /* END SOLUTION */
}

double device_reduce_emulate_warp(const reduce_input *in, double lane[32])
{
    return emulate_warp_sum(in, lane);
}

/* What thread `tid` of the main kernel adds, in its order. */
static double emulate_thread(const reduce_input *in, const reduce_geometry *g, size_t tid, size_t threads)
{
    const size_t w = (size_t)g->vector_width, acc_count = (size_t)g->accumulators;
    const size_t vectors = (in->n - g->head) / w;
    double acc[16] = { 0 };
    size_t i = tid;
    for (; i + (acc_count - 1) * threads < vectors; i += acc_count * threads)
        for (size_t k = 0; k < acc_count; k++)
            for (size_t c = 0; c < w; c++)
                acc[k] = add(in, acc[k], element(in, g->head + (i + k * threads) * w + c));
    for (; i < vectors; i += threads)
        for (size_t c = 0; c < w; c++)
            acc[0] = add(in, acc[0], element(in, g->head + i * w + c));
    const size_t tail = g->head + vectors * w;
    if (tid < g->head)
        acc[0] = add(in, acc[0], element(in, tid));
    if (tid < in->n - tail)
        acc[0] = add(in, acc[0], element(in, tail + tid));
    double s = acc[0];
    for (size_t k = 1; k < acc_count; k++)
        s = add(in, s, acc[k]);
    return s;
}

#define EMULATE_MAX_BLOCKS 4096

double device_reduce_emulate(const reduce_input *in, const reduce_geometry *g)
{
    if (g->blocks > EMULATE_MAX_BLOCKS || g->threads > 1024 || g->final_threads > 1024 || g->accumulators > 16 ||
        g->threads % 32 || g->final_threads % 32)
        return NAN; /* a geometry this emulation was not written for */
    const size_t threads = (size_t)g->blocks * (size_t)g->threads;
    double sums[1024], partials[EMULATE_MAX_BLOCKS];
    /* the main kernel: every thread, then each block's tree */
    for (int b = 0; b < g->blocks; b++) {
        for (int t = 0; t < g->threads; t++)
            sums[t] = emulate_thread(in, g, (size_t)b * (size_t)g->threads + (size_t)t, threads);
        partials[b] = emulate_block_sum(in, sums, g->threads);
    }
    /* the final kernel: strided chains over the partials, then the block tree */
    for (int t = 0; t < g->final_threads; t++) {
        double s = 0.0;
        for (int i = t; i < g->blocks; i += g->final_threads)
            s = add(in, s, partials[i]);
        sums[t] = s;
    }
    return emulate_block_sum(in, sums, g->final_threads);
}

void reference_sum(const reduce_input *in, double *sum, double *sum_abs)
{
    double s = 0.0, c = 0.0, a = 0.0;
    for (size_t i = 0; i < in->n; i++) {
        const double x = element(in, i);
        const double t = s + x;
        c += fabs(s) >= fabs(x) ? (s - t) + x : (x - t) + s; /* the bits t lost */
        s = t;
        a += fabs(x);
    }
    *sum = s + c;
    *sum_abs = a;
}

void device_reduce_stages(const reduce_input *in, const reduce_geometry *g, reduce_stage stage[REDUCE_STAGES])
{
    const size_t threads = (size_t)g->blocks * (size_t)g->threads;
    const size_t vectors = (in->n - g->head) / (size_t)g->vector_width;
    const size_t per_thread = (vectors + threads - 1) / threads; /* vectors of the busiest thread */
    const size_t warp_levels = 5;                                /* log2(32): a warp's shuffle tree */
    const size_t final_chain = ((size_t)g->blocks + (size_t)g->final_threads - 1) / (size_t)g->final_threads;
    const reduce_stage s[REDUCE_STAGES] = {
        /* counted as if one accumulator took all the busiest thread's
         * vectors, plus a head and a tail element: an upper bound */
        { "each thread: grid-stride chains, one per accumulator", threads * (size_t)g->accumulators,
          per_thread * (size_t)g->vector_width + 2, REDUCE_WAIT_NONE },
        { "each thread: its accumulators added", threads, (size_t)g->accumulators - 1, REDUCE_WAIT_NONE },
        { "each warp: a __shfl_down_sync tree", threads / 32, warp_levels, REDUCE_WAIT_BLOCK },
        { "warp 0 of each block: the warp totals", (size_t)g->blocks, warp_levels, REDUCE_WAIT_GRID },
        { "each thread: a strided chain over the partials", (size_t)g->final_threads, final_chain, REDUCE_WAIT_NONE },
        { "each warp: a __shfl_down_sync tree", (size_t)g->final_threads / 32, warp_levels, REDUCE_WAIT_BLOCK },
        { "warp 0: the warp totals", 1, warp_levels, REDUCE_WAIT_NONE },
    };
    for (int k = 0; k < REDUCE_STAGES; k++)
        stage[k] = s[k];
}

size_t device_reduce_depth(const reduce_input *in, const reduce_geometry *g)
{
    reduce_stage stage[REDUCE_STAGES];
    device_reduce_stages(in, g, stage);
    size_t d = 0;
    for (int k = 0; k < REDUCE_STAGES; k++)
        d += stage[k].chain;
    return d;
}

// [listing tolerance]
double device_reduce_tolerance(const reduce_input *in, const reduce_geometry *g, double ref, double sum_abs)
{
    const double u = in->type == ELEM_FLOAT ? ldexp(1.0, -24) : ldexp(1.0, -53);
    const double d = (double)device_reduce_depth(in, g);
    const double gamma = d * u / (1.0 - d * u);
    /* the compensated reference: |ref - exact| <= 2u|ref| + 2n u^2 sum|x| (u of double) */
    const double ud = ldexp(1.0, -53);
    const double ref_error = 2.0 * ud * fabs(ref) + 2.0 * (double)in->n * ud * ud * sum_abs;
    return gamma * sum_abs + ref_error;
}
// [end]
