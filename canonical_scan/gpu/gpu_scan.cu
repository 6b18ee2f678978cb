/* gpu_scan.cu - the P4229 scans on the GPU, bit-identical to the CPU library:
 * block_dyadic<B> and iterated_pairwise in ONE pass over the data, and
 * left_fold by a single thread (a lesson in span, not a fast path).
 *
 * One CUDA block of DYADIC_THREADS threads scans a tile of DYADIC_TILE
 * consecutive slots, DYADIC_ITEMS per thread (scan_tuning.h): a small
 * block, so that many tiles share an SM and a look-back stalls few warps.
 * Every output is a fold of complete aligned subtrees (dyadic_tile.h): the
 * small ones come from the thread's registers and the tile's pyramid in
 * shared memory, the big ones -- sums of whole tiles -- from earlier tiles.
 * Each tile publishes its root at once, builds the small tile-level subtrees
 * it needs from the roots of its window of 32 tiles, and looks back for
 * exactly the larger ones the expression names for its own position. When a
 * subtree becomes ready may vary from run to run; which subtrees are added,
 * and in which order, never does: readiness is not expression.
 *
 * The kernel reads as its five steps, each a __forceinline__ function (the
 * generated code is that of one function): number the tile (prefetching
 * its likely lines while the ticket travels), load it, build its pyramid,
 * look back, finish (carries, combine, store). With blocks no longer than
 * a tile (block_dyadic<256>), everything but the block carries is computed
 * before the look-back (dyadic_tile.h's dyadic_chunk_prefix) and parked in
 * the tile's slots, so that a waiting thread holds no array in registers;
 * each output is finished as it is stored. Longer blocks and
 * iterated_pairwise take the generic per-thread fold after it. */
#include "canonical_gpu.h"
#include "canonical_gpu_plan.h"
#include "dyadic_tile.h"
#include "gpu_tree.cuh"

typedef struct {
    virtual_view view; /* the input as 2^log_p-slot blocks */
    double *out;
    uint64_t ntiles, tpad;
    int exclusive, has_init, vector_io;
    double init;
    ulonglong2 *node; /* look-back: {value bits, flag} of every tile-level node */
    unsigned epoch;   /* a flag equal to this run's epoch means "published" */
    unsigned long long *tile_counter;
    unsigned *timed_out;
} scan_params;

// [listing publish-and-await]
/* Value and flag travel in ONE 16-byte store and are read by ONE 16-byte
 * load, so a reader that sees the flag sees the value with it: no fence is
 * needed (the same device CUB's look-back uses for 8-byte values), and no
 * fence sits on the path from one tile's node to the tile that waits. */
__device__ __forceinline__ void store_node_word(ulonglong2 *where, unsigned long long bits, unsigned long long flag)
{
    asm volatile("st.relaxed.gpu.global.v2.u64 [%0], {%1, %2};" ::"l"(where), "l"(bits), "l"(flag) : "memory");
}

__device__ __forceinline__ ulonglong2 load_node_word(const ulonglong2 *where)
{
    ulonglong2 w;
    asm volatile("ld.relaxed.gpu.global.v2.u64 {%0, %1}, [%2];" : "=l"(w.x), "=l"(w.y) : "l"(where) : "memory");
    return w;
}

__device__ void publish_node(const scan_params &p, unsigned level, uint64_t index, double value)
{
    store_node_word(&p.node[lookback_slot(p.tpad, level, index)], (unsigned long long)__double_as_longlong(value),
                    p.epoch);
}

/* A waiter that has polled LOOKBACK_SPIN_LIMIT times has met a bug: it gives
 * up, the run is reported as an error, and nothing hangs. */
__device__ double await_node(const scan_params &p, unsigned level, uint64_t index)
{
    const ulonglong2 *where = &p.node[lookback_slot(p.tpad, level, index)];
    ulonglong2 w = load_node_word(where);
    unsigned polls = 0;
    while (w.y != p.epoch) {
        if (++polls == LOOKBACK_SPIN_LIMIT) {
            atomicExch(p.timed_out, 1u);
            break;
        }
        __nanosleep(LOOKBACK_POLL_NS);
        w = load_node_word(where);
    }
    return __longlong_as_double((long long)w.x);
}
// [end]

#define DYADIC_WARPS (DYADIC_THREADS / 32)
static_assert(DYADIC_LOG_THREADS >= 5, "a tile needs at least one whole warp");

/* A tile's slots in shared memory, by row t (thread t's chunk) and pair q
 * of the row (slots 2q and 2q + 1 of the chunk). Row t starts ITEMS + 1
 * doubles after row t - 1 (an odd stride), which spreads a half-warp's
 * reads of its rows over all the banks; the padding double at the end of
 * each row holds a block's carry (see the kernel). */
#define DYADIC_SLOTS (DYADIC_TILE + DYADIC_THREADS)
__device__ __forceinline__ unsigned pair_at(unsigned t, unsigned q)
{
    return t * (DYADIC_ITEMS + 1) + 2 * q;
}
__device__ __forceinline__ double2 get_pair(const double *slots, unsigned t, unsigned q)
{
    return make_double2(slots[pair_at(t, q)], slots[pair_at(t, q) + 1]);
}
__device__ __forceinline__ void put_pair(double *slots, unsigned t, unsigned q, double2 d)
{
    slots[pair_at(t, q)] = d.x;
    slots[pair_at(t, q) + 1] = d.y;
}
/* Slot s of the tile, one at a time. */
__device__ __forceinline__ unsigned slot_at(unsigned s)
{
    return pair_at(s >> DYADIC_LOG_ITEMS, (s & (DYADIC_ITEMS - 1)) >> 1) + (s & 1);
}
/* The coalesced copies: in round r, thread tid moves pair r * THREADS + tid
 * of the tile, which is pair tid mod ITEMS/2 of row r * ROWS_A_ROUND +
 * tid / (ITEMS/2). */
#define ROWS_A_ROUND (DYADIC_THREADS / (DYADIC_ITEMS / 2))
static_assert(DYADIC_THREADS % (DYADIC_ITEMS / 2) == 0, "a round of pairs covers whole rows");
__device__ __forceinline__ unsigned round_row(unsigned r, unsigned tid)
{
    return r * ROWS_A_ROUND + tid / (DYADIC_ITEMS / 2);
}
__device__ __forceinline__ unsigned round_pair(unsigned tid)
{
    return tid % (DYADIC_ITEMS / 2);
}

/* A thread's chunk: the ITEMS consecutive slots of its row. */
__device__ __forceinline__ void get_chunk(const double *slots, unsigned tid, double a[DYADIC_ITEMS])
{
#pragma unroll
    for (unsigned q = 0; q < DYADIC_ITEMS / 2; q++) {
        const double2 d = get_pair(slots, tid, q);
        a[2 * q] = d.x;
        a[2 * q + 1] = d.y;
    }
}

__device__ __forceinline__ void put_chunk(double *slots, unsigned tid, const double a[DYADIC_ITEMS])
{
#pragma unroll
    for (unsigned q = 0; q < DYADIC_ITEMS / 2; q++)
        put_pair(slots, tid, q, make_double2(a[2 * q], a[2 * q + 1]));
}

// [listing tile-in-launch-order]
/* While the ticket travels: ask L2 for the lines of tile blockIdx.x. The
 * ticket seldom names that very tile, but one close by, which this block
 * or one that started beside it is about to load. */
__device__ __forceinline__ void prefetch_likely_tile(const scan_params &p, unsigned tid)
{
    const uint64_t g0 = (uint64_t)blockIdx.x << DYADIC_LOG_TILE;
#pragma unroll
    for (unsigned k = 0; k < DYADIC_TILE / 16; k += DYADIC_THREADS) {
        const uint64_t at = g0 + 16 * (uint64_t)(k + tid); /* one 128-byte line */
        if (at < p.view.n)
            asm volatile("prefetch.global.L2 [%0];" ::"l"(p.view.x + at));
    }
}

/* Tiles are numbered in the order the blocks START, never by blockIdx:
 * every tile this one waits for has then already begun, so the look-back
 * cannot deadlock however the hardware schedules blocks. The ticket's
 * round trip is not wasted: the block spends it warming L2. */
__device__ __forceinline__ uint64_t tile_in_launch_order(const scan_params &p, unsigned tid,
                                                         unsigned long long *tile_id)
{
#if DYADIC_TILES_BY_BLOCK_INDEX /* scan_tuning.h: a measurement, off by default */
    (void)p, (void)tid, (void)tile_id;
    return blockIdx.x;
#else
    unsigned long long t = 0;
    if (tid == 0)
        t = atomicAdd(p.tile_counter, 1ull);
    if (DYADIC_PREFETCH_GUESS) /* scan_tuning.h */
        prefetch_likely_tile(p, tid);
    if (tid == 0) {
        if (t == p.ntiles - 1)
            atomicExch(p.tile_counter, 0ull); /* the last one: ready for the next run */
        *tile_id = t;
    }
    __syncthreads();
    return *tile_id;
#endif
}
// [end]

/* Load the tile (coalesced); after a barrier each thread takes the ITEMS
 * consecutive slots of its row. */
__device__ __forceinline__ void tile_load(const scan_params &p, uint64_t v0, unsigned tid, double *slots)
{
    if (p.vector_io && v0 + DYADIC_TILE <= p.view.n) {
#pragma unroll
        for (int r = 0; r < DYADIC_ITEMS / 2; r++) {
            const unsigned s = 2 * (r * DYADIC_THREADS + tid);
            put_pair(slots, round_row(r, tid), round_pair(tid),
                     __ldcs(reinterpret_cast<const double2 *>(p.view.x + v0 + s)));
        }
    } else {
#pragma unroll
        for (int r = 0; r < DYADIC_ITEMS; r++) {
            const unsigned s = r * DYADIC_THREADS + tid;
            slots[slot_at(s)] = virtual_load(&p.view, v0 + s);
        }
    }
}

// [listing tile-pyramid]
/* The tile's pyramid of complete subtrees over the chunk roots (one per
 * thread): levels 1-5 inside each warp by shuffles ... */
__device__ __forceinline__ void tile_pyramid_in_warps(const double a[DYADIC_ITEMS], unsigned tid, unsigned lane,
                                                      double *pyramid)
{
    double v = dyadic_chunk_root(a);
    pyramid[tid] = v;
#pragma unroll
    for (unsigned level = 1; level <= 5; level++) {
        v = v + __shfl_down_sync(FULL_WARP, v, 1u << (level - 1));
        if ((lane & ((1u << level) - 1)) == 0)
            pyramid[pyramid_offset(level) + (tid >> level)] = v;
    }
    __syncthreads();
}

/* ... and the levels above, over the warps' level-5 nodes, by warp 0.
 * Returns the tile's root in lane 0. */
__device__ __forceinline__ double tile_pyramid_across_warps(unsigned lane, double *pyramid)
{
    double w = lane < DYADIC_WARPS ? pyramid[pyramid_offset(5) + lane] : 0.0;
#pragma unroll
    for (unsigned level = 6; level <= DYADIC_LOG_THREADS; level++) {
        w = w + __shfl_down_sync(FULL_WARP, w, 1u << (level - 6));
        if (lane < DYADIC_WARPS && (lane & ((1u << (level - 5)) - 1)) == 0)
            pyramid[pyramid_offset(level) + (lane >> (level - 5))] = w;
    }
    return w;
}
// [end]

// [listing tile-lookback]
/* Warp 0, after the tile's root w is published. Lane l < r takes the root
 * of tile e - r + l, lane r this tile's own, and a balanced tree over the
 * lanes yields every node of level < 5 that tile e needs (bits of r) and
 * those that end with it -- built here from roots, never waited for: so no
 * tile waits for another tile's look-back below level 5. Of those it
 * completes, only level 5 is published. */
__device__ __forceinline__ void tile_lookback(const scan_params &p, uint64_t e, unsigned z, double w, double *looked,
                                              double *top)
{
    const unsigned lane = threadIdx.x & 31;
    const double root = __shfl_sync(FULL_WARP, w, 0);
    const unsigned r = (unsigned)(e & (LOOKBACK_WINDOW - 1));
    const unsigned z_window = z < LOOKBACK_LOG_WINDOW ? z : LOOKBACK_LOG_WINDOW;
    double x = lane < r ? await_node(p, 0, e - r + lane) : lane == r ? root : 0.0;
#pragma unroll
    for (unsigned m = 0; m <= LOOKBACK_LOG_WINDOW; m++) {
        if (m > 0) /* lanes that are multiples of 2^m now hold level m */
            x = x + __shfl_down_sync(FULL_WARP, x, 1u << (m - 1));
        if (((r >> m) & 1) && lane == window_needed_lane(r, m))
            looked[m] = x;
        if (m == z_window && lane == window_own_lane(r, m)) {
            *top = x;
            if (m == LOOKBACK_LOG_WINDOW) /* z >= 5: a node others look for */
                publish_node(p, m, ((e + 1) >> m) - 1, x);
        }
    }
    /* Levels 5 and up: the subtrees that end with this tile need its left
     * neighbours at the trailing-one levels: wait for those, publish at
     * once, and only THEN wait for the higher bits of e, which name the
     * rest of the prefix. Publishing after the whole prefix would chain
     * each publishing tile to the one before it, and the tiles would
     * finish one after another. */
    if (lane >= LOOKBACK_LOG_WINDOW && lane < z)
        looked[lane] = await_node(p, lane, (e >> lane) - 1);
    __syncwarp();
    if (lane == 0 && z > LOOKBACK_LOG_WINDOW) {
        double node = *top;
        for (unsigned k = LOOKBACK_LOG_WINDOW; k < z; k++) {
            node = looked[k] + node; /* left neighbour + this tile's subtree */
            publish_node(p, k + 1, ((e + 1) >> (k + 1)) - 1, node);
        }
        *top = node;
    }
    if (lane >= LOOKBACK_LOG_WINDOW && lane > z && ((e >> lane) & 1))
        looked[lane] = await_node(p, lane, (e >> lane) - 1);
    __syncwarp();
}
// [end]

/* What the slots hold when the tile is stored: the outputs themselves, or
 * the in-block prefixes P_b(j) parked there during the look-back, which
 * become outputs on their way out -- slot sl belongs to the tile's block
 * sl >> log_p, whose carries warp 0 left in shared memory. */
typedef struct {
    int parked; /* 0: the slots hold the outputs, init attached */
    unsigned log_p;
    uint64_t b_first;          /* the tile's first block */
    const double *carry;       /* carry[b * CARRY_STRIDE]: D_b of the tile's block b */
    const double *block_final; /* block_final[b]: its F_b */
} tile_outputs;

/* The carries live in the padding at the end of each row of slots. */
#define CARRY_STRIDE (DYADIC_ITEMS + 1)

__device__ __forceinline__ double output_of_slot(const scan_params &p, const tile_outputs &o, unsigned sl, double v)
{
    if (!o.parked)
        return v;
    const unsigned b = sl >> o.log_p;
    const double s = dyadic_combine(o.b_first + b > 0, o.carry[b * CARRY_STRIDE], o.block_final[b], v,
                                    sl & ((1u << o.log_p) - 1), 0, p.view.block);
    return p.has_init ? p.init + s : s;
}

/* The slots, stored (coalesced); the exclusive scan writes S[i] to
 * position i + 1. */
__device__ __forceinline__ void tile_store(const scan_params &p, uint64_t e, uint64_t v0, unsigned tid,
                                           const double *slots, const tile_outputs &o)
{
    if (p.vector_io && !p.exclusive && v0 + DYADIC_TILE <= p.view.n) {
#pragma unroll
        for (int r = 0; r < DYADIC_ITEMS / 2; r++) {
            const unsigned s2 = 2 * (r * DYADIC_THREADS + tid);
            double2 d = get_pair(slots, round_row(r, tid), round_pair(tid));
            d.x = output_of_slot(p, o, s2, d.x);
            d.y = output_of_slot(p, o, s2 + 1, d.y);
            __stcs(reinterpret_cast<double2 *>(p.out + v0 + s2), d);
        }
    } else {
#pragma unroll
        for (int r = 0; r < DYADIC_ITEMS; r++) {
            const unsigned sl = r * DYADIC_THREADS + tid;
            uint64_t real;
            if (virtual_real_index(&p.view, v0 + sl, &real)) {
                const uint64_t i = p.exclusive ? real + 1 : real;
                if (i < p.view.n)
                    p.out[i] = output_of_slot(p, o, sl, slots[slot_at(sl)]);
            }
        }
    }
    if (p.exclusive && e == 0 && tid == 0)
        p.out[0] = p.has_init ? p.init : 0.0;
}

/* The outputs (init attached) into slots, then stored. */
__device__ __forceinline__ void tile_store_outputs(const scan_params &p, uint64_t e, uint64_t v0, unsigned tid,
                                                   double *slots, const double s[DYADIC_ITEMS])
{
    double o[DYADIC_ITEMS];
#pragma unroll
    for (int u = 0; u < DYADIC_ITEMS; u++)
        o[u] = p.has_init ? p.init + s[u] : s[u];
    put_chunk(slots, tid, o);
    __syncthreads();
    const tile_outputs final_outputs = { 0, 0, 0, NULL, NULL };
    tile_store(p, e, v0, tid, slots, final_outputs);
}

// [listing single-pass-kernel]
/* BLOCKS_IN_TILE (a compile-time choice, hence the one C++ template of this
 * file): blocks of at most one tile, block_dyadic<256> among them. The
 * other instance serves longer blocks and iterated_pairwise. */
template <bool BLOCKS_IN_TILE>
__global__ void __launch_bounds__(DYADIC_THREADS, BLOCKS_IN_TILE ? DYADIC_MIN_BLOCKS : DYADIC_MIN_BLOCKS_LONG)
    dyadic_scan_single_pass(scan_params p)
{
    __shared__ __align__(16) double slots[DYADIC_SLOTS];
    __shared__ double pyramid[DYADIC_PYRAMID];
    __shared__ double looked[DYADIC_TILE_LEVELS];
    __shared__ double block_final[DYADIC_THREADS]; /* F_b of the blocks that start here */
    __shared__ double long_carry[BLOCKS_IN_TILE ? 1 : DYADIC_THREADS];
    /* ... and their D_b: in the padding of the slots' rows (one a row; a
     * tile holds at most THREADS blocks), so that six tiles fit an SM's
     * shared memory. Longer blocks keep their in-tile folds in registers
     * and their carry in an array of its own. */
    double *const carry = BLOCKS_IN_TILE ? slots + DYADIC_ITEMS : long_carry;
    __shared__ double top;
    __shared__ unsigned long long tile_id;
    const unsigned tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    const uint64_t e = tile_in_launch_order(p, tid, &tile_id), v0 = e << DYADIC_LOG_TILE;
    tile_load(p, v0, tid, slots);
    __syncthreads();
    double a[DYADIC_ITEMS];
    get_chunk(slots, tid, a);
    tile_pyramid_in_warps(a, tid, lane, pyramid);
    const unsigned z = trailing_ones_u64(e);
    const unsigned log_p = p.view.log_p;
    const uint64_t b_first = v0 >> log_p;
    double w = 0.0; /* warp 0, lane 0: the tile's root */
    if (warp == 0) {
        w = tile_pyramid_across_warps(lane, pyramid);
        if (lane == 0) /* at once: it is all the tiles of the same window need from this one */
            publish_node(p, 0, e, w);
    }
    /* blocks of 128 chunks or more need the pyramid levels warp 0 just built
     * (and so do the in-tile folds of longer blocks, if a tile has more than
     * two warps) */
    if ((BLOCKS_IN_TILE && log_p > DYADIC_LOG_ITEMS + 6) || (!BLOCKS_IN_TILE && DYADIC_LOG_THREADS > 6))
        __syncthreads();
    /* The in-block prefixes P_b(j) need nothing from other tiles: every thread
     * computes its ITEMS of them before, not after, warp 0's look-back, and
     * parks them in its own row of slots (which only it has read): a thread
     * that waits holds no array in registers, which is what lets six tiles,
     * not five, share an SM. */
    double prefix[DYADIC_ITEMS]; /* BLOCKS_IN_TILE: P_b(j); else the in-tile folds (ITEMS - 1) */
    if (BLOCKS_IN_TILE) {
        dyadic_chunk_prefix(pyramid, log_p, tid, a, prefix);
        put_chunk(slots, tid, prefix);
    } else {
        dyadic_thread_local(pyramid, e, log_p, v0 + (uint64_t)DYADIC_ITEMS * tid, a, prefix);
    }
    if (warp == 0) {
        tile_lookback(p, e, z, w, looked, &top);
        if (BLOCKS_IN_TILE) { /* the carries of the blocks that start here */
            const dyadic_tile t = { pyramid, looked, top, z, e };
            for (unsigned i = lane; i < (DYADIC_TILE >> log_p); i += 32)
                (void)dyadic_block_carries(&t, log_p, i << log_p, &carry[i * CARRY_STRIDE], &block_final[i]);
        }
    }
    __syncthreads();
    if (BLOCKS_IN_TILE) { /* every output is D_b + P_b(j) or the block-final F_b */
        const tile_outputs parked = { 1, log_p, b_first, carry, block_final };
        tile_store(p, e, v0, tid, slots, parked);
    } else { /* blocks longer than a tile: the generic thread scan */
        const dyadic_tile t = { pyramid, looked, top, z, e };
        if (tid == 0) /* one block at most starts in this tile */
            carry[0] = b_first > 0 ? dyadic_block_carry(&t, b_first, log_p) : 0.0;
        __syncthreads();
        double s[DYADIC_ITEMS];
        dyadic_thread_finish(&t, p.view.block, log_p, carry, b_first, v0 + (uint64_t)DYADIC_ITEMS * tid, prefix, s);
        tile_store_outputs(p, e, v0, tid, slots, s);
    }
}
// [end]

struct gpu_scan_plan {
    dyadic_layout layout;
    uint64_t tpad;
    ulonglong2 *node;
    unsigned long long *tile_counter;
    unsigned *timed_out;
    unsigned epoch;
};

extern "C" gpu_scan_plan *gpu_scan_plan_create(size_t n, unsigned block)
{
    if (n == 0) {
        fprintf(stderr, "error: a scan plan needs n >= 1\n");
        exit(EXIT_BAD_INPUT);
    }
    gpu_scan_plan *p = (gpu_scan_plan *)calloc(1, sizeof *p);
    if (p == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_BAD_INPUT);
    }
    p->layout = dyadic_plan_layout(NULL, n, block);
    /* The most shared memory an SM can give, so that as many tiles fit as
     * the registers allow (six parked tiles need 224 of its 228 KiB). */
    CUDA_CHECK(cudaFuncSetAttribute(dyadic_scan_single_pass<true>, cudaFuncAttributePreferredSharedMemoryCarveout,
                                    cudaSharedmemCarveoutMaxShared));
    (void)grid_blocks_or_exit(p->layout.ntiles, "dyadic_scan_single_pass");
    p->tpad = 1;
    while (p->tpad < p->layout.ntiles)
        p->tpad *= 2;
    const size_t nodes = (size_t)(2 * p->tpad);
    p->node = (ulonglong2 *)device_alloc_or_exit(nodes * sizeof(ulonglong2)); /* 16-byte aligned */
    p->tile_counter = (unsigned long long *)device_alloc_or_exit(sizeof(unsigned long long));
    p->timed_out = (unsigned *)device_alloc_or_exit(sizeof(unsigned));
    CUDA_CHECK(cudaMemset(p->node, 0, nodes * sizeof(ulonglong2)));
    CUDA_CHECK(cudaMemset(p->tile_counter, 0, sizeof(unsigned long long)));
    CUDA_CHECK(cudaMemset(p->timed_out, 0, sizeof(unsigned)));
    p->epoch = 0;
    return p;
}

extern "C" void gpu_scan_plan_run(gpu_scan_plan *plan, const double *d_x, double *d_out, int exclusive, int has_init,
                                  double init)
{
    if (++plan->epoch == 0) { /* 2^32 runs later: old flags could look current */
        CUDA_CHECK(cudaMemset(plan->node, 0, (size_t)(2 * plan->tpad) * sizeof(ulonglong2)));
        plan->epoch = 1;
    }
    scan_params p;
    p.view = plan->layout.view;
    p.view.x = d_x;
    p.out = d_out;
    p.ntiles = plan->layout.ntiles;
    p.tpad = plan->tpad;
    p.exclusive = exclusive;
    p.has_init = has_init;
    p.init = init;
    /* 16-byte loads and stores need the identity layout (B == P) and aligned arrays */
    p.vector_io = p.view.block == (UINT64_C(1) << p.view.log_p) && ((uintptr_t)d_x & 15) == 0 &&
                  ((uintptr_t)d_out & 15) == 0;
    p.node = plan->node;
    p.epoch = plan->epoch;
    p.tile_counter = plan->tile_counter;
    p.timed_out = plan->timed_out;
    if (p.view.log_p <= DYADIC_LOG_TILE)
        dyadic_scan_single_pass<true><<<(unsigned)p.ntiles, DYADIC_THREADS>>>(p);
    else
        dyadic_scan_single_pass<false><<<(unsigned)p.ntiles, DYADIC_THREADS>>>(p);
    CUDA_CHECK_LAUNCH();
}

extern "C" void gpu_scan_plan_check(gpu_scan_plan *plan)
{
    unsigned timed_out = 0;
    CUDA_CHECK(cudaMemcpy(&timed_out, plan->timed_out, sizeof timed_out, cudaMemcpyDeviceToHost));
    if (timed_out) {
        fprintf(stderr, "error: a look-back of the single-pass scan timed out\n");
        exit(EXIT_MISMATCH);
    }
}

extern "C" int gpu_scan_plan_resident_tiles(const gpu_scan_plan *plan)
{
    int tiles = 0;
    if (plan->layout.view.log_p <= DYADIC_LOG_TILE)
        CUDA_CHECK(
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&tiles, dyadic_scan_single_pass<true>, DYADIC_THREADS, 0));
    else
        CUDA_CHECK(
            cudaOccupancyMaxActiveBlocksPerMultiprocessor(&tiles, dyadic_scan_single_pass<false>, DYADIC_THREADS, 0));
    return tiles;
}

extern "C" size_t gpu_scan_plan_tiles(const gpu_scan_plan *plan, unsigned *tile)
{
    if (tile)
        *tile = DYADIC_TILE;
    return (size_t)plan->layout.ntiles;
}

extern "C" void gpu_scan_plan_destroy(gpu_scan_plan *plan)
{
    if (plan == NULL)
        return;
    CUDA_CHECK(cudaFree(plan->node));
    CUDA_CHECK(cudaFree(plan->tile_counter));
    CUDA_CHECK(cudaFree(plan->timed_out));
    free(plan);
}

/* Host arrays in and out, through a plan made for this one call. */
static void dyadic_scan_host(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init,
                             double init)
{
    if (n == 0)
        return;
    const size_t bytes = n * sizeof(double);
    if (n > SIZE_MAX / sizeof(double)) {
        fprintf(stderr, "error: %zu doubles do not fit the address space\n", n);
        exit(EXIT_BAD_INPUT);
    }
    double *d_x = (double *)device_alloc_or_exit(bytes), *d_out = (double *)device_alloc_or_exit(bytes);
    CUDA_CHECK(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
    gpu_scan_plan *plan = gpu_scan_plan_create(n, block);
    gpu_scan_plan_run(plan, d_x, d_out, exclusive, has_init, init);
    gpu_scan_plan_check(plan);
    CUDA_CHECK(cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost));
    gpu_scan_plan_destroy(plan);
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_out));
}

extern "C" void gpu_block_dyadic_scan(const double *x, double *out, size_t n, unsigned block, int exclusive,
                                      int has_init, double init)
{
    if (block == 0) {
        fprintf(stderr, "error: block must be >= 1\n");
        exit(EXIT_BAD_INPUT);
    }
    dyadic_scan_host(x, out, n, block, exclusive, has_init, init);
}

extern "C" void gpu_iterated_pairwise_scan(const double *x, double *out, size_t n, int exclusive, int has_init,
                                           double init)
{
    dyadic_scan_host(x, out, n, 0, exclusive, has_init, init); /* one block: everything */
}

// [listing left-fold-one-thread]
/* Span n: every addition waits for the previous one, so one thread does them
 * all. The other threads only move data between global and shared memory. */
__global__ void left_fold_scan_one_thread(const double *__restrict__ x, double *__restrict__ out, uint64_t n,
                                          int exclusive, int has_init, double init)
{
    __shared__ double chunk[LEFT_FOLD_CHUNK];
    double v = 0.0, before = has_init ? init : 0.0; /* thread 0's running state */
    for (uint64_t first = 0; first < n; first += LEFT_FOLD_CHUNK) {
        const unsigned m = (unsigned)(n - first < LEFT_FOLD_CHUNK ? n - first : LEFT_FOLD_CHUNK);
        for (unsigned i = threadIdx.x; i < m; i += blockDim.x)
            chunk[i] = x[first + i];
        __syncthreads();
        if (threadIdx.x == 0) {
            for (unsigned i = 0; i < m; i++) {
                v = first + i == 0 ? chunk[i] : v + chunk[i];
                const double seen = has_init ? init + v : v;
                if (exclusive) {
                    chunk[i] = before;
                    before = seen;
                } else {
                    chunk[i] = seen;
                }
            }
        }
        __syncthreads();
        for (unsigned i = threadIdx.x; i < m; i += blockDim.x)
            out[first + i] = chunk[i];
        __syncthreads();
    }
}
// [end]

extern "C" void gpu_left_fold_scan(const double *x, double *out, size_t n, int exclusive, int has_init, double init)
{
    if (n == 0)
        return;
    if (n > SIZE_MAX / sizeof(double)) {
        fprintf(stderr, "error: %zu doubles do not fit the address space\n", n);
        exit(EXIT_BAD_INPUT);
    }
    const size_t bytes = n * sizeof(double);
    double *d_x = (double *)device_alloc_or_exit(bytes), *d_out = (double *)device_alloc_or_exit(bytes);
    CUDA_CHECK(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
    left_fold_scan_one_thread<<<1, 256>>>(d_x, d_out, n, exclusive, has_init, init);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_out));
}
