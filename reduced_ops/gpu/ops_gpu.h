/* ops_gpu.h - the launch functions C code calls (defined in ops_gpu.cu). */
#ifndef REDUCED_OPS_OPS_GPU_H
#define REDUCED_OPS_OPS_GPU_H

#include <stddef.h>

#include "op_plan.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Runs `count` independent problems, each a whole image of plan->image_len
 * elements (inputs, result, workspace) stored one after another in
 * `images`, which receives the results. Block scope: one block of `threads`
 * threads per problem. Warp and tile scopes: one warp per problem,
 * threads/32 problems per block (threads must be a multiple of 32).
 * A configuration the device cannot run prints `error: ...` and exits 2. */
void gpu_run_op_float(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, float alpha, float beta,
                      float *images, int count);
void gpu_run_op_double(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, double alpha, double beta,
                       double *images, int count);

/* Shared memory one block may use on this device (with opt-in), in bytes. */
size_t gpu_shared_bytes_limit(void);

#ifdef __cplusplus
}
#endif

#endif
