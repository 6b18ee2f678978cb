/* sweep_gpu.cu - the crossover sweep's timing (see sweep_gpu.h) of the
 * kernel in sweep_kernel.cuh. The mapping is a template parameter so that the timed loop
 * holds one mapping's code and no branch; the element type is one too (one
 * source for float and double). The op itself is the same block-scope code
 * the tests check (mappings.cuh). */
#include "cli.h"
#include "cuda_check.h"
#include "launch_checks.h"
#include "mappings.cuh"
#include "sweep_kernel.cuh"
#include "ops_gpu.h"
#include "sweep_gpu.h"

#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/sweep_emu.cpp takes the kernel (sweep_kernel.cuh) alone */
template <typename T>
struct sweep_ctx {
    stage_plan stage;
    int image_len;
    T alpha, beta;
    const T *d_image;
    T *d_results;
    long reps;
    int blocks, threads;
    size_t shared;
    op_mapping mapping;
};

template <typename T>
static void sweep_launch(void *p)
{
    const sweep_ctx<T> *c = (const sweep_ctx<T> *)p;
    if (c->mapping == MAP_SERIAL)
        sweep_kernel<T, MAP_SERIAL><<<c->blocks, c->threads, c->shared>>>(c->stage, c->image_len, c->alpha, c->beta,
                                                                          c->d_image, c->d_results, c->reps);
    else
        sweep_kernel<T, MAP_WARP_PER_OUTPUT><<<c->blocks, c->threads, c->shared>>>(
            c->stage, c->image_len, c->alpha, c->beta, c->d_image, c->d_results, c->reps);
    CUDA_CHECK_LAUNCH();
}

extern "C" int gpu_sm_count(void)
{
    int device = 0, sms = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    return sms;
}

/* Checks the configuration, allocates and fills the device buffers. */
template <typename T>
static sweep_ctx<T> sweep_setup(const op_plan *plan, op_mapping mapping, int threads, int blocks, T alpha, T beta,
                                const T *image)
{
    check_sweep_launch(plan, threads, blocks);
    sweep_ctx<T> c;
    c.stage = plan->stage[0];
    c.image_len = plan->image_len;
    c.alpha = alpha;
    c.beta = beta;
    c.reps = 1;
    c.blocks = blocks;
    c.threads = threads;
    c.mapping = mapping;
    c.shared = (size_t)plan->image_len * sizeof(T);
    if (c.shared > gpu_shared_bytes_limit())
        cli_refuse("the operands do not fit in one block's shared memory");
    const int n_out = c.stage.rows * c.stage.cols;
    T *d_image = NULL;
    CUDA_CHECK(cudaMalloc(&d_image, c.shared));
    CUDA_CHECK(cudaMemcpy(d_image, image, c.shared, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMalloc(&c.d_results, (size_t)blocks * n_out * sizeof(T)));
    c.d_image = d_image;
    CUDA_CHECK(
        cudaFuncSetAttribute(sweep_kernel<T, MAP_SERIAL>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)c.shared));
    CUDA_CHECK(cudaFuncSetAttribute(sweep_kernel<T, MAP_WARP_PER_OUTPUT>, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                    (int)c.shared));
    return c;
}

template <typename T>
static void sweep_teardown(sweep_ctx<T> *c)
{
    CUDA_CHECK(cudaFree((void *)c->d_image));
    CUDA_CHECK(cudaFree(c->d_results));
}

template <typename T>
static void sweep_time(const op_plan *plan, op_mapping mapping, int threads, int blocks, T alpha, T beta,
                       const T *image, double target_ms, int trials, sweep_timing *t)
{
    sweep_ctx<T> c = sweep_setup(plan, mapping, threads, blocks, alpha, beta, image);
    sweep_launch<T>(&c); /* warm-up: module load, clocks */
    CUDA_CHECK(cudaDeviceSynchronize());
    const long calibration_reps = 256;
    c.reps = calibration_reps;
    gpu_timer timer;
    gpu_timer_create(&timer);
    gpu_timer_start(&timer);
    sweep_launch<T>(&c);
    const double per_rep_ms = gpu_timer_stop_ms(&timer) / (double)calibration_reps;
    gpu_timer_destroy(&timer);
    double reps = per_rep_ms > 0.0 ? target_ms / per_rep_ms : 1e6;
    if (reps < 16.0)
        reps = 16.0;
    if (reps > 1e7)
        reps = 1e7;
    c.reps = (long)reps;
    const double median_ms = gpu_median_ms(sweep_launch<T>, &c, 1, trials, &t->spread);
    t->us_per_op = median_ms * 1000.0 / (double)c.reps;
    t->reps = c.reps;
    sweep_teardown(&c);
}

template <typename T>
static void sweep_once(const op_plan *plan, op_mapping mapping, int threads, int blocks, T alpha, T beta,
                       const T *image, T *results)
{
    sweep_ctx<T> c = sweep_setup(plan, mapping, threads, blocks, alpha, beta, image);
    sweep_launch<T>(&c);
    const size_t bytes = (size_t)blocks * c.stage.rows * c.stage.cols * sizeof(T);
    CUDA_CHECK(cudaMemcpy(results, c.d_results, bytes, cudaMemcpyDeviceToHost));
    sweep_teardown(&c);
}

extern "C" void gpu_sweep_time_float(const op_plan *plan, op_mapping mapping, int threads, int blocks, float alpha,
                                     float beta, const float *image, double target_ms, int trials, sweep_timing *t)
{
    sweep_time<float>(plan, mapping, threads, blocks, alpha, beta, image, target_ms, trials, t);
}

extern "C" void gpu_sweep_time_double(const op_plan *plan, op_mapping mapping, int threads, int blocks, double alpha,
                                      double beta, const double *image, double target_ms, int trials, sweep_timing *t)
{
    sweep_time<double>(plan, mapping, threads, blocks, alpha, beta, image, target_ms, trials, t);
}

extern "C" void gpu_sweep_once_float(const op_plan *plan, op_mapping mapping, int threads, int blocks, float alpha,
                                     float beta, const float *image, float *results)
{
    sweep_once<float>(plan, mapping, threads, blocks, alpha, beta, image, results);
}

extern "C" void gpu_sweep_once_double(const op_plan *plan, op_mapping mapping, int threads, int blocks, double alpha,
                                      double beta, const double *image, double *results)
{
    sweep_once<double>(plan, mapping, threads, blocks, alpha, beta, image, results);
}
#endif
