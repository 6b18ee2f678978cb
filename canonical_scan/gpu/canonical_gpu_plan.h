/* canonical_gpu_plan.h - the canonical kernels on DEVICE arrays, with their
 * scratch memory allocated once: what the benchmark and the CUB contrast
 * time. (canonical_gpu.h wraps the same plans for host arrays.)
 *
 * A plan is made for one size and reused; running it only enqueues kernels
 * on the default stream, so CUDA events around it time the kernels alone. */
#ifndef CANONICAL_SCAN_CANONICAL_GPU_PLAN_H
#define CANONICAL_SCAN_CANONICAL_GPU_PLAN_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct gpu_reduce_plan gpu_reduce_plan;

/* The P4016 reduce of n >= 1 device doubles (cudaMalloc'ed) in `lanes` lanes. */
gpu_reduce_plan *gpu_reduce_plan_create(size_t n, unsigned lanes);
/* Enqueues the reduce of d_x; returns the device address of R (no init). */
const double *gpu_reduce_plan_run(gpu_reduce_plan *plan, const double *d_x);
/* Kernel launches per run (a pass that finishes the reduce in its last
 * block ends the run), and how many of them use the fast kernels. */
int gpu_reduce_plan_passes(const gpu_reduce_plan *plan, int *fast);
void gpu_reduce_plan_destroy(gpu_reduce_plan *plan);

typedef struct gpu_scan_plan gpu_scan_plan;

/* The single-pass block_dyadic<block> scan of n >= 1 device doubles;
 * block == 0 is iterated_pairwise. */
gpu_scan_plan *gpu_scan_plan_create(size_t n, unsigned block);
/* Enqueues the scan of d_x into d_out (n doubles each, not overlapping). */
void gpu_scan_plan_run(gpu_scan_plan *plan, const double *d_x, double *d_out, int exclusive, int has_init, double init);
/* Waits for the GPU; exits with an error if a look-back ever timed out (a
 * bug, never a wrong answer left unreported). */
void gpu_scan_plan_check(gpu_scan_plan *plan);
/* CUDA blocks (tiles) per run, and slots per tile. */
size_t gpu_scan_plan_tiles(const gpu_scan_plan *plan, unsigned *tile);
/* Tiles (CUDA blocks) of this plan's kernel that fit one SM at once. */
int gpu_scan_plan_resident_tiles(const gpu_scan_plan *plan);
void gpu_scan_plan_destroy(gpu_scan_plan *plan);

#ifdef __cplusplus
}
#endif

#endif
