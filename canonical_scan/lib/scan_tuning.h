/* scan_tuning.h - every tuning knob of the chapter's kernels, in one place.
 *
 * Like a CUB tuning policy: the kernels (gpu/), their CPU replay
 * (lib/gpu_emulation.c) and the plans (lib/dyadic_tile.h, lib/reduce_plan.h)
 * all read these names, so a change here changes the GPU code and the code
 * that checks it together. No knob changes a single bit of any result: each
 * decides how the same named expression is cut into work, never which
 * numbers meet in which addition. What each value measured on the H200, and
 * the values tried before it, are in RESULTS.md and results/history.md.
 *
 * Plain C (no CUDA), so the CPU-only build reads the same values. A knob in
 * #ifndef can be set from the command line for an experiment, in a build
 * folder of its own, e.g. make BUILD=build-x EXTRA_NVFLAGS=-DREDUCE_LOADS=8. */
#ifndef CANONICAL_SCAN_SCAN_TUNING_H
#define CANONICAL_SCAN_SCAN_TUNING_H

/* ---- the single-pass scan (gpu_scan.cu) ---------------------------------------------------------- */
#ifndef DYADIC_LOG_ITEMS
#define DYADIC_LOG_ITEMS 5 /* slots a thread owns: 2^5 consecutive, its "chunk" */
#endif
#ifndef DYADIC_LOG_THREADS
#define DYADIC_LOG_THREADS 7 /* threads a block: 2^7, so a tile is 2^12 = 4096 slots */
#endif
#ifndef DYADIC_MIN_BLOCKS
#define DYADIC_MIN_BLOCKS 6 /* tiles resident an SM (__launch_bounds__): 80 registers a thread */
#endif
#ifndef DYADIC_MIN_BLOCKS_LONG
#define DYADIC_MIN_BLOCKS_LONG 5 /* the same for blocks longer than a tile (iterated_pairwise) */
#endif
#define LOOKBACK_LOG_WINDOW 5          /* a look-back window is 2^5 tiles, one warp lane each */
#define LOOKBACK_SPIN_LIMIT (1u << 24) /* polls after which a look-back reports an error, not a hang */
#ifndef LOOKBACK_POLL_NS
#define LOOKBACK_POLL_NS 32 /* nanoseconds between two polls of an unpublished node */
#endif
#ifndef DYADIC_TILES_BY_BLOCK_INDEX
#define DYADIC_TILES_BY_BLOCK_INDEX 0 /* 1: number tiles by blockIdx.x instead of a ticket (book, 31.2) */
#endif
#ifndef DYADIC_PREFETCH_GUESS
#define DYADIC_PREFETCH_GUESS 1 /* 1: prefetch tile blockIdx.x into L2 while the ticket travels */
#endif

/* ---- the canonical reduce (gpu_reduce.cu, reduce_plan.h, reduce_tail.cuh) ------------------------ */
#ifndef REDUCE_TILE
#define REDUCE_TILE 8192 /* elements a batch: threads x 16-byte loads x 2 */
#endif
#define REDUCE_THREADS 256 /* threads a block of the fast kernels */
#ifndef REDUCE_LOADS
#define REDUCE_LOADS 16 /* 16-byte loads in flight a thread */
#endif
#ifndef REDUCE_ROWS_LANES
#define REDUCE_ROWS_LANES 16 /* L from which the first pass reads by rows (below: by warps) */
#endif
#ifndef REDUCE_WARP_BATCHES
#define REDUCE_WARP_BATCHES 1 /* batches a block of the by-warps first pass */
#endif
#ifndef REDUCE_ROWS_BATCHES
#define REDUCE_ROWS_BATCHES 2 /* batches a block of the by-rows first pass, L < REDUCE_WIDE_LANES */
#endif
#define REDUCE_WIDE_LANES 128 /* L from which the by-rows first pass takes REDUCE_WIDE_BATCHES */
#ifndef REDUCE_WIDE_BATCHES
#define REDUCE_WIDE_BATCHES 4 /* batches a block of the by-rows first pass, L >= 128 */
#endif
#ifndef REDUCE_LONG_BATCHES
#define REDUCE_LONG_BATCHES 16 /* batches a long tile, shared by the blocks of a cluster (sm_90) */
#endif
#ifndef REDUCE_LONG_CLUSTER
#define REDUCE_LONG_CLUSTER 8 /* blocks a cluster of a long tile (L = 512: 4, its rows fill 16 KiB) */
#endif
#ifndef REDUCE_LONG_MIN_TILES
#define REDUCE_LONG_MIN_TILES 256 /* long tiles from this many of them on (2^25 elements) */
#endif
#ifndef REDUCE_EVICT_FIRST
#define REDUCE_EVICT_FIRST 0 /* 1: input loads ask L2 to evict first (__ldcs; book, 31 ex. 6) */
#endif
#ifndef REDUCE_KEEP_PARTIALS
#define REDUCE_KEEP_PARTIALS 0 /* 1: partial values stored evict-last (book, 31 ex. 7) */
#endif
#define REDUCE_MIN_BLOCKS 3    /* blocks resident an SM of the fast kernels (__launch_bounds__) */
#define REDUCE_GENERIC_ROWS 32 /* rows a chunk of the generic (any L, any layout) kernel */
#ifndef REDUCE_TAIL_MAX
#define REDUCE_TAIL_MAX 8192 /* partial values a pass's last block finishes itself */
#endif
#define REDUCE_TAIL_ROWS 32 /* rows a chunk of that last block's steps */
#ifndef REDUCE_DEPENDENT_LAUNCH
#define REDUCE_DEPENDENT_LAUNCH 1 /* 1: later passes are programmatic dependent launches (sm_90+) */
#endif

/* ---- the left fold (one thread; gpu_scan.cu) ----------------------------------------------------- */
#define LEFT_FOLD_CHUNK 2048 /* elements staged in shared memory a round */

#endif
