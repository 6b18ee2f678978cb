/* no_cuda.c - what reduced_ops's programs link instead of its gpu/ .cu files when the
 * companion is built without nvcc (make NVCC=). Every CPU path works as
 * usual; a GPU path never gets here, because the program asks first
 * (cli_resolve_on, gpu_require_device) and gets "built without CUDA". If one
 * of these is reached all the same, it says so and exits 77 like a missing
 * GPU. Parameters are unused on purpose: the stubs only keep the link whole. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "no_cuda.h"

#include "glass_bench.h"
#include "ops_gpu.h"
#include "sweep_gpu.h"
#include "traps_gpu.h"

/* gpu/ops_gpu.cu */
size_t gpu_shared_bytes_limit(void)
{
    no_cuda(__func__);
}
void gpu_run_op_float(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, float alpha, float beta,
                      float *images, int count)
{
    no_cuda(__func__);
}
void gpu_run_op_double(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, double alpha, double beta,
                       double *images, int count)
{
    no_cuda(__func__);
}

/* gpu/sweep_gpu.cu */
int gpu_sm_count(void)
{
    no_cuda(__func__);
}
void gpu_sweep_time_float(const op_plan *plan, op_mapping mapping, int threads, int blocks, float alpha, float beta,
                          const float *image, double target_ms, int trials, sweep_timing *t)
{
    no_cuda(__func__);
}
void gpu_sweep_time_double(const op_plan *plan, op_mapping mapping, int threads, int blocks, double alpha, double beta,
                           const double *image, double target_ms, int trials, sweep_timing *t)
{
    no_cuda(__func__);
}
void gpu_sweep_once_float(const op_plan *plan, op_mapping mapping, int threads, int blocks, float alpha, float beta,
                          const float *image, float *results)
{
    no_cuda(__func__);
}
void gpu_sweep_once_double(const op_plan *plan, op_mapping mapping, int threads, int blocks, double alpha, double beta,
                           const double *image, double *results)
{
    no_cuda(__func__);
}

/* gpu/traps_gpu.cu */
void gpu_run_trap_float(const op_plan *plan, gpu_trap trap, int threads, float alpha, float beta, float *images,
                        int count)
{
    no_cuda(__func__);
}
void gpu_run_trap_double(const op_plan *plan, gpu_trap trap, int threads, double alpha, double beta, double *images,
                         int count)
{
    no_cuda(__func__);
}

/* gpu/glass_bench.cu */
int glass_bench_has_glass(void)
{
    return 0; /* without CUDA there is no GLASS either: the program says skipped */
}
int glass_bench_fmad(void)
{
    no_cuda(__func__);
}
int glass_bench_sm_count(void)
{
    no_cuda(__func__);
}
void glass_cell_once_float(const op_plan *plan, int shape_index, int threads, int blocks, float alpha, float beta,
                           const float *image, float *results)
{
    no_cuda(__func__);
}
void glass_cell_once_double(const op_plan *plan, int shape_index, int threads, int blocks, double alpha, double beta,
                            const double *image, double *results)
{
    no_cuda(__func__);
}
void glass_cell_time_float(const op_plan *plan, int shape_index, int threads, int blocks, float alpha, float beta,
                           const float *image, double target_ms, int trials, sweep_timing t[H2H_KERNELS])
{
    no_cuda(__func__);
}
void glass_cell_time_double(const op_plan *plan, int shape_index, int threads, int blocks, double alpha, double beta,
                            const double *image, double target_ms, int trials, sweep_timing t[H2H_KERNELS])
{
    no_cuda(__func__);
}
