/* gpu_reduce.cu - the P4016 canonical reduce (any lane count L) and the
 * block_dyadic<B> reduce on the GPU, bit-identical to the CPU library.
 *
 * Element i belongs to lane i mod L, so the array is a table of rows of L
 * lanes. A CUDA block takes a tile of 8192 consecutive elements = 8192 / L
 * whole rows, and for every lane computes the balanced tree over those rows:
 * one complete aligned subtree per lane (reduce_plan.h says why those are
 * all we need). Passes repeat on the tile values until one row is left; a
 * last stage combines the lanes with L = 1. */
#include "canonical_gpu.h"
#include "canonical_gpu_plan.h"
#include "gpu_tree.cuh"
#include "reduce_plan.h"
#include "reduce_tail.cuh"

#define REDUCE_WARPS (REDUCE_THREADS / 32) /* REDUCE_THREADS, REDUCE_LOADS: scan_tuning.h */
static_assert(REDUCE_THREADS * 2 * REDUCE_LOADS == REDUCE_TILE, "a tile is one load per thread per step");

// [listing reduce-by-warps]
/* L = 1, 2, 4, ..., 64. Warp w owns 16 consecutive chunks of 64 elements
 * (a chunk is 64 / L whole rows); one 16-byte load per thread per chunk, so
 * a warp reads 512 contiguous bytes at a time. Per chunk, the rows of each
 * lane meet by shuffles (lane + L/2 holds the next row of the same lanes);
 * then the 16 chunks meet in registers, then the 8 warps in shared memory:
 * three levels of one balanced tree over the tile's 8192 / L rows. */
template <int L, bool TAIL>
__global__ void __launch_bounds__(REDUCE_THREADS)
lanes_tile_reduce_by_warps(const double *__restrict__ x, uint64_t count, double *__restrict__ out, reduce_tail tail)
{
    __shared__ double warp_root[REDUCE_WARPS * L];
    const unsigned lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    const uint64_t tile_first = (uint64_t)blockIdx.x * REDUCE_TILE;
    const uint64_t first = tile_first + (uint64_t)warp * (64 * REDUCE_LOADS) + 2 * lane;

    double2 v[REDUCE_LOADS];
    if (tile_first + REDUCE_TILE <= count) {
#pragma unroll
        for (int j = 0; j < REDUCE_LOADS; j++)
            v[j] = __ldg(reinterpret_cast<const double2 *>(x + first + 64 * j));
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
            c0[j] = a; /* valid in lane 0 */
        } else {
            double a = v[j].x, b = v[j].y;
#pragma unroll
            for (int off = L / 2; off < 32; off *= 2) {
                a = a + __shfl_down_sync(FULL_WARP, a, off);
                b = b + __shfl_down_sync(FULL_WARP, b, off);
            }
            c0[j] = a; /* valid in lanes 0 .. L/2 - 1 */
            c1[j] = b;
        }
    }
    const double r0 = register_tree<REDUCE_LOADS>(c0);
    if constexpr (L == 1) {
        if (lane == 0)
            warp_root[warp] = r0;
    } else {
        const double r1 = register_tree<REDUCE_LOADS>(c1);
        if (lane < L / 2) {
            warp_root[warp * L + 2 * lane] = r0;
            warp_root[warp * L + 2 * lane + 1] = r1;
        }
    }
    __syncthreads();
    if (threadIdx.x < L) {
        double w[REDUCE_WARPS];
#pragma unroll
        for (int k = 0; k < REDUCE_WARPS; k++)
            w[k] = warp_root[k * L + threadIdx.x];
        out[(uint64_t)blockIdx.x * L + threadIdx.x] = register_tree<REDUCE_WARPS>(w);
    }
    if constexpr (TAIL) /* a separate instantiation: the big first passes keep their registers */
        finish_if_last_block(tail, out);
}
// [end]

/* L = 128, 256, 512: a row is L/2 threads' worth of 16-byte loads, so a
 * group of L/2 threads owns BATCHES * 16 consecutive rows (each load
 * instruction of the group reads one whole row, >= 1 KB contiguous). Per
 * batch of 16 rows a register tree, over the batches another one (written
 * as a recursion so that only its pending left halves stay live), and the
 * 512 / L groups meet in shared memory: one balanced tree over the tile. */
template <int L>
__device__ __forceinline__ double2 batch_of_rows(const double *__restrict__ x, uint64_t count,
                                                 uint64_t first, int whole)
{
    double c0[REDUCE_LOADS], c1[REDUCE_LOADS]; /* lanes 2c and 2c+1 of 16 rows */
    if (whole) {
#pragma unroll
        for (int j = 0; j < REDUCE_LOADS; j++) {
            const double2 v = __ldg(reinterpret_cast<const double2 *>(x + first + (uint64_t)j * L));
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

template <int L, int N>
__device__ __forceinline__ double2 batches_tree(const double *__restrict__ x, uint64_t count,
                                                uint64_t first, int whole)
{
    if constexpr (N == 1) {
        return batch_of_rows<L>(x, count, first, whole);
    } else {
        const double2 a = batches_tree<L, N / 2>(x, count, first, whole);
        const double2 b = batches_tree<L, N / 2>(x, count, first + (uint64_t)(N / 2) * REDUCE_LOADS * L, whole);
        return make_double2(a.x + b.x, a.y + b.y);
    }
}

template <int L, int BATCHES, bool TAIL>
__global__ void __launch_bounds__(REDUCE_THREADS, REDUCE_WIDE_MIN_BLOCKS)
lanes_tile_reduce_by_groups(const double *__restrict__ x, uint64_t count, double *__restrict__ out, reduce_tail tail)
{
    constexpr int PER_ROW = L / 2, GROUPS = REDUCE_THREADS / PER_ROW;
    constexpr uint64_t TILE = (uint64_t)REDUCE_TILE * BATCHES;
    static_assert(GROUPS * REDUCE_LOADS * L == REDUCE_TILE, "a batch is whole rows");
    __shared__ double group_root[GROUPS * L];
    const unsigned g = threadIdx.x / PER_ROW, c = threadIdx.x % PER_ROW;
    const uint64_t tile_first = (uint64_t)blockIdx.x * TILE;
    const uint64_t first = tile_first + (uint64_t)g * BATCHES * REDUCE_LOADS * L + 2 * c;
    const double2 r = batches_tree<L, BATCHES>(x, count, first, tile_first + TILE <= count);
    group_root[g * L + 2 * c] = r.x;
    group_root[g * L + 2 * c + 1] = r.y;
    __syncthreads();
    for (unsigned i = threadIdx.x; i < L; i += REDUCE_THREADS) {
        double w[GROUPS];
#pragma unroll
        for (int k = 0; k < GROUPS; k++)
            w[k] = group_root[k * L + i];
        out[(uint64_t)blockIdx.x * L + i] = register_tree<GROUPS>(w);
    }
    if constexpr (TAIL) /* a separate instantiation: the big first passes keep their registers */
        finish_if_last_block(tail, out);
}

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
#pragma unroll
    for (int j = 0; j < REDUCE_GENERIC_ROWS; j++) {
        const uint64_t s = (tile * REDUCE_GENERIC_ROWS + j) * lanes + lane;
        v[j] = s < count ? virtual_load(&view, s) : PAD_IDENTITY;
    }
    out[g] = register_tree<REDUCE_GENERIC_ROWS>(v); /* g == tile * lanes + lane */
}
// [end]

template <int L>
static void launch_by_groups(unsigned batches, unsigned blocks, const double *x, uint64_t n, double *out,
                             reduce_tail tail)
{
    if (batches == REDUCE_WIDE_BATCHES && tail.ticket == NULL)
        lanes_tile_reduce_by_groups<L, REDUCE_WIDE_BATCHES, false><<<blocks, REDUCE_THREADS>>>(x, n, out, tail);
    else if (batches == REDUCE_WIDE_BATCHES)
        lanes_tile_reduce_by_groups<L, REDUCE_WIDE_BATCHES, true><<<blocks, REDUCE_THREADS>>>(x, n, out, tail);
    else if (tail.ticket == NULL)
        lanes_tile_reduce_by_groups<L, 1, false><<<blocks, REDUCE_THREADS>>>(x, n, out, tail);
    else
        lanes_tile_reduce_by_groups<L, 1, true><<<blocks, REDUCE_THREADS>>>(x, n, out, tail);
}

template <int L>
static void launch_by_warps(unsigned blocks, const double *x, uint64_t n, double *out, reduce_tail tail)
{
    if (tail.ticket == NULL)
        lanes_tile_reduce_by_warps<L, false><<<blocks, REDUCE_THREADS>>>(x, n, out, tail);
    else
        lanes_tile_reduce_by_warps<L, true><<<blocks, REDUCE_THREADS>>>(x, n, out, tail);
}

/* One pass: `in` (as a view) -> out[tiles * lanes]; with a tail (fast
 * passes only) its last block goes on to R. */
static void launch_reduce_pass(const reduce_pass *p, virtual_view in, double *out, reduce_tail tail)
{
    if (!p->fast) {
        const unsigned blocks = grid_blocks_or_exit(
            (p->tiles * p->lanes + REDUCE_THREADS - 1) / REDUCE_THREADS, "lanes_tile_reduce_generic");
        lanes_tile_reduce_generic<<<blocks, REDUCE_THREADS>>>(in, p->count, p->lanes, p->tiles, out);
        CUDA_CHECK_LAUNCH();
        return;
    }
    const unsigned blocks = grid_blocks_or_exit(p->tiles, "lanes_tile_reduce");
    const double *x = in.x;
    const uint64_t n = p->count;
    switch (p->lanes) {
    case 1: launch_by_warps<1>(blocks, x, n, out, tail); break;
    case 2: launch_by_warps<2>(blocks, x, n, out, tail); break;
    case 4: launch_by_warps<4>(blocks, x, n, out, tail); break;
    case 8: launch_by_warps<8>(blocks, x, n, out, tail); break;
    case 16: launch_by_warps<16>(blocks, x, n, out, tail); break;
    case 32: launch_by_warps<32>(blocks, x, n, out, tail); break;
    case 64: launch_by_warps<64>(blocks, x, n, out, tail); break;
    case 128: launch_by_groups<128>(p->batches, blocks, x, n, out, tail); break;
    case 256: launch_by_groups<256>(p->batches, blocks, x, n, out, tail); break;
    case 512: launch_by_groups<512>(p->batches, blocks, x, n, out, tail); break;
    default:
        fprintf(stderr, "error: no fast reduce kernel for %u lanes\n", p->lanes);
        exit(EXIT_MISMATCH);
    }
    CUDA_CHECK_LAUNCH();
}

struct gpu_reduce_plan {
    reduce_plan_t passes;
    double *buf[2]; /* ping-pong outputs of the passes */
    int tail_pass;  /* the pass whose last block finishes the reduce; -1: none */
    reduce_tail tail;
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
    for (int b = 0; b < 2; b++)
        p->tail.scratch[b] = (double *)device_alloc_or_exit(doubles_bytes_or_exit(REDUCE_TAIL_MAX / 2 + 1));
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
    const reduce_tail no_tail = { NULL, 0, 0, { NULL, NULL }, NULL };
    for (int i = 0; i < p->passes.npasses; i++) {
        const reduce_pass *pass = &p->passes.pass[i];
        out = p->buf[i % 2];
        launch_reduce_pass(pass, in, out, i == p->tail_pass ? p->tail : no_tail);
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
        CUDA_CHECK(cudaFree(plan->tail.scratch[0]));
        CUDA_CHECK(cudaFree(plan->tail.scratch[1]));
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
extern "C" double gpu_block_dyadic_reduce(const double *x, size_t n, unsigned block, int has_init,
                                          double init)
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
