/* glass_bench.h - the head to head with GLASS (defined in glass_bench.cu):
 * for one cell (op, shape, block size, element type), six kernels with the
 * same launch, the same operands in shared memory and the same repetition
 * loop: the chapter's two mappings with the sizes known at compile time (as
 * GLASS has them), GLASS's plain and *_reduced op, and the chapter's two
 * mappings with the sizes read from the plan at run time (the sweep's
 * kernel). */
#ifndef REDUCED_OPS_GLASS_BENCH_H
#define REDUCED_OPS_GLASS_BENCH_H

#include "op_plan.h"
#include "sweep_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

/* In the order they are timed within each trial: ours, rival, ours, rival. */
typedef enum {
    H2H_OURS_SERIAL,         /* block_scope_serial, sizes at compile time */
    H2H_GLASS_PLAIN,         /* glass::block::gemm, gemv or syrk */
    H2H_OURS_WARP,           /* block_scope_warp_per_output, sizes at compile time */
    H2H_GLASS_REDUCED,       /* glass::block::gemm_reduced, gemv_reduced or syrk_reduced */
    H2H_OURS_SERIAL_RUNTIME, /* the sweep's serial kernel: sizes read at run time */
    H2H_OURS_WARP_RUNTIME,   /* the sweep's warp-per-output kernel: sizes read at run time */
    H2H_KERNELS
} h2h_kernel;

/* 1 when this build includes GLASS (make GLASS_DIR=path), else 0. */
int glass_bench_has_glass(void);
/* 1 when the kernels were compiled with --fmad=true (the compiler may fuse
 * a*b+c into one rounding), 0 with the chapter's --fmad=false. */
int glass_bench_fmad(void);
/* Streaming multiprocessors of the device (the default grid: one block per
 * SM, as in the sweep). This program links no other .cu file of the chapter:
 * see module.mk. */
int glass_bench_sm_count(void);

/* Runs every kernel once (reps = 1) on `blocks` blocks of `threads` threads
 * for the single-stage plan of op `op` at row `shape_index` of
 * SWEEP_SHAPES: results[kernel * blocks * n_out + b * n_out + o] is output o
 * of block b. Exits 1 when the compile-time plan differs from `plan`. */
void glass_cell_once_float(const op_plan *plan, int shape_index, int threads, int blocks, float alpha, float beta,
                           const float *image, float *results);
void glass_cell_once_double(const op_plan *plan, int shape_index, int threads, int blocks, double alpha, double beta,
                            const double *image, double *results);

/* Times every kernel: a warm-up, then a calibration launch per kernel that
 * sizes its repetitions to about target_ms per launch, then `trials` rounds
 * in each of which every kernel is launched once, in h2h_kernel order
 * (CUDA events). t[kernel]: median us per op and spread. */
void glass_cell_time_float(const op_plan *plan, int shape_index, int threads, int blocks, float alpha, float beta,
                           const float *image, double target_ms, int trials, sweep_timing t[H2H_KERNELS]);
void glass_cell_time_double(const op_plan *plan, int shape_index, int threads, int blocks, double alpha, double beta,
                            const double *image, double target_ms, int trials, sweep_timing t[H2H_KERNELS]);

#ifdef __cplusplus
}
#endif

#endif
