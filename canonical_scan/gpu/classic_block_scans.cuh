/* classic_block_scans.cuh - the classic prefix networks as block-level (and
 * one warp-level) scans of one tile, one element per thread, and the
 * device-wide scan built from each with a dyadic look-back. The same source
 * runs on the GPU (gpu/classic_scans.cu) and on the CPU emulator
 * (tests/emulated_classic_scans.cpp); both must give the bits of the named
 * expressions of lib/classic_networks.c.
 *
 * Every network here does exactly the operations network_enumerate lists,
 * with one change that costs no bits: a wire that holds no element (beyond
 * n, or Blelloch's cleared root) holds -0.0 instead of "empty". In IEEE
 * round-to-nearest, -0.0 + a == a for every a, +0.0 and -0.0 included
 * (+0.0 would turn a -0.0 into +0.0), so the padded additions return what the
 * expression's "no addition" returns. */
#ifndef CANONICAL_SCAN_CLASSIC_BLOCK_SCANS_CUH
#define CANONICAL_SCAN_CLASSIC_BLOCK_SCANS_CUH

#include <stdint.h>

/* The identity the padded wires hold (see above). */
#define CLASSIC_EMPTY (-0.0)
#define CLASSIC_MAX_THREADS 1024
/* The device-wide scans' tile: one element per thread. */
#define CLASSIC_TILE 256

/* Which network; the numbers are classic_network's (lib/classic_networks.h). */
enum {
    CLASSIC_KOGGE_STONE = 0,
    CLASSIC_BRENT_KUNG = 1,
    CLASSIC_BLELLOCH = 2,
    CLASSIC_SKLANSKY = 3,
    CLASSIC_KOGGE_STONE_REVERSED = 4
};

/* Mistakes a student makes, for the traps (0: none). */
enum { CLASSIC_CORRECT = 0, CLASSIC_MISTAKE_IN_PLACE = 1, CLASSIC_MISTAKE_NO_CLEAR = 2 };

// [listing warp-kogge-stone]
/* Kogge-Stone over the 32 lanes of a warp: at distance d every lane >= d adds
 * the value of lane - d as it was before this level. A shuffle reads all
 * lanes at once, so no buffer is needed. */
__device__ __forceinline__ double warp_kogge_stone(double v, unsigned lane)
{
    for (unsigned d = 1; d < 32; d *= 2) {
        const double below = __shfl_up_sync(0xffffffffu, v, d);
        if (lane >= d)
            v = below + v;
    }
    return v;
}
// [end]

// [listing block-kogge-stone]
/* Kogge-Stone over a block: every level reads one half of buf and writes the
 * other (double buffering), because wire i - d is also a target of the
 * level. With mistake == CLASSIC_MISTAKE_IN_PLACE it reads and writes one
 * half: a race (some thread i - d may already have written). */
__device__ double block_kogge_stone(double v, double *buf, int reversed, int mistake)
{
    const unsigned t = threadIdx.x, w = blockDim.x;
    unsigned in = 0;
    buf[t] = v;
    __syncthreads();
    for (unsigned step = 1; step < w; step *= 2) {
        const unsigned d = reversed ? w / (2 * step) : step;
        const unsigned out = mistake == CLASSIC_MISTAKE_IN_PLACE ? in : 1 - in;
        double s = buf[in * w + t];
        if (t >= d)
            s = buf[in * w + t - d] + s;
        buf[out * w + t] = s;
        in = out;
        __syncthreads();
    }
    return buf[in * w + t];
}
// [end]

// [listing block-blelloch]
/* The up-sweep Brent-Kung and Blelloch both begin with: v into wire t,
 * then at distance d = 1, 2, 4, ... wire 2d-1 + 2dm adds wire d-1 + 2dm
 * (thread m does the m-th addition of the level). The last wire ends with
 * the tile's pairwise total, the root. */
__device__ void block_up_sweep(double v, double *buf)
{
    const unsigned t = threadIdx.x, w = blockDim.x;
    buf[t] = v;
    __syncthreads();
    for (unsigned d = 1; d < w; d *= 2) {
        const unsigned i = 2 * d - 1 + t * 2 * d;
        if (i < w)
            buf[i] = buf[i - d] + buf[i];
        __syncthreads();
    }
}

/* Blelloch: Brent-Kung's up-sweep, the root cleared to the empty prefix,
 * then each node gives its left child its own prefix and its right child
 * that prefix plus the left child's sum. Returns the exclusive E[t];
 * *total gets the up-sweep's root. With CLASSIC_MISTAKE_NO_CLEAR the root
 * keeps the tile's total. */
__device__ double block_blelloch(double v, double *buf, double *total, int mistake)
{
    const unsigned t = threadIdx.x, w = blockDim.x;
    block_up_sweep(v, buf);
    *total = buf[w - 1];
    __syncthreads(); /* every thread has read the root before it is cleared */
    if (t == 0 && mistake != CLASSIC_MISTAKE_NO_CLEAR)
        buf[w - 1] = CLASSIC_EMPTY;
    __syncthreads();
    for (unsigned d = w / 2; d >= 1; d /= 2) {
        const unsigned r = 2 * d - 1 + t * 2 * d;
        if (r < w) {
            const double left_sum = buf[r - d];
            buf[r - d] = buf[r];        /* left child: the parent's prefix */
            buf[r] = buf[r] + left_sum; /* right child: prefix + left sum */
        }
        __syncthreads();
    }
    return buf[t];
}
// [end]

/* Brent-Kung in place: the targets of a level (3d-1, 5d-1, ... down; 2d-1,
 * 4d-1, ... up) are never its sources, so one buffer is enough. Thread m
 * does the level's m-th operation. Returns wire t; *total gets the tile's
 * pairwise total (the root of the up-sweep). */
__device__ double block_brent_kung(double v, double *buf, double *total)
{
    const unsigned t = threadIdx.x, w = blockDim.x;
    block_up_sweep(v, buf);
    *total = buf[w - 1];
    for (unsigned d = w / 4; d >= 1; d /= 2) {
        const unsigned i = 3 * d - 1 + t * 2 * d;
        if (i < w)
            buf[i] = buf[i - d] + buf[i];
        __syncthreads();
    }
    return buf[t];
}

/* Sklansky in place: at distance d, thread t with bit d set adds the last
 * wire of the lower half of its 2d-block, which has bit d clear and so is
 * not written in this level. */
__device__ double block_sklansky(double v, double *buf)
{
    const unsigned t = threadIdx.x, w = blockDim.x;
    buf[t] = v;
    __syncthreads();
    for (unsigned d = 1; d < w; d *= 2) {
        if (t & d)
            buf[t] = buf[(t & ~(2 * d - 1)) + d - 1] + buf[t];
        __syncthreads();
    }
    return buf[t];
}

/* The inclusive scan of the tile's values by network `net` (Blelloch's as
 * E[t] + x[t]); *total gets the tile's pairwise total. buf: 2 * blockDim.x
 * doubles. Every thread of the block calls it. */
__device__ double block_classic_inclusive(int net, double v, double *buf, double *total, int mistake)
{
    double s;
    switch (net) {
    case CLASSIC_BRENT_KUNG: return block_brent_kung(v, buf, total);
    case CLASSIC_BLELLOCH: return block_blelloch(v, buf, total, mistake) + v;
    case CLASSIC_SKLANSKY: s = block_sklansky(v, buf); break;
    default: /* Kogge-Stone, either order of distances */
        s = block_kogge_stone(v, buf, net == CLASSIC_KOGGE_STONE_REVERSED, mistake);
        break;
    }
    __syncthreads();
    if (threadIdx.x == blockDim.x - 1)
        buf[0] = s; /* the last wire is the tile's pairwise total */
    __syncthreads();
    *total = buf[0];
    __syncthreads();
    return s;
}

/* One tile per block, no carry: the network's scan of x[b*w .. b*w + w-1]
 * (w = blockDim.x, a power of two), inclusive, or exclusive as the network
 * gives it (Blelloch) or by shifting (the others). Beyond n: -0.0. */
__global__ void classic_tile_scan(const double *x, double *out, uint64_t n, int net, int exclusive, int mistake)
{
    __shared__ double buf[2 * CLASSIC_MAX_THREADS];
    const unsigned t = threadIdx.x, w = blockDim.x;
    const uint64_t i = (uint64_t)blockIdx.x * w + t;
    const double v = i < n ? x[i] : CLASSIC_EMPTY;
    double total, s;
    if (net == CLASSIC_BLELLOCH && exclusive) {
        s = block_blelloch(v, buf, &total, mistake);
    } else {
        s = block_classic_inclusive(net, v, buf, &total, mistake);
        if (exclusive) { /* shift: E[t] = S[t-1] */
            buf[t] = s;
            __syncthreads();
            s = t == 0 ? CLASSIC_EMPTY : buf[t - 1];
        }
    }
    if (exclusive && t == 0)
        s = s + 0.0; /* the empty prefix -0.0 is written +0.0, as the CPU library writes it */
    if (i < n)
        out[i] = s;
}

/* The warp-level Kogge-Stone alone: each warp scans its 32 elements. */
__global__ void classic_warp_scan(const double *x, double *out, uint64_t n)
{
    const uint64_t i = (uint64_t)blockIdx.x * blockDim.x + threadIdx.x;
    const double s = warp_kogge_stone(i < n ? x[i] : CLASSIC_EMPTY, threadIdx.x % 32);
    if (i < n)
        out[i] = s;
}

/* ---- the device-wide scan ------------------------------------------------
 * Tile b's element j is D_b + N_b(j), N_0(j) in tile 0, and D_{b+1} when j
 * ends a full tile, where N_b(j) is the network's inclusive prefix in tile b
 * and D_b the pairwise value of the first b tile totals -- block_dyadic<w>'s
 * carry, with the network in place of the pairwise prefix inside the tile.
 * (With Sklansky, whose prefixes are pairwise, it is block_dyadic<w>.)
 *
 * The look-back: node (l, m) is the pairwise value of the totals of tiles
 * m 2^l .. (m+1) 2^l - 1. Tile b publishes node (0, b), then, for each
 * trailing 1 bit l of b, node (l+1, b >> (l+1)) = node (l, (b >> l) - 1) +
 * node (l, b >> l), the binary counter of Section 30.2. D_b folds the nodes
 * of the 1 bits of b from the smallest up. A tile waits only for nodes of
 * tiles before it, and tiles are numbered in the order they start. */
typedef struct {
    double *node_value;
    unsigned *node_flag; /* 0 until published; zeroed before every run */
    unsigned long long *next_tile;
    uint64_t tiles;
} classic_lookback;

__device__ __forceinline__ uint64_t node_slot(const classic_lookback &lb, unsigned level, uint64_t m)
{
    uint64_t offset = 0;
    for (unsigned l = 0; l < level; l++)
        offset += (lb.tiles >> l) + 1;
    return offset + m;
}

__device__ void publish_node(const classic_lookback &lb, unsigned level, uint64_t m, double v)
{
    const uint64_t k = node_slot(lb, level, m);
    *(volatile double *)&lb.node_value[k] = v;
    __threadfence(); /* the value is visible before the flag */
    *(volatile unsigned *)&lb.node_flag[k] = 1;
}

__device__ double await_node(const classic_lookback &lb, unsigned level, uint64_t m)
{
    const uint64_t k = node_slot(lb, level, m);
    while (*(volatile unsigned *)&lb.node_flag[k] == 0) {
    }
    __threadfence();
    return *(volatile double *)&lb.node_value[k];
}

// [listing classic-lookback]
/* Thread 0 of tile b: publishes the nodes the tile completes and returns
 * D_b (empty for b == 0) and D_{b+1}. */
__device__ void classic_tile_carry(const classic_lookback &lb, uint64_t b, double total, double *d_b, double *d_next)
{
    double v = total;
    unsigned l = 0;
    publish_node(lb, 0, b, v);
    for (; (b >> l) & 1; l++) { /* each trailing 1 bit: merge with the left sibling */
        v = await_node(lb, l, (b >> l) - 1) + v;
        publish_node(lb, l + 1, b >> (l + 1), v);
    }
    double low = CLASSIC_EMPTY; /* D_b: the nodes of the 1 bits of b, smallest first */
    double high = v;            /* D_{b+1}: this tile's top node, then b's higher 1 bits */
    for (unsigned k = 0; (b >> k) != 0; k++) {
        if (!((b >> k) & 1))
            continue;
        const double node = await_node(lb, k, (b >> k) - 1);
        low = k == 0 || (b & ((1ull << k) - 1)) == 0 ? node : node + low;
        if (k > l)
            high = node + high;
    }
    *d_b = low;
    *d_next = high;
}
// [end]

__global__ void __launch_bounds__(CLASSIC_TILE)
    classic_device_scan(const double *x, double *out, uint64_t n, int net, classic_lookback lb)
{
    __shared__ double buf[2 * CLASSIC_TILE];
    __shared__ double carry[2];
    __shared__ unsigned long long tile;
    const unsigned t = threadIdx.x, w = CLASSIC_TILE;
    if (t == 0)
        tile = atomicAdd(lb.next_tile, 1ull); /* tiles in the order they start */
    __syncthreads();
    const uint64_t b = tile, i = b * w + t;
    const double v = i < n ? x[i] : CLASSIC_EMPTY;
    double total;
    const double s = block_classic_inclusive(net, v, buf, &total, CLASSIC_CORRECT);
    if (t == 0 && lb.tiles > 1)
        classic_tile_carry(lb, b, total, &carry[0], &carry[1]);
    else if (t == 0) /* one tile: D_1 is its total */
        carry[1] = total;
    __syncthreads();
    if (i >= n)
        return;
    const int full = (b + 1) * w <= n;
    if (t == w - 1 && full)
        out[i] = carry[1]; /* D_{b+1} */
    else if (b == 0)
        out[i] = s; /* N_0(j) */
    else
        out[i] = carry[0] + s; /* D_b + N_b(j) */
}

#endif
