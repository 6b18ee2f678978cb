/* grid_tree.h - the pairwise tree over doubles, shared by p GPU threads with
 * a grid-wide barrier between levels (grid_tree.cu); brent_gpu measures it. */
#ifndef CH03_GRID_TREE_H
#define CH03_GRID_TREE_H

#ifdef __cplusplus
extern "C" {
#endif

#define GRID_TREE_MAX_N (1 << 26)
#define GRID_TREE_BLOCK 1024 /* threads per block once p > 1024 */

/* How many 1024-thread blocks can be resident at once (cooperative launch). */
typedef struct {
    int sms, blocks_per_sm;
} grid_tree_limits;
void gpu_grid_tree_limits(grid_tree_limits *out);

/* One configuration of the sweep: p = blocks * threads. */
typedef struct {
    int blocks, threads;
    double sum;        /* result of the last run */
    double ms, spread; /* median and relative spread, when timed */
    int reps;
} grid_tree_run;

/* Runs (and with `timed`, times: warm-up, then up to max_reps event-timed
 * runs, fewer when one run is long) every configuration on x[0..n-1]. */
void gpu_grid_tree_sweep(const double *x, int n, grid_tree_run *runs, int count, int timed, int max_reps);

/* The kernel, its own source, on the CPU emulator (gpu/grid_tree_emu.cpp),
 * for a grid of one block of `threads` threads (1 to GRID_TREE_BLOCK): there
 * grid.sync() is the block's barrier. Several blocks cannot be emulated: the
 * emulator runs them one after another, so a barrier across them would wait
 * for blocks that have not started. 0 with the sum in *sum, or 1 after the
 * emulator reported an error (stderr). */
int emu_grid_tree_one_block(const double *x, int n, int threads, double *sum);

#ifdef __cplusplus
}
#endif

#endif
