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
    unsigned *ticket; /* NULL: this pass has no tail */
    uint64_t count;   /* partial values the pass writes: tiles * lanes */
    unsigned lanes;   /* L of the pass (1: only the lane stage is left) */
    double *result;   /* where R goes */
} reduce_tail;

/* How a fast pass ends: nothing more (tail.ticket NULL), or its last block
 * finishes the reduce. */
typedef struct {
    reduce_tail tail;
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

/* The two shared-memory arrays the steps write in turn. */
__device__ __forceinline__ double *tail_scratch(int which)
{
    __shared__ double step[2][REDUCE_TAIL_SHARED];
    return step[which];
}

// [listing finish-if-last-block]
/* Called by every thread of every block that writes partial values to
 * `partials` (`arrivals` blocks in all: a pass's blocks): the last to
 * arrive reduces them all to R. */
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

#endif
