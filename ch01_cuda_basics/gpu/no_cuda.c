/* no_cuda.c - what ch01_cuda_basics's programs link instead of its gpu/ .cu
 * files when the companion is built without nvcc (make NVCC=). Every CPU
 * path works as usual; a GPU path never gets here, because the program asks
 * first (cli_resolve_on, gpu_require_device) and gets "built without CUDA".
 * If one of these is reached all the same, it says so and exits 77 like a
 * missing GPU. Parameters are unused on purpose: the stubs only keep the
 * link whole. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "no_cuda.h"

#include "atomics_histogram.h"
#include "block_shared_sum.h"
#include "checked_calls.h"
#include "coalescing.h"
#include "event_timing.h"
#include "grid_sync.h"
#include "hello_threads.h"
#include "vector_loads.h"
#include "warp_primitives.h"

/* gpu/hello_threads.cu */
void gpu_vector_add_traced(const float *a, const float *b, float *c, int *block_of, int *thread_of, int n, int block)
{
    no_cuda(__func__);
}

/* gpu/block_shared_sum.cu */
void gpu_block_partial_sums(const int *x, int n, int block, long long *partial)
{
    no_cuda(__func__);
}
long long gpu_sum_last_block(const int *x, int n, int block)
{
    no_cuda(__func__);
}

/* gpu/warp_primitives.cu */
void gpu_warp_sum_and_count(const int *x, int n, int *sum, int *odd, unsigned *mask)
{
    no_cuda(__func__);
}

/* gpu/atomics_histogram.cu */
void gpu_histogram(const unsigned char *v, int n, int bins, histogram_kind kind, unsigned *counts)
{
    no_cuda(__func__);
}

/* gpu/grid_sync.cu */
void gpu_centre_plan(int n, int too_many, grid_sync_launch *info)
{
    no_cuda(__func__);
}
void gpu_centre(const int *x, int n, long long *y, const grid_sync_launch *info)
{
    no_cuda(__func__);
}
void gpu_centre_ordinary_launch(const int *x, int n, long long *y, const grid_sync_launch *info)
{
    no_cuda(__func__);
}

/* gpu/checked_calls.cu */
void gpu_scale(const float *x, float *y, int n, scale_mode mode)
{
    no_cuda(__func__);
}

/* gpu/event_timing.cu */
void gpu_scale_timed(float a, const float *x, float *y, int n, int warmup, int reps, scale_timing *t)
{
    no_cuda(__func__);
}
void gpu_scale_host_clock(float a, const float *x, float *y, int n, int warmup, int reps, host_clock_timing *t)
{
    no_cuda(__func__);
}

/* gpu/vector_loads.cu */
long long gpu_copy(const void *in, void *out, int n, copy_kind kind)
{
    no_cuda(__func__);
}
void gpu_copy_float4_shifted(const float *in, float *out, int n)
{
    no_cuda(__func__);
}

/* gpu/coalescing.cu */
void gpu_copy_setup(const float *in, const unsigned *perm, long long n)
{
    no_cuda(__func__);
}
double gpu_copy_time(const copy_case *c, int warmup, int reps, float *out)
{
    no_cuda(__func__);
}
void gpu_copy_teardown(void)
{
    no_cuda(__func__);
}
