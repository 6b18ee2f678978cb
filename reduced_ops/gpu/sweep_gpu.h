/* sweep_gpu.h - timing one block-scope op, serial or warp per output, with
 * its operands resident in shared memory (defined in sweep_gpu.cu). */
#ifndef REDUCED_OPS_SWEEP_GPU_H
#define REDUCED_OPS_SWEEP_GPU_H

#include "op_plan.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    double us_per_op; /* median over the trials of launch time / reps, in microseconds */
    double spread;    /* (max - min) / median of the trials */
    long reps;        /* ops per launch */
} sweep_timing;

/* Times the single-stage op of `plan` (gemm, gemv, syrk, ...) under
 * `mapping`: `blocks` blocks of `threads` threads, each with its own copy of
 * `image` in shared memory, each running the op `reps` times in a row with a
 * barrier after each. After a warm-up launch and a calibration launch, reps
 * is chosen so that one launch takes about target_ms; then `trials` timed
 * launches (CUDA events). A configuration the device cannot run prints
 * `error: ...` and exits 2. */
void gpu_sweep_time_float(const op_plan *plan, op_mapping mapping, int threads, int blocks, float alpha, float beta,
                          const float *image, double target_ms, int trials, sweep_timing *t);
void gpu_sweep_time_double(const op_plan *plan, op_mapping mapping, int threads, int blocks, double alpha, double beta,
                           const double *image, double target_ms, int trials, sweep_timing *t);

/* The same kernel with reps = 1: results[b * n_out + o] is output o of block b. */
void gpu_sweep_once_float(const op_plan *plan, op_mapping mapping, int threads, int blocks, float alpha, float beta,
                          const float *image, float *results);
void gpu_sweep_once_double(const op_plan *plan, op_mapping mapping, int threads, int blocks, double alpha, double beta,
                           const double *image, double *results);

/* Streaming multiprocessors of the device. */
int gpu_sm_count(void);

#ifdef __cplusplus
}
#endif

#endif
