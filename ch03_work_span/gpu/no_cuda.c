/* no_cuda.c - what ch03_work_span's programs link instead of its gpu/ .cu files when the
 * companion is built without nvcc (make NVCC=). Every CPU path works as
 * usual; a GPU path never gets here, because the program asks first
 * (cli_resolve_on, gpu_require_device) and gets "built without CUDA". If one
 * of these is reached all the same, it says so and exits 77 like a missing
 * GPU. Parameters are unused on purpose: the stubs only keep the link whole. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "no_cuda.h"

#include "block_trace.h"
#include "device_reduce.h"
#include "grid_tree.h"
#include "sum_shapes.h"

/* gpu/block_trace.cu */
void gpu_block_tree_traced(const long long *x, int n, int missing_barrier, int trials, gpu_block_trace *out)
{
    no_cuda(__func__);
}

/* gpu/device_reduce.cu */
void device_reduce_plan_create(device_reduce_plan *p, elem_type type, size_t n, size_t offset)
{
    no_cuda(__func__);
}
void device_reduce_plan_destroy(device_reduce_plan *p)
{
    no_cuda(__func__);
}
void device_reduce_upload(device_reduce_plan *p, const void *host_x)
{
    no_cuda(__func__);
}
void device_reduce_launch(device_reduce_plan *p)
{
    no_cuda(__func__);
}
double device_reduce_result(device_reduce_plan *p)
{
    no_cuda(__func__);
}
double device_reduce_time_ms(device_reduce_plan *p, int reps, double *spread)
{
    no_cuda(__func__);
}

/* gpu/device_reduce_cub.cu */
cub_reduce *cub_reduce_create(device_reduce_plan *plan)
{
    no_cuda(__func__);
}
void cub_reduce_launch(cub_reduce *c)
{
    no_cuda(__func__);
}
void cub_reduce_destroy(cub_reduce *c)
{
    no_cuda(__func__);
}
double cub_reduce_time_ms(device_reduce_plan *plan, int reps, double *spread, double *result)
{
    no_cuda(__func__);
}

/* gpu/grid_tree.cu */
void gpu_grid_tree_limits(grid_tree_limits *out)
{
    no_cuda(__func__);
}
void gpu_grid_tree_sweep(const double *x, int n, grid_tree_run *runs, int count, int timed, int max_reps)
{
    no_cuda(__func__);
}

/* gpu/sum_shapes.cu */
long long gpu_chain_sum_one_thread(const long long *x, size_t n)
{
    no_cuda(__func__);
}
long long gpu_tree_sum_one_block(const long long *x, size_t n, int threads)
{
    no_cuda(__func__);
}
void gpu_sum_shapes_time(const long long *x, size_t n, int reps, sum_shapes_timing *out)
{
    no_cuda(__func__);
}
