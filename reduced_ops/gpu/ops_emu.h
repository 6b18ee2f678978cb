/* ops_emu.h - the chapter's kernels, their own CUDA source, run on the CPU
 * emulator (common/emulator/): the --on emu path of contraction_check,
 * thread_count_invariance and reduced_ops_sweep. Each function takes the
 * arguments of its gpu_ twin (ops_gpu.h, traps_gpu.h, sweep_gpu.h), refuses
 * the same configurations the same way (`error: ...`, exit 2), and returns
 * 0, or 1 when the emulator reported an error (on stderr: a race, an access
 * out of bounds, a read of unwritten shared memory, a barrier or shuffle
 * that not every thread reaches). The shared memory a block may use is an
 * H200's, EMU_SHARED_BYTES, so the emulator takes the shapes the GPU takes. */
#ifndef REDUCED_OPS_OPS_EMU_H
#define REDUCED_OPS_OPS_EMU_H

#include "op_plan.h"
#include "traps_gpu.h"

#ifdef __cplusplus
extern "C" {
#endif

#define EMU_SHARED_BYTES 232448 /* cudaDevAttrMaxSharedMemoryPerBlockOptin of an H200 */

/* gpu_run_op_float/_double (ops_gpu.cu's two kernels). */
int emu_run_op_float(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, float alpha, float beta,
                     float *images, int count);
int emu_run_op_double(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, double alpha, double beta,
                      double *images, int count);

/* gpu_run_trap_float/_double (traps_gpu.cu's kernel, a mistake committed on purpose). */
int emu_run_trap_float(const op_plan *plan, gpu_trap trap, int threads, float alpha, float beta, float *images,
                       int count);
int emu_run_trap_double(const op_plan *plan, gpu_trap trap, int threads, double alpha, double beta, double *images,
                        int count);

/* gpu_sweep_once_float/_double (sweep_kernel.cuh's kernel, reps = 1). */
int emu_sweep_once_float(const op_plan *plan, op_mapping mapping, int threads, int blocks, float alpha, float beta,
                         const float *image, float *results);
int emu_sweep_once_double(const op_plan *plan, op_mapping mapping, int threads, int blocks, double alpha, double beta,
                          const double *image, double *results);

#ifdef __cplusplus
}
#endif

#endif
