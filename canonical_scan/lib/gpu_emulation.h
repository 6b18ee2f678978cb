/* gpu_emulation.h - the GPU kernels' computation, replayed on the CPU.
 *
 * The emulation runs the same planning and index code as the kernels
 * (reduce_plan.h, virtual_blocks.h, dyadic_tile.h): reduce passes of padded
 * balanced trees, and the single-pass scan tile by tile in launch order --
 * chunk pyramids, published tile-level subtrees, look-backs. Comparing it
 * with the CPU library on a machine without a GPU tests every index the GPU
 * will use; only the CUDA mechanics (shuffles, barriers, flags) are left to
 * the GPU tests. Conventions are those of canonical_gpu.h. */
#ifndef CANONICAL_SCAN_GPU_EMULATION_H
#define CANONICAL_SCAN_GPU_EMULATION_H

#include "reduce_plan.h"

#include <stddef.h>
#include <stdint.h>

double emulate_canonical_reduce(const double *x, size_t n, unsigned lanes, int has_init, double init);
/* One pass of the emulated reduce, reported after it ran: pass `index` of
 * `npasses` (reduce_plan.h) and its output, pass->tiles rows of
 * pass->lanes values (the next pass reads them). */
typedef void (*reduce_pass_observer)(int index, int npasses, const reduce_pass *pass, const double *out, void *context);
/* emulate_canonical_reduce without init (n >= 1), reporting every pass. */
double emulate_canonical_reduce_observed(const double *x, size_t n, unsigned lanes, reduce_pass_observer observe,
                                         void *context);
double emulate_block_dyadic_reduce(const double *x, size_t n, unsigned block, int has_init, double init);
/* block == 0: iterated_pairwise. */
void emulate_dyadic_scan(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init,
                         double init);
/* One step of the emulated look-back: tile `tile` publishes (publish = 1)
 * or reads (publish = 0) the tile-level node (level, index), the subtree of
 * tiles index * 2^level .. (index + 1) * 2^level - 1. */
typedef struct {
    uint64_t tile;
    unsigned level;
    uint64_t index;
    int publish;
} lookback_event;
typedef void (*lookback_observer)(const lookback_event *ev, void *context);
/* emulate_dyadic_scan, reporting every publish and read in launch order. */
void emulate_dyadic_scan_observed(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init,
                                  double init, lookback_observer observe, void *context);
/* Trap runs: make the emulation commit one mistake from now on, to watch a
 * check catch it (or miss it). */
typedef enum {
    MISTAKE_NONE,
    MISTAKE_PAD_WITH_ZERO,      /* reduce tiles padded with +0.0 instead of -0.0 */
    MISTAKE_FINAL_AT_LAST_SLOT, /* F_b written at slot P - 1 of a padded block, not at element B - 1 */
    MISTAKE_CARRY_FIRST,        /* a chunk's pyramid subtrees folded into one carry before the prefix */
} emulation_mistake;
void emulate_commit_mistake(emulation_mistake m);
/* The same two with the signatures of canonical_gpu.h. */
void emulate_dyadic_scan_block(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init,
                               double init);
void emulate_iterated_pairwise_scan(const double *x, double *out, size_t n, int exclusive, int has_init, double init);

#endif
