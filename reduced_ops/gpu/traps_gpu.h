/* traps_gpu.h - the block-scope op with a mistake committed on purpose
 * (defined in traps_gpu.cu), for the chapter's traps: run it and watch the
 * result leave the emulation. */
#ifndef REDUCED_OPS_TRAPS_GPU_H
#define REDUCED_OPS_TRAPS_GPU_H

#include "op_plan.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    GPU_TRAP_PARTIAL_WARP_JOINS, /* warp per output, but a trailing partial warp joins a full-mask shuffle */
    GPU_TRAP_NO_STAGE_BARRIER    /* warp per output, no __syncthreads() between the stages of a fused op */
} gpu_trap;

/* As gpu_run_op_float/_double in block scope (one block of `threads`
 * threads per problem), with the mistake `trap`. */
void gpu_run_trap_float(const op_plan *plan, gpu_trap trap, int threads, float alpha, float beta, float *images,
                        int count);
void gpu_run_trap_double(const op_plan *plan, gpu_trap trap, int threads, double alpha, double beta, double *images,
                         int count);

#ifdef __cplusplus
}
#endif

#endif
