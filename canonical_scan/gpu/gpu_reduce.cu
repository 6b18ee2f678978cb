/* gpu_reduce.cu - the P4016 canonical reduce (any lane count L) and the
 * block_dyadic<B> reduce on the GPU, bit-identical to the CPU library.
 *
 * Element i belongs to lane i mod L, so the array is a table of rows of L
 * lanes. A CUDA block takes a tile of 8192 consecutive elements = 8192 / L
 * whole rows, and for every lane computes the balanced tree over those rows:
 * one complete aligned subtree per lane (reduce_plan.h says why those are
 * all we need). Passes repeat on the tile values until one row is left; a
 * last stage combines the lanes with L = 1. A big first pass takes long
 * tiles of several 8192-element batches, each read by the blocks of one
 * thread-block cluster (sm_90) that add their rows in the first block's
 * shared memory: fewer partial values from blocks just as short. */
#include "canonical_gpu.h"
#include "canonical_gpu_plan.h"
#include "dependent_launch.cuh"
#include "gpu_tree.cuh"
#include "reduce_plan.h"
#include "reduce_tail.cuh"

#include <cooperative_groups.h>

#define REDUCE_WARPS (REDUCE_THREADS / 32) /* REDUCE_THREADS, REDUCE_LOADS: scan_tuning.h */
static_assert(REDUCE_THREADS * 2 * REDUCE_LOADS == REDUCE_TILE, "a tile is one load per thread per step");

/* A pass reads each input word once. REDUCE_EVICT_FIRST = 1 asks L2 to
 * evict those lines first (ld.global.cs, "cache streaming"), so that the
 * partial values the pass writes stay in L2 for the next pass instead of
 * being written back to DRAM in the middle of the stream; the default is a
 * read-only load (ld.global.nc). scan_tuning.h says what each measured. */
__device__ __forceinline__ double2 load_once(const double2 *p)
{
#if REDUCE_EVICT_FIRST
    return __ldcs(p);
#else
    return __ldg(p);
#endif
}

/* A fast kernel's partial value, read once by the next pass.
 * REDUCE_KEEP_PARTIALS = 1 writes it with an L2 evict-last policy (sm_80+
 * PTX: createpolicy, st.global.L2::cache_hint), so the input stream of the
 * same pass cannot push it out to DRAM; the default is a plain store. */
__device__ __forceinline__ void store_partial(double *p, double v)
{
#if REDUCE_KEEP_PARTIALS
    asm volatile("{\n\t.reg .b64 keep;\n\t"
                 "createpolicy.fractional.L2::evict_last.b64 keep, 1.0;\n\t"
                 "st.global.L2::cache_hint.f64 [%0], %1, keep;\n\t}" ::"l"(p),
                 "d"(v)
                 : "memory");
#else
    *p = v;
#endif
}

/* How a pass that finishes ends (reduce_tail.cuh): by its last block, once
 * all `tiles` rows are written. */
__device__ __forceinline__ void finish_pass(const reduce_finish &f, const double *partials, unsigned tiles)
{
    finish_if_last_block(f.tail, partials, tiles);
}

// [listing reduce-cluster]
/* A block may write into another block's shared memory only once that
 * block is running: every block of a cluster arrives at the cluster barrier
 * as it starts (cluster_arrive) and waits for the others just before its
 * writes (cluster_wait), by which time they have long started. Called by
 * every thread; nothing for CLUSTER = 1. */
template <int CLUSTER>
__device__ __forceinline__ void cluster_arrive(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    if constexpr (CLUSTER > 1)
        asm volatile("barrier.cluster.arrive.relaxed.aligned;" ::: "memory");
#endif
}

template <int CLUSTER>
__device__ __forceinline__ void cluster_wait(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    if constexpr (CLUSTER > 1)
        asm volatile("barrier.cluster.wait.aligned;" ::: "memory");
#endif
}

/* A block's value of lane i: its row of the pass's output -- or, when
 * CLUSTER blocks (a thread-block cluster, sm_90) share one tile, row `rank`
 * of the rows the cluster's first block collects in its shared memory.
 * (cooperative_groups, a C++ header of the toolkit, is its documented way
 * to address another block's shared memory and to synchronise a cluster.) */
template <int L, int CLUSTER>
__device__ __forceinline__ void put_block_value(double *out, double *cluster_rows, unsigned i, double v)
{
    if constexpr (CLUSTER == 1) {
        (void)cluster_rows;
        store_partial(&out[(uint64_t)blockIdx.x * L + i], v);
    } else {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
        cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster();
        double *first = cluster.map_shared_rank(cluster_rows, 0);
        first[cluster.block_rank() * L + i] = v;
#else
        __trap(); /* the host launches clusters only for sm_90 code */
#endif
    }
}

/* CLUSTER > 1: once every block of the cluster has put its rows, the first
 * block adds them, a balanced tree over CLUSTER rows per lane (the tree of
 * batches_tree), and writes the tile's row. Returns whether this block goes
 * on (the one that wrote the tile's row). */
template <int L, int CLUSTER>
__device__ __forceinline__ bool cluster_tile_row(double *out, const double *cluster_rows)
{
    if constexpr (CLUSTER == 1) {
        (void)out;
        (void)cluster_rows;
        return true;
    } else {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
        cooperative_groups::cluster_group cluster = cooperative_groups::this_cluster();
        cluster.sync(); /* the other blocks' rows are in, and this block's rows are read only after */
        if (cluster.block_rank() != 0)
            return false;
        for (unsigned i = threadIdx.x; i < L; i += blockDim.x) {
            double v[CLUSTER];
#pragma unroll
            for (int k = 0; k < CLUSTER; k++)
                v[k] = cluster_rows[k * L + i];
            store_partial(&out[(uint64_t)(blockIdx.x / CLUSTER) * L + i], register_tree<CLUSTER>(v));
        }
        return true;
#else
        return false;
#endif
    }
}
// [end]

/* Thread-block clusters exist from sm_90 on; code compiled for an older
 * GPU (and run there, or JIT-compiled from its PTX) gives each tile one
 * block, and the host launches it so (gpu_reduce_plan.clusters). */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 900
#define CLUSTERS_COMPILED 0
#else
#define CLUSTERS_COMPILED 1
#endif

// [listing reduce-by-warps]
/* L = 1, 2, 4, ..., 64; the passes take it below REDUCE_ROWS_LANES. A
 * batch is 16 consecutive chunks of 64 elements (a chunk is 64 / L whole
 * rows), one 16-byte load per thread per chunk, so a warp reads 512
 * contiguous bytes at a time. Per chunk, the rows of each
 * lane meet by shuffles (lane + L/2 holds the next row of the same lanes),
 * then the 16 chunks meet in registers. Returns the lanes 2*lane % L (x) and
 * 2*lane % L + 1 (y), valid in lanes 0 .. L/2 - 1 (lane 0 only, in x, for
 * L = 1). */
template <int L>
__device__ __forceinline__ double2 warp_batch(const double *__restrict__ x, uint64_t count, uint64_t first, int whole)
{
    double2 v[REDUCE_LOADS];
    if (whole) {
#pragma unroll
        for (int j = 0; j < REDUCE_LOADS; j++)
            v[j] = load_once(reinterpret_cast<const double2 *>(x + first + 64 * j));
    } else { /* the last tile: missing elements are the identity -0.0 */
#pragma unroll
        for (int j = 0; j < REDUCE_LOADS; j++) {
            const uint64_t e = first + 64 * j;
            v[j].x = e < count ? x[e] : PAD_IDENTITY;
            v[j].y = e + 1 < count ? x[e + 1] : PAD_IDENTITY;
        }
    }
    double c0[REDUCE_LOADS], c1[REDUCE_LOADS]; /* per chunk: lanes 2*lane % L and +1 */
#pragma unroll
    for (int j = 0; j < REDUCE_LOADS; j++) {
        if constexpr (L == 1) { /* the two elements are rows 2*lane and 2*lane+1 */
            double a = v[j].x + v[j].y;
#pragma unroll
            for (int off = 1; off < 32; off *= 2)
                a = a + __shfl_down_sync(FULL_WARP, a, off);
            c0[j] = a;
            c1[j] = 0.0;
        } else {
            double a = v[j].x, b = v[j].y;
#pragma unroll
            for (int off = L / 2; off < 32; off *= 2) {
                a = a + __shfl_down_sync(FULL_WARP, a, off);
                b = b + __shfl_down_sync(FULL_WARP, b, off);
            }
            c0[j] = a;
            c1[j] = b;
        }
    }
    return make_double2(register_tree<REDUCE_LOADS>(c0), L == 1 ? 0.0 : register_tree<REDUCE_LOADS>(c1));
}

/* N consecutive batches, STRIDE elements apart, of one thread's share: the
 * balanced tree over the values BATCH returns for them (a recursion, so
 * that only the pending left halves stay live). Both fast kernels use it. */
typedef double2 (*batch_reduce)(const double *__restrict__, uint64_t, uint64_t, int);

template <batch_reduce BATCH, uint64_t STRIDE, int N>
__device__ __forceinline__ double2 batches_tree(const double *__restrict__ x, uint64_t count, uint64_t first, int whole)
{
    if constexpr (N == 1) {
        return BATCH(x, count, first, whole);
    } else {
        const double2 a = batches_tree<BATCH, STRIDE, N / 2>(x, count, first, whole);
        const double2 b = batches_tree<BATCH, STRIDE, N / 2>(x, count, first + (uint64_t)(N / 2) * STRIDE, whole);
        return make_double2(a.x + b.x, a.y + b.y);
    }
}

/* A CUDA block's tile is BATCHES * 8192 elements; warp w owns its w-th
 * eighth (BATCHES batches), and the 8 warps meet in shared memory: the
 * levels of one balanced tree over the tile's rows. */
template <int L, int BATCHES, bool TAIL>
__global__ void __launch_bounds__(REDUCE_THREADS, REDUCE_MIN_BLOCKS)
    lanes_tile_reduce_by_warps(const double *__restrict__ x, uint64_t count, double *__restrict__ out,
                               reduce_finish finish)
{
    constexpr uint64_t TILE = (uint64_t)REDUCE_TILE * BATCHES;
    __shared__ double warp_root[REDUCE_WARPS * L];
    const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const uint64_t tile_first = (uint64_t)blockIdx.x * TILE;
    const uint64_t first = tile_first + (uint64_t)warp * (64 * REDUCE_LOADS * BATCHES) + 2 * lane;
    wait_for_previous_pass(); /* x may be the previous pass's output */
    const double2 r = batches_tree<warp_batch<L>, 64 * REDUCE_LOADS, BATCHES>(x, count, first,
                                                                              tile_first + TILE <= count);
    let_next_pass_launch();
    if constexpr (L == 1) {
        if (lane == 0)
            warp_root[warp] = r.x;
    } else {
        if (lane < L / 2) {
            warp_root[warp * L + 2 * lane] = r.x;
            warp_root[warp * L + 2 * lane + 1] = r.y;
        }
    }
    __syncthreads();
    if (threadIdx.x < L) {
        double w[REDUCE_WARPS];
#pragma unroll
        for (int k = 0; k < REDUCE_WARPS; k++)
            w[k] = warp_root[k * L + threadIdx.x];
        store_partial(&out[(uint64_t)blockIdx.x * L + threadIdx.x], register_tree<REDUCE_WARPS>(w));
    }
    if constexpr (TAIL) /* a separate instantiation: passes that only write keep it short */
        finish_pass(finish, out, gridDim.x);
}
// [end]

// [listing reduce-by-rows]
/* L = 4, 8, ..., 512; the passes take it from REDUCE_ROWS_LANES on. A row
 * is L/2 threads' worth of 16-byte loads, so a group of L/2 threads owns
 * BATCHES * 16 consecutive rows (each load instruction of the group reads
 * one whole row, L * 8 bytes contiguous). Per batch of 16 rows a register
 * tree, over the batches another one (batches_tree), and the 512 / L
 * groups meet in shared memory: one balanced tree over the tile, without a
 * single shuffle. */
template <int L>
__device__ __forceinline__ double2 batch_of_rows(const double *__restrict__ x, uint64_t count, uint64_t first,
                                                 int whole)
{
    double c0[REDUCE_LOADS], c1[REDUCE_LOADS]; /* lanes 2c and 2c+1 of 16 rows */
    if (whole) {
#pragma unroll
        for (int j = 0; j < REDUCE_LOADS; j++) {
            const double2 v = load_once(reinterpret_cast<const double2 *>(x + first + (uint64_t)j * L));
            c0[j] = v.x;
            c1[j] = v.y;
        }
    } else {
#pragma unroll
        for (int j = 0; j < REDUCE_LOADS; j++) {
            const uint64_t e = first + (uint64_t)j * L;
            c0[j] = e < count ? x[e] : PAD_IDENTITY;
            c1[j] = e + 1 < count ? x[e + 1] : PAD_IDENTITY;
        }
    }
    return make_double2(register_tree<REDUCE_LOADS>(c0), register_tree<REDUCE_LOADS>(c1));
}

template <int L, int TILE_BATCHES, bool TAIL, int CLUSTER = 1>
__global__ void __launch_bounds__(REDUCE_THREADS, REDUCE_MIN_BLOCKS)
    lanes_tile_reduce_by_groups(const double *__restrict__ x, uint64_t count, double *__restrict__ out,
                                reduce_finish finish)
{
    constexpr int PER_ROW = L / 2, GROUPS = REDUCE_THREADS / PER_ROW;
    constexpr int C = CLUSTERS_COMPILED ? CLUSTER : 1, BATCHES = TILE_BATCHES / C; /* this block's share */
    constexpr uint64_t TILE = (uint64_t)REDUCE_TILE * BATCHES;
    static_assert(GROUPS * REDUCE_LOADS * L == REDUCE_TILE, "a batch is whole rows");
    __shared__ double group_root[GROUPS * L];
    __shared__ double cluster_rows[C > 1 ? C * L : 1];
    const unsigned g = threadIdx.x / PER_ROW, c = threadIdx.x % PER_ROW;
    const uint64_t tile_first = (uint64_t)blockIdx.x * TILE;
    const uint64_t first = tile_first + (uint64_t)g * BATCHES * REDUCE_LOADS * L + 2 * c;
    cluster_arrive<C>();
    wait_for_previous_pass(); /* x may be the previous pass's output */
    const double2 r = batches_tree<batch_of_rows<L>, (uint64_t)REDUCE_LOADS * L, BATCHES>(x, count, first,
                                                                                          tile_first + TILE <= count);
    let_next_pass_launch();
    group_root[g * L + 2 * c] = r.x;
    group_root[g * L + 2 * c + 1] = r.y;
    __syncthreads();
    cluster_wait<C>();
    for (unsigned i = threadIdx.x; i < L; i += REDUCE_THREADS) {
        double w[GROUPS];
#pragma unroll
        for (int k = 0; k < GROUPS; k++)
            w[k] = group_root[k * L + i];
        put_block_value<L, C>(out, cluster_rows, i, register_tree<GROUPS>(w));
    }
    if (!cluster_tile_row<L, C>(out, cluster_rows))
        return;
    if constexpr (TAIL) /* a separate instantiation: passes that only write keep it short */
        finish_pass(finish, out, gridDim.x / C);
}
// [end]

// [listing reduce-generic]
/* Any L, any view (padded blocks too): one thread per (tile, lane) walks 32
 * rows of its lane -- slow, strided, and exactly the same tree. */
__global__ void __launch_bounds__(REDUCE_THREADS)
    lanes_tile_reduce_generic(virtual_view view, uint64_t count, unsigned lanes, uint64_t tiles,
                              double *__restrict__ out)
{
    const uint64_t g = (uint64_t)blockIdx.x * REDUCE_THREADS + threadIdx.x;
    if (g >= tiles * lanes)
        return;
    const uint64_t lane = g % lanes, tile = g / lanes;
    double v[REDUCE_GENERIC_ROWS];
    wait_for_previous_pass();
#pragma unroll
    for (int j = 0; j < REDUCE_GENERIC_ROWS; j++) {
        const uint64_t s = (tile * REDUCE_GENERIC_ROWS + j) * lanes + lane;
        v[j] = s < count ? virtual_load(&view, s) : PAD_IDENTITY;
    }
    out[g] = register_tree<REDUCE_GENERIC_ROWS>(v); /* g == tile * lanes + lane */
}
// [end]

/* Every kernel of a pass takes (x, count, out, tail); `dependent`: a pass
 * after the first, launched while the one it reads is finishing
 * (dependent_launch.cuh). */
typedef void (*pass_kernel)(const double *, uint64_t, double *, reduce_finish);

/* Blocks of one cluster that share a long first-pass tile of L lanes
 * (scan_tuning.h): REDUCE_LONG_CLUSTER, but never more than the cluster's
 * first block can collect rows of in 16 KiB of shared memory (L = 512:
 * 4 blocks). */
static constexpr int long_tile_cluster(int lanes)
{
    return REDUCE_LONG_CLUSTER * lanes <= 2048 || REDUCE_LONG_CLUSTER == 1 ? REDUCE_LONG_CLUSTER : 2048 / lanes;
}
static_assert(REDUCE_ROWS_LANES >= 4 && REDUCE_ROWS_LANES <= 128,
              "by warps takes L <= 64, by rows L >= 4 (two threads a row at least)");
static_assert(REDUCE_LONG_BATCHES % REDUCE_LONG_CLUSTER == 0, "the blocks of a cluster share whole batches");
static_assert(REDUCE_LONG_BATCHES != REDUCE_ROWS_BATCHES && REDUCE_LONG_BATCHES != REDUCE_WIDE_BATCHES,
              "a long tile is told from an ordinary one by its batches");

/* The kernel of a pass of L lanes: by warps below REDUCE_ROWS_LANES, by
 * rows from there on: long tiles (in clusters), the first pass's ordinary
 * tiles, or one batch a tile (the later passes). */
template <int L>
static pass_kernel lanes_kernel(unsigned batches, int tail)
{
    if constexpr (L < REDUCE_ROWS_LANES) {
        if (batches == REDUCE_WARP_BATCHES)
            return tail ? lanes_tile_reduce_by_warps<L, REDUCE_WARP_BATCHES, true>
                        : lanes_tile_reduce_by_warps<L, REDUCE_WARP_BATCHES, false>;
        return tail ? lanes_tile_reduce_by_warps<L, 1, true> : lanes_tile_reduce_by_warps<L, 1, false>;
    } else {
        constexpr int C = long_tile_cluster(L);
        constexpr int B = L >= REDUCE_WIDE_LANES ? REDUCE_WIDE_BATCHES : REDUCE_ROWS_BATCHES;
        if (batches == REDUCE_LONG_BATCHES)
            return tail ? lanes_tile_reduce_by_groups<L, REDUCE_LONG_BATCHES, true, C>
                        : lanes_tile_reduce_by_groups<L, REDUCE_LONG_BATCHES, false, C>;
        if (batches == B)
            return tail ? lanes_tile_reduce_by_groups<L, B, true> : lanes_tile_reduce_by_groups<L, B, false>;
        return tail ? lanes_tile_reduce_by_groups<L, 1, true> : lanes_tile_reduce_by_groups<L, 1, false>;
    }
}

/* Blocks that share a tile of this pass: long tiles, compiled for sm_90
 * and run there, take clusters; every other tile is one block. */
static unsigned pass_cluster(const reduce_pass *p, int clusters)
{
    return clusters && p->lanes >= REDUCE_ROWS_LANES && p->batches == REDUCE_LONG_BATCHES
               ? (unsigned)long_tile_cluster((int)p->lanes)
               : 1;
}

static pass_kernel fast_pass_kernel(const reduce_pass *p, int tail)
{
    switch (p->lanes) {
    case 1: return lanes_kernel<1>(p->batches, tail);
    case 2: return lanes_kernel<2>(p->batches, tail);
    case 4: return lanes_kernel<4>(p->batches, tail);
    case 8: return lanes_kernel<8>(p->batches, tail);
    case 16: return lanes_kernel<16>(p->batches, tail);
    case 32: return lanes_kernel<32>(p->batches, tail);
    case 64: return lanes_kernel<64>(p->batches, tail);
    case 128: return lanes_kernel<128>(p->batches, tail);
    case 256: return lanes_kernel<256>(p->batches, tail);
    case 512: return lanes_kernel<512>(p->batches, tail);
    default: fprintf(stderr, "error: no fast reduce kernel for %u lanes\n", p->lanes); exit(EXIT_MISMATCH);
    }
}

/* One pass: `in` (as a view) -> out[tiles * lanes]; with a tail (fast
 * passes only) its last block goes on to R. */
static void launch_reduce_pass(const reduce_pass *p, virtual_view in, double *out, reduce_finish finish, int dependent,
                               int clusters)
{
    if (!p->fast) {
        const unsigned blocks = grid_blocks_or_exit((p->tiles * p->lanes + REDUCE_THREADS - 1) / REDUCE_THREADS,
                                                    "lanes_tile_reduce_generic");
        launch_pass(lanes_tile_reduce_generic, blocks, REDUCE_THREADS, dependent, in, p->count, p->lanes, p->tiles,
                    out);
        CUDA_CHECK_LAUNCH();
        return;
    }
    const unsigned cluster = pass_cluster(p, clusters);
    const unsigned blocks = grid_blocks_or_exit(p->tiles * cluster, "lanes_tile_reduce");
    launch_pass_in_clusters(fast_pass_kernel(p, finish.tail.ticket != NULL), blocks, REDUCE_THREADS, dependent, cluster,
                            in.x, p->count, out, finish);
    CUDA_CHECK_LAUNCH();
}

struct gpu_reduce_plan {
    reduce_plan_t passes;
    double *buf[2]; /* ping-pong outputs of the passes */
    int tail_pass;  /* the pass whose last block finishes the reduce; -1: none */
    reduce_tail tail;
    int dependent; /* passes after the first are dependent launches (sm_90+) */
    int clusters;  /* the first pass's blocks share tiles in clusters (sm_90+ code) */
};

/* The first fast pass that leaves few enough partial values for one block,
 * if later passes remain; -1 when there is none. */
static int choose_tail_pass(const reduce_plan_t *p)
{
    for (int i = 0; i + 1 < p->npasses; i++)
        if (p->pass[i].fast && p->pass[i].tiles * p->pass[i].lanes <= REDUCE_TAIL_MAX)
            return i;
    return -1;
}

static void tail_create(gpu_reduce_plan *p)
{
    p->tail_pass = choose_tail_pass(&p->passes);
    if (p->tail_pass < 0)
        return;
    const reduce_pass *pass = &p->passes.pass[p->tail_pass];
    p->tail.count = pass->tiles * pass->lanes;
    p->tail.lanes = pass->lanes;
    p->tail.ticket = (unsigned *)device_alloc_or_exit(sizeof(unsigned));
    CUDA_CHECK(cudaMemset(p->tail.ticket, 0, sizeof(unsigned)));
    p->tail.result = (double *)device_alloc_or_exit(sizeof(double));
}

static int aligned16(const void *p)
{
    return ((uintptr_t)p & 15) == 0;
}

/* Plans the passes over nvirt slots; input_fast: the input is an identity
 * view of 16-byte aligned memory. */
static gpu_reduce_plan *reduce_plan_create(uint64_t nvirt, uint64_t lanes, int input_fast)
{
    gpu_reduce_plan *p = (gpu_reduce_plan *)calloc(1, sizeof *p);
    if (p == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_BAD_INPUT);
    }
    reduce_plan_build(&p->passes, nvirt, lanes, input_fast);
    /* every pass kernel is in this file, compiled for the same architectures */
    p->clusters = kernel_runs_sm90_code(lanes_tile_reduce_by_warps<1, 1, true>);
    p->dependent = REDUCE_DEPENDENT_LAUNCH && p->clusters;
    uint64_t need[2] = { 1, 1 };
    for (int i = 0; i < p->passes.npasses; i++) {
        const uint64_t out = p->passes.pass[i].tiles * p->passes.pass[i].lanes;
        if (out > need[i % 2])
            need[i % 2] = out;
    }
    for (int b = 0; b < 2; b++)
        p->buf[b] = (double *)device_alloc_or_exit(doubles_bytes_or_exit(need[b]));
    tail_create(p);
    return p;
}

// [listing reduce-passes]
/* Runs the passes; the last one writes the single value R -- or the tail
 * pass does, and the passes after it are not launched. */
static const double *reduce_plan_enqueue(const gpu_reduce_plan *p, virtual_view input)
{
    virtual_view in = input;
    double *out = NULL;
    const reduce_finish no_finish = { { NULL, 0, 0, NULL } };
    const reduce_finish finish = { p->tail };
    for (int i = 0; i < p->passes.npasses; i++) {
        const reduce_pass *pass = &p->passes.pass[i];
        out = p->buf[i % 2];
        launch_reduce_pass(pass, in, out, i == p->tail_pass ? finish : no_finish, i > 0 && p->dependent, p->clusters);
        if (i == p->tail_pass)
            return p->tail.result;
        in = virtual_identity(out, pass->tiles * pass->lanes); /* the next pass reads these */
    }
    return out;
}
// [end]

extern "C" gpu_reduce_plan *gpu_reduce_plan_create(size_t n, unsigned lanes)
{
    if (n == 0 || lanes == 0) {
        fprintf(stderr, "error: a reduce plan needs n >= 1 and lanes >= 1\n");
        exit(EXIT_BAD_INPUT);
    }
    return reduce_plan_create(n, lanes, 1);
}

extern "C" const double *gpu_reduce_plan_run(gpu_reduce_plan *plan, const double *d_x)
{
    if (!aligned16(d_x)) {
        fprintf(stderr, "error: gpu_reduce_plan_run needs 16-byte aligned input\n");
        exit(EXIT_BAD_INPUT);
    }
    return reduce_plan_enqueue(plan, virtual_identity(d_x, plan->passes.pass[0].count));
}

extern "C" int gpu_reduce_plan_passes(const gpu_reduce_plan *plan, int *fast)
{
    const int launched = plan->tail_pass >= 0 ? plan->tail_pass + 1 : plan->passes.npasses;
    int f = 0;
    for (int i = 0; i < launched; i++)
        f += plan->passes.pass[i].fast;
    if (fast)
        *fast = f;
    return launched;
}

extern "C" void gpu_reduce_plan_destroy(gpu_reduce_plan *plan)
{
    if (plan == NULL)
        return;
    CUDA_CHECK(cudaFree(plan->buf[0]));
    CUDA_CHECK(cudaFree(plan->buf[1]));
    if (plan->tail_pass >= 0) {
        CUDA_CHECK(cudaFree(plan->tail.ticket));
        CUDA_CHECK(cudaFree(plan->tail.result));
    }
    free(plan);
}

/* The reduce of a view of device memory, lanes >= 1, nvirt >= 1: R. */
static double reduce_view(virtual_view view, uint64_t lanes)
{
    const int identity = view.block == (UINT64_C(1) << 62);
    gpu_reduce_plan *p = reduce_plan_create(view.nvirt, lanes, identity && aligned16(view.x));
    const double *d_r = reduce_plan_enqueue(p, view);
    double r = 0.0;
    CUDA_CHECK(cudaMemcpy(&r, d_r, sizeof r, cudaMemcpyDeviceToHost));
    gpu_reduce_plan_destroy(p);
    return r;
}

static double *device_copy_of(const double *x, size_t n)
{
    const size_t bytes = doubles_bytes_or_exit(n);
    double *d = (double *)device_alloc_or_exit(bytes);
    CUDA_CHECK(cudaMemcpy(d, x, bytes, cudaMemcpyHostToDevice));
    return d;
}

extern "C" double gpu_canonical_reduce(const double *x, size_t n, unsigned lanes, int has_init, double init)
{
    if (lanes == 0) {
        fprintf(stderr, "error: lanes must be >= 1\n");
        exit(EXIT_BAD_INPUT);
    }
    if (n == 0)
        return has_init ? init : 0.0;
    double *d_x = device_copy_of(x, n);
    const double r = reduce_view(virtual_identity(d_x, n), lanes);
    CUDA_CHECK(cudaFree(d_x));
    return has_init ? init + r : r;
}

/* block_dyadic<B>: the shared plan of reduce_plan.h over device views. */
extern "C" double gpu_block_dyadic_reduce(const double *x, size_t n, unsigned block, int has_init, double init)
{
    if (block == 0) {
        fprintf(stderr, "error: block must be >= 1\n");
        exit(EXIT_BAD_INPUT);
    }
    if (n == 0)
        return has_init ? init : 0.0;
    double *d_x = device_copy_of(x, n);
    const double r = block_dyadic_reduce_views(d_x, n, block, reduce_view);
    CUDA_CHECK(cudaFree(d_x));
    return has_init ? init + r : r;
}
