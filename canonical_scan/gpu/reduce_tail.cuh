/* reduce_tail.cuh - the last passes of the canonical reduce, done by the
 * last block of an earlier pass instead of by kernels of their own.
 *
 * Why it may: the value of a pass does not depend on how big its tiles
 * are. The pairwise value of a lane is the pairwise value of its aligned
 * chunks of 2^s rows, for ANY s (reduce_plan.h), so once few partial values
 * are left, one block can finish them with chunks of 32 rows and the result
 * is bit for bit the one the remaining passes would have produced. Why it
 * pays: at small sizes the passes after the first are launches that each
 * cost more than their work.
 *
 * How the last block is found: every block writes its partial values,
 * makes them visible to the whole GPU (__threadfence), and takes a ticket
 * from a counter; the block that draws the last ticket sees every partial
 * and finishes. Which block that is changes from run to run; what it
 * computes does not, so the result stays deterministic. */
#ifndef CANONICAL_SCAN_REDUCE_TAIL_CUH
#define CANONICAL_SCAN_REDUCE_TAIL_CUH

#include "gpu_tree.cuh"
#include "scan_tuning.h" /* REDUCE_TAIL_MAX, REDUCE_TAIL_ROWS */

typedef struct {
    unsigned *ticket;           /* NULL: this pass has no tail */
    uint64_t count;             /* partial values the pass writes: tiles * lanes */
    unsigned lanes;             /* L of the pass (1: only the lane stage is left) */
    double *result;             /* where R goes */
} reduce_tail;

/* The first pass's groups (finish_group_if_last): the second pass done
 * inside the first, group by group, each by the block that finishes the
 * group's last tile; the last group's finisher then goes on to R. */
typedef struct {
    unsigned *ticket;           /* one per group, 0 between runs; NULL: no groups */
    double *values;             /* groups * lanes: each group's row of lane values */
    unsigned log2_tiles;        /* a group is 2^log2_tiles consecutive tiles */
    unsigned lanes;             /* L of the pass */
} reduce_groups;

/* How a fast pass ends: nothing more (both tickets NULL), its last block
 * finishes the reduce (tail), or its groups do and the last of them
 * finishes (groups, then tail over the groups' values). */
typedef struct {
    reduce_tail tail;
    reduce_groups groups;
} reduce_finish;

/* One step of the tail: rows of `lanes` values in `in` (count of them) ->
 * ceil(rows / 32) rows in `out`, each the balanced tree over its chunk with
 * the missing rows as -0.0. Returns the new count. FROM_GLOBAL: `in` is the
 * pass's partial values in global memory, written by other blocks (read
 * through L2); otherwise it is this block's shared memory. */
template <bool FROM_GLOBAL>
__device__ __forceinline__ uint64_t tail_step(const double *in, uint64_t count, unsigned lanes, double *out)
{
    const uint64_t rows = (count + lanes - 1) / lanes;
    const uint64_t chunks = (rows + REDUCE_TAIL_ROWS - 1) / REDUCE_TAIL_ROWS;
    for (uint64_t g = threadIdx.x; g < chunks * lanes; g += blockDim.x) {
        const uint64_t lane = g % lanes, chunk = g / lanes;
        double v[REDUCE_TAIL_ROWS];
#pragma unroll
        for (int j = 0; j < REDUCE_TAIL_ROWS; j++) {
            const uint64_t s = (chunk * REDUCE_TAIL_ROWS + j) * lanes + lane;
            v[j] = s >= count ? PAD_IDENTITY : FROM_GLOBAL ? __ldcg(in + s) : in[s];
        }
        out[g] = register_tree<REDUCE_TAIL_ROWS>(v);
    }
    __syncthreads(); /* the step's outputs, before the next step reads them */
    return chunks * lanes;
}

/* After the first step at most this many values are left: rows <=
 * REDUCE_TAIL_MAX / L, so ceil(rows / 32) * L <= REDUCE_TAIL_MAX / 32 + L,
 * with L <= 512 for the fast passes that carry a tail. */
#define REDUCE_TAIL_SHARED (REDUCE_TAIL_MAX / REDUCE_TAIL_ROWS + 512)
/* A group's first step leaves at most max(REDUCE_GROUP_MAX / 32, 512) values
 * (a group holds at most REDUCE_GROUP_MAX partial values, L <= 512). */
static_assert(REDUCE_GROUP_MAX / REDUCE_TAIL_ROWS <= REDUCE_TAIL_SHARED, "a group's step fits the scratch");

/* The two shared-memory arrays the steps write in turn (one pair a kernel,
 * whichever of the functions below uses them). */
__device__ __forceinline__ double *tail_scratch(int which)
{
    __shared__ double step[2][REDUCE_TAIL_SHARED];
    return step[which];
}

// [listing finish-if-last-block]
/* Called by every thread of every block that writes partial values to
 * `partials` (`arrivals` blocks in all: a pass's blocks, or its groups'
 * finishers): the last to arrive reduces them all to R. */
__device__ __forceinline__ void finish_if_last_block(reduce_tail t, const double *partials, unsigned arrivals)
{
    __shared__ unsigned is_last;
    __threadfence(); /* this block's partials, before its ticket */
    __syncthreads();
    if (threadIdx.x == 0)
        is_last = atomicAdd(t.ticket, 1u) == arrivals - 1;
    __syncthreads();
    if (!is_last)
        return;
    __threadfence(); /* the other blocks' partials, after their tickets */
    /* Only the first step reads global memory (one round trip to L2); the
     * later ones stay in this block's shared memory. */
    double *out = tail_scratch(0), *spare = tail_scratch(1); /* swapped, never indexed: no local memory */
    uint64_t count = t.count;
    const unsigned first_lanes = t.lanes > 1 && (count + t.lanes - 1) / t.lanes > 1 ? t.lanes : 1;
    if (first_lanes == 1 && count == 1) { /* nothing left to add */
        if (threadIdx.x == 0) {
            *t.result = __ldcg(partials);
            *t.ticket = 0;
        }
        return;
    }
    count = tail_step<true>(partials, count, first_lanes, out);
    const double *in = out;
    out = spare;
    spare = (double *)in;
    if (first_lanes > 1) { /* the lane stage: rows of L values until one row */
        while ((count + t.lanes - 1) / t.lanes > 1) {
            count = tail_step<false>(in, count, t.lanes, out);
            in = out;
            out = spare;
            spare = (double *)in;
        }
        count = t.lanes < count ? t.lanes : count;
    }
    while (count > 1) { /* the lane values, L = 1 */
        count = tail_step<false>(in, count, 1, out);
        in = out;
        out = spare;
        spare = (double *)in;
    }
    if (threadIdx.x == 0) {
        *t.result = in[0];
        *t.ticket = 0; /* ready for the next run of the plan */
    }
}
// [end]

/* Drops from L2, without writing them back, the whole 128-byte lines of
 * [begin, end): partial values that were read for the last time. */
__device__ __forceinline__ void discard_lines(const double *begin, const double *end)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
    const uintptr_t first = ((uintptr_t)begin + 127) / 128, last = (uintptr_t)end / 128;
    for (uintptr_t line = first + threadIdx.x; line < last; line += blockDim.x)
        asm volatile("discard.global.L2 [%0], 128;" ::"l"(line * 128) : "memory");
#else
    (void)begin;
    (void)end;
#endif
}

/* Called by every thread of every block of a first pass with groups, after
 * the block wrote its L partial values (the row of `tile`, one of `tiles`):
 * the block that completes a group
 * reduces the group's rows (2^log2_tiles of them, fewer in the last group)
 * to one row -- by the chunk lemma, the row the second pass would compute
 * for them -- while the other blocks of the pass are still reading. The
 * last group's finisher then finishes the reduce over the groups' rows. */
__device__ __forceinline__ void finish_group_if_last(const reduce_finish &f, const double *partials,
                                                     unsigned tile, unsigned tiles)
{
    __shared__ unsigned is_last;
    const reduce_groups g = f.groups;
    const uint64_t group = tile >> g.log2_tiles, first_tile = group << g.log2_tiles;
    const uint64_t members = tiles - first_tile < (UINT64_C(1) << g.log2_tiles) ? tiles - first_tile
                                                                              : UINT64_C(1) << g.log2_tiles;
    __syncthreads(); /* every partial value of this block is written */
    if (threadIdx.x == 0) {
        __threadfence(); /* ... and, through the barrier, visible before the ticket */
        is_last = atomicAdd(&g.ticket[group], 1u) == members - 1;
        __threadfence(); /* the group's other partial values, after their tickets */
    }
    __syncthreads();
    if (!is_last)
        return;
    const double *rows = partials + first_tile * g.lanes;
    uint64_t count = tail_step<true>(rows, members * g.lanes, g.lanes, tail_scratch(0));
#if REDUCE_GROUP_DISCARD
    discard_lines(rows, rows + members * g.lanes);
#endif
    const double *in = tail_scratch(0);
    double *out = tail_scratch(1), *spare = tail_scratch(0);
    while ((count + g.lanes - 1) / g.lanes > 1) {
        count = tail_step<false>(in, count, g.lanes, out);
        in = out;
        out = spare;
        spare = (double *)in;
    }
    for (unsigned l = threadIdx.x; l < g.lanes; l += blockDim.x)
        g.values[group * g.lanes + l] = in[l];
    if (threadIdx.x == 0)
        g.ticket[group] = 0; /* ready for the next run of the plan */
    const unsigned groups = (unsigned)((tiles + (1u << g.log2_tiles) - 1) >> g.log2_tiles);
    finish_if_last_block(f.tail, g.values, groups);
}

#endif
