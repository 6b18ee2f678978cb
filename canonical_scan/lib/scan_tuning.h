/* scan_tuning.h - every tuning knob of the chapter's kernels, in one place.
 *
 * Like a CUB policy struct: the kernels (gpu/), their CPU emulation
 * (lib/gpu_emulation.c) and the plans (lib/dyadic_tile.h, lib/reduce_plan.h)
 * all read these names, so a change here changes the GPU code and the code
 * that checks it together. None of them changes a single bit of any result:
 * they decide how the same named expression is cut into work, never which
 * numbers meet in which addition. RESULTS.md says what each choice measured.
 *
 * Plain C (no CUDA), so the CPU-only build reads the same values. The
 * knobs a sweep varies can be set from the command line instead
 * (make EXTRA_NVFLAGS=-DREDUCE_LOADS=8 BUILD=build-sweep ...). */
#ifndef CANONICAL_SCAN_SCAN_TUNING_H
#define CANONICAL_SCAN_SCAN_TUNING_H

/* ---- the single-pass scan's tile (gpu_scan.cu) ------------------------- */
/* Each thread owns 2^DYADIC_LOG_ITEMS consecutive slots of the tile (its
 * "chunk"), in registers while it builds the chunk's subtrees. */
#ifndef DYADIC_LOG_ITEMS
#define DYADIC_LOG_ITEMS 5
#endif
/* Threads per CUDA block, 2^DYADIC_LOG_THREADS (at least one whole warp).
 * A tile is 2^(LOG_ITEMS + LOG_THREADS) slots: 4096 with 128 threads. A
 * tile's look-back costs about the same whatever its size, so bigger tiles
 * pay it less often per element; while warp 0 looks back the other three
 * warps of the block wait, and six tiles share an SM. */
#ifndef DYADIC_LOG_THREADS
#define DYADIC_LOG_THREADS 7
#endif
/* __launch_bounds__ minimum of resident blocks per SM: caps the registers a
 * thread may use so that this many tiles fit at once. Six tiles of 128
 * threads leave 80 registers a thread, enough (no spills) because a thread
 * parks its prefixes in shared memory before the look-back; six tiles also
 * fill the SM's 228 KiB of shared memory (37 KiB each, plus 1 KiB the
 * system keeps per block). Five, with the prefixes kept in registers
 * (96 registers), measured 10 % slower on the H200. */
#ifndef DYADIC_MIN_BLOCKS
#define DYADIC_MIN_BLOCKS 6
#endif
/* The same for the kernel instance of blocks longer than a tile
 * (iterated_pairwise), whose per-thread fold keeps its values in registers
 * through the look-back: 96 registers, five tiles an SM. */
#ifndef DYADIC_MIN_BLOCKS_LONG
#define DYADIC_MIN_BLOCKS_LONG 5
#endif
/* The look-back window: the aligned group of 2^LOOKBACK_LOG_WINDOW tiles
 * (one warp lane each) whose small tile-level nodes a tile builds itself
 * from their published roots. 5: one lane per tile of a warp. */
#define LOOKBACK_LOG_WINDOW 5
/* A look-back that polls this many times has met a bug: it gives up and the
 * run is reported as an error instead of hanging the GPU. */
#define LOOKBACK_SPIN_LIMIT (1u << 24)
/* Nanoseconds a look-back waits between two polls of a node not yet
 * published: a short pause keeps the waiting warps from flooding the memory
 * system with polls. */
#ifndef LOOKBACK_POLL_NS
#define LOOKBACK_POLL_NS 32
#endif
/* 1: a tile is numbered by its blockIdx.x, as CUB's look-back scans do,
 * instead of by a ticket drawn when the block starts (gpu_scan.cu,
 * tile_in_launch_order). It saves the ticket's round trip to L2 and a
 * barrier before the first load -- on the H200 about 4 % of the scan at
 * 2^28 before the prefetch below (1.41 -> 1.35 ms); with the prefetch the
 * ticketed default is the faster (1.24 against 1.31 ms) -- and trusts the
 * hardware to start blocks in index order: if it ever did not, a look-back
 * would wait for a tile that cannot start, reach LOOKBACK_SPIN_LIMIT and
 * report an error. The default keeps the guarantee. */
#ifndef DYADIC_TILES_BY_BLOCK_INDEX
#define DYADIC_TILES_BY_BLOCK_INDEX 0
#endif


/* 1: while a block's ticket travels to L2 and back, its threads ask L2 for
 * the lines of tile blockIdx.x (gpu_scan.cu, tile_in_launch_order). The
 * ticket rarely names that very tile -- loading it outright and reloading
 * on a mismatch measured 30 % slower -- but it names one close by, which
 * this block or one that started beside it is about to read: the tile's
 * first loads then find their lines in L2 instead of waiting for DRAM. On
 * the H200 at 2^28, 1.34 -> 1.24 ms (0.97 -> 1.05x of CUB's scan), and
 * faster than numbering the tiles by blockIdx.x, with the ticket's
 * guarantee kept. */
#ifndef DYADIC_PREFETCH_GUESS
#define DYADIC_PREFETCH_GUESS 1
#endif

/* ---- the canonical reduce's passes (gpu_reduce.cu, reduce_plan.h) ------ */
/* Elements per CUDA block of the fast kernels: threads x 16-byte loads x 2. */
#ifndef REDUCE_TILE
#define REDUCE_TILE 8192
#endif
#define REDUCE_THREADS 256
/* 16-byte loads in flight per thread. */
#ifndef REDUCE_LOADS
#define REDUCE_LOADS 16
#endif
/* Two first-pass layouts (gpu_reduce.cu): for L < REDUCE_ROWS_LANES by
 * warps (a warp's load covers 64 / L whole rows, shuffles add row to row),
 * from there on by rows (a group of L/2 threads reads whole rows, and rows
 * meet in registers, no shuffles). On the H200 (2026-12-02 probe sweep,
 * results/h200_2026-12-02_sweep_reduce_rows.md) the by-rows pass took
 * L = 16 from 0.98-1.01x of CUB to 1.02-1.04x at 2^24 (two batches a
 * block) and from 1.00x to 1.02x at 2^28 (long tiles, below). */
#ifndef REDUCE_ROWS_LANES
#define REDUCE_ROWS_LANES 16
#endif
/* The FIRST pass may give each CUDA block several 8192-element batches:
 * fewer, longer blocks that write fewer partial values. By warps
 * (L < 16) one batch is fastest (2 measure as 1 at 2^28, 4 and 8 are 4 %
 * and 8 % slower, and far slower at 2^20, where few blocks remain); by rows
 * two for L < REDUCE_WIDE_LANES (one: 0-2 % slower at 2^24-2^26, four:
 * 1-3 % slower at 2^24) and four from there on (a tile of 8192 elements
 * would yield L partial values per 8192 / L rows, 32 MiB for the next pass
 * at 2^28 and L = 128; 1 batch is 3 % slower, 8 to 32 are 5-7 % slower). */
#ifndef REDUCE_WARP_BATCHES
#define REDUCE_WARP_BATCHES 1
#endif
#ifndef REDUCE_ROWS_BATCHES
#define REDUCE_ROWS_BATCHES 2
#endif
#define REDUCE_WIDE_LANES 128
#ifndef REDUCE_WIDE_BATCHES
#define REDUCE_WIDE_BATCHES 4
#endif
/* Long tiles for big by-rows first passes, from REDUCE_LONG_MIN_TILES of
 * them: REDUCE_LONG_BATCHES batches shared by the REDUCE_LONG_CLUSTER blocks
 * of one thread-block cluster (sm_90; L = 512 takes clusters of 4, whose
 * rows fill 16 KiB): each block reads 2 batches, and the cluster's first
 * block adds the blocks' rows from its shared memory (gpu_reduce.cu,
 * cluster_tile_row). So the pass writes 16 times fewer partial values than
 * with 8192-element tiles, from blocks as short as before. On the H200 at
 * 2^28 (results/h200_2026-12-02_sweep_reduce_clusters.md) that took L = 128
 * from 0.96-0.97x of CUB to 0.99-1.00x; from 256 long tiles (2^25
 * elements) on they beat the short tiles by rows (L = 16 1.02-1.03x against
 * 1.01x at 2^25, L = 128 1.01-1.02x against 0.99-1.00x); at 2^24 they
 * were slower when L = 16 still read by warps (8-batch tiles in clusters of
 * 4: 0.94x against 0.98x). */
#ifndef REDUCE_LONG_BATCHES
#define REDUCE_LONG_BATCHES 16
#endif
#ifndef REDUCE_LONG_CLUSTER
#define REDUCE_LONG_CLUSTER 8
#endif
#ifndef REDUCE_LONG_MIN_TILES
#define REDUCE_LONG_MIN_TILES 256
#endif
/* 1: the fast kernels' loads ask L2 to evict their input first, so that a
 * pass's partial values stay in L2 (gpu_reduce.cu, load_once). On the H200
 * at 2^28 that brings L = 16 level with L = 1 (1.00-1.01x of CUB instead of
 * 0.98x) when the kernel before it only read -- but right after a scan that
 * left L2 full of written lines the reduce was 2-4 % slower than with the
 * default (determinism_levels, when its order was fixed; with the order
 * reversed every other round, within 0.5 % of the default), so 0 it stays. */
#ifndef REDUCE_EVICT_FIRST
#define REDUCE_EVICT_FIRST 0
#endif
/* 1: the fast kernels write their partial values with an L2 "evict last"
 * policy (gpu_reduce.cu, store_partial): the other way to keep them in L2,
 * marking what must stay instead of what may go. On the H200 it measured
 * as REDUCE_EVICT_FIRST: 1-2 % at 2^28 in canonical_bench, nothing beyond
 * the spread in determinism_levels; off. */
#ifndef REDUCE_KEEP_PARTIALS
#define REDUCE_KEEP_PARTIALS 0
#endif
/* __launch_bounds__ minimum of resident blocks per SM of the fast kernels:
 * caps the registers a thread may use (the loads in flight and the pending
 * halves of the batch trees must fit). */
#define REDUCE_MIN_BLOCKS 3
/* Rows per chunk of the generic (any L, any layout) kernel. */
#define REDUCE_GENERIC_ROWS 32
/* A pass whose partial values number at most this many is finished by its
 * own last block (reduce_tail.cuh), in chunks of REDUCE_TAIL_ROWS rows. */
#ifndef REDUCE_TAIL_MAX
#define REDUCE_TAIL_MAX 8192
#endif
#define REDUCE_TAIL_ROWS 32
/* 1: when the first pass is fast and leaves more than REDUCE_TAIL_MAX
 * partial values, it also does the second pass: its tiles form groups of
 * 2^k consecutive tiles, the block that completes a group reduces the
 * group's rows while the pass is still reading, and the last group's
 * finisher finishes the reduce (reduce_tail.cuh, finish_group_if_last).
 * One kernel at every size -- but every block of the first pass then ends
 * with a fence and a ticket, and on the H200 at 2^28 that made the reduce
 * 4-5 % slower (0.94x of CUB instead of 0.98x, L = 16 and 128): a block
 * that waits for a round trip through a saturated L2 holds its slot while
 * nothing of its own is in flight. Off. */
#ifndef REDUCE_GROUPS
#define REDUCE_GROUPS 0
#endif
/* The most partial values one group may hold (its finisher reads them in
 * one step); k is the smallest that leaves at most REDUCE_TAIL_MAX values
 * for the last step, raised towards half of log2(tiles) so that the last
 * group and the last step read about as much. */
#ifndef REDUCE_GROUP_MAX
#define REDUCE_GROUP_MAX 16384
#endif
/* 1: a group's finisher drops the partial values it read from L2
 * (discard.global.L2), so that they are never written back to DRAM. */
#ifndef REDUCE_GROUP_DISCARD
#define REDUCE_GROUP_DISCARD 1
#endif
/* 1: a block of the by-warps first pass asks L2 for the tile of the block
 * that will take its place (blockIdx.x + 3 x the SMs), so that the loads of
 * a new block find their lines on the way. On the H200 at 2^28 it made the
 * reduce a third slower (0.64-0.67x of CUB, measured when L = 16 still read
 * by warps, and for L = 1): the prefetched lines competed with the loads in
 * flight for DRAM and L2. Off. */
#ifndef REDUCE_PREFETCH_NEXT
#define REDUCE_PREFETCH_NEXT 0
#endif
/* 1: the passes after the first are launched while the one before them
 * finishes (programmatic dependent launch, sm_90+; dependent_launch.cuh). */
#ifndef REDUCE_DEPENDENT_LAUNCH
#define REDUCE_DEPENDENT_LAUNCH 1
#endif

/* ---- the left fold (one thread; gpu_scan.cu) ---------------------------- */
/* Elements staged in shared memory per round. */
#define LEFT_FOLD_CHUNK 2048

#endif
