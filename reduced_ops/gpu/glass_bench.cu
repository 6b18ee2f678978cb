/* glass_bench.cu - the head to head with GLASS (see glass_bench.h).
 *
 * GLASS is third-party and not part of this tree: the build includes it only
 * when GLASS_DIR names a copy (make GLASS_DIR=path), which defines
 * REDUCED_OPS_HAVE_GLASS. Without it this file still compiles and says so.
 * The same source is compiled twice: with the chapter's --fmad=false
 * (glass_vs_ours) and with nvcc's default contraction, --fmad=true
 * (glass_vs_ours_fmad, REDUCED_OPS_FMAD=1). */
#include "cuda_check.h"
#include "exit_codes.h"
#include "glass_bench.h"
#include "timing.h"

#include <stdio.h>
#include <stdlib.h>

#ifndef REDUCED_OPS_FMAD
#define REDUCED_OPS_FMAD 0
#endif

extern "C" int glass_bench_fmad(void)
{
    return REDUCED_OPS_FMAD;
}

extern "C" int glass_bench_sm_count(void)
{
    int device = 0, sms = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    return sms;
}

#ifndef REDUCED_OPS_HAVE_GLASS

extern "C" int glass_bench_has_glass(void)
{
    return 0;
}

static void no_glass(const char *what)
{
    fprintf(stderr, "error: %s: built without GLASS (make GLASS_DIR=path)\n", what);
    exit(EXIT_BAD_INPUT);
}
extern "C" void glass_cell_once_float(const op_plan *, int, int, int, float, float, const float *, float *)
{
    no_glass(__func__);
}
extern "C" void glass_cell_once_double(const op_plan *, int, int, int, double, double, const double *, double *)
{
    no_glass(__func__);
}
extern "C" void glass_cell_time_float(const op_plan *, int, int, int, float, float, const float *, double, int,
                                      sweep_timing *)
{
    no_glass(__func__);
}
extern "C" void glass_cell_time_double(const op_plan *, int, int, int, double, double, const double *, double, int,
                                       sweep_timing *)
{
    no_glass(__func__);
}

#else

#include "fixed_stage.cuh"
#include "glass.cuh"
#include "sweep_cells.h"
#include "sweep_kernel.cuh"

extern "C" int glass_bench_has_glass(void)
{
    return 1;
}

// [listing glass-call]
/* GLASS's op on the chapter's row-major image: a row-major M x K matrix is
 * a column-major K x M one, so each call names the transposes that make
 * GLASS read exactly the elements the plan reads. TRAILING_SYNC = false:
 * the kernel's own barrier follows, as it does after ours. */
template <typename T, op_kind OP, int M, int N, int K, bool REDUCED>
__device__ void glass_op(T alpha, T *a, T *b, T beta, T *c)
{
    using namespace glass::block;
    if constexpr (OP == OP_GEMM && !REDUCED)
        gemm<T, M, N, K, true, true, true, false>(alpha, a, b, beta, c);
    else if constexpr (OP == OP_GEMM)
        gemm_reduced<T, M, N, K, true, true, true, false>(alpha, a, b, beta, c);
    else if constexpr (OP == OP_GEMV && !REDUCED) /* A m x k row-major: ROW_MAJOR */
        gemv<T, M, K, false, true, false>(alpha, a, b, beta, c);
    else if constexpr (OP == OP_GEMV) /* column-major k x m, transposed */
        gemv_reduced<T, K, M, true, false>(alpha, a, b, beta, c);
    else if constexpr (!REDUCED) /* syrk: C = A A^T, A m x k row-major */
        syrk<T, M, K, FillMode::Full, false, true, false>(alpha, a, beta, c);
    else /* A^T A of the column-major k x m matrix */
        syrk_reduced<T, K, M, true, false>(alpha, a, beta, c);
}
// [end]

/* The twin of sweep_kernel: same copy-in, same repetitions, same barrier. */
template <typename T, op_kind OP, int M, int N, int K, bool REDUCED>
__global__ void glass_kernel(stage_plan stage, int image_len, T alpha, T beta, const T *image, T *results, long reps)
{
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *mine = reinterpret_cast<T *>(shared_bytes);
    block_copy(mine, image, image_len);
    __syncthreads();
    constexpr stage_plan p = fixed_stage<OP, M, N, K>::make();
    for (long r = 0; r < reps; r++) {
        glass_op<T, OP, M, N, K, REDUCED>(alpha, mine + p.a, mine + p.b, beta, mine + p.c);
        __syncthreads();
    }
    const int n_out = stage.rows * stage.cols;
    block_copy(results + (size_t)blockIdx.x * n_out, mine + stage.c, n_out);
}

template <typename T>
using cell_kernel = void (*)(stage_plan, int, T, T, const T *, T *, long);

template <typename T>
struct cell_kernels {
    cell_kernel<T> k[H2H_KERNELS];
    stage_plan fixed;
};

template <typename T, op_kind OP, int M, int N, int K>
static cell_kernels<T> kernels_for(void)
{
    /* syrk's plan, and only syrk's, makes ours compute one triangle, as GLASS's syrk does */
    static_assert(fixed_stage<OP, M, N, K>::symmetric == (OP == OP_SYRK), "symmetric exactly for syrk");
    cell_kernels<T> c;
    c.k[H2H_OURS_SERIAL] = sweep_kernel<T, MAP_SERIAL, fixed_stage<OP, M, N, K>>;
    c.k[H2H_GLASS_PLAIN] = glass_kernel<T, OP, M, N, K, false>;
    c.k[H2H_OURS_WARP] = sweep_kernel<T, MAP_WARP_PER_OUTPUT, fixed_stage<OP, M, N, K>>;
    c.k[H2H_GLASS_REDUCED] = glass_kernel<T, OP, M, N, K, true>;
    c.k[H2H_OURS_SERIAL_RUNTIME] = sweep_kernel<T, MAP_SERIAL>;
    c.k[H2H_OURS_WARP_RUNTIME] = sweep_kernel<T, MAP_WARP_PER_OUTPUT>;
    c.fixed = fixed_stage<OP, M, N, K>::make();
    return c;
}

/* The kernels of one shape row; gemv ignores N and syrk's result is M x M. */
template <typename T>
static cell_kernels<T> kernels_of(const op_plan *plan, int shape_index)
{
    int row = 0;
#define SHAPE_CASE(m, n, k)                                                                                            \
    if (shape_index == row) {                                                                                          \
        if (plan->op == OP_GEMM)                                                                                       \
            return kernels_for<T, OP_GEMM, m, n, k>();                                                                 \
        if (plan->op == OP_GEMV)                                                                                       \
            return kernels_for<T, OP_GEMV, m, 1, k>();                                                                 \
        return kernels_for<T, OP_SYRK, m, m, k>();                                                                     \
    }                                                                                                                  \
    row++;
    SWEEP_SHAPES(SHAPE_CASE)
#undef SHAPE_CASE
    fprintf(stderr, "error: no shape row %d\n", shape_index);
    exit(EXIT_BAD_INPUT);
}

template <typename T>
struct cell_ctx {
    cell_kernels<T> kernels;
    stage_plan stage;
    int image_len, blocks, threads;
    size_t shared;
    T alpha, beta;
    const T *d_image;
    T *d_results;
    long reps[H2H_KERNELS];
};

template <typename T>
static cell_ctx<T> cell_setup(const op_plan *plan, int shape_index, int threads, int blocks, T alpha, T beta,
                              const T *image)
{
    if (plan->op != OP_GEMM && plan->op != OP_GEMV && plan->op != OP_SYRK) {
        fprintf(stderr, "error: the head to head runs gemm, gemv and syrk only\n");
        exit(EXIT_BAD_INPUT);
    }
    cell_ctx<T> c;
    c.kernels = kernels_of<T>(plan, shape_index);
    if (!fixed_stage_matches(c.kernels.fixed, plan->stage[0])) {
        fprintf(stderr, "MISMATCH: the compile-time plan of %s, shape row %d, differs from op_plan_make's\n",
                op_name(plan->op), shape_index);
        exit(EXIT_MISMATCH);
    }
    c.stage = plan->stage[0];
    c.image_len = plan->image_len;
    c.blocks = blocks;
    c.threads = threads;
    c.alpha = alpha;
    c.beta = beta;
    c.shared = (size_t)plan->image_len * sizeof(T);
    if (c.shared > 48 * 1024) { /* every sweep shape fits; no opt-in needed */
        fprintf(stderr, "error: the operands need more than 48 KiB of shared memory\n");
        exit(EXIT_BAD_INPUT);
    }
    T *d_image = NULL;
    CUDA_CHECK(cudaMalloc(&d_image, c.shared));
    CUDA_CHECK(cudaMemcpy(d_image, image, c.shared, cudaMemcpyHostToDevice));
    c.d_image = d_image;
    CUDA_CHECK(cudaMalloc(&c.d_results, (size_t)blocks * c.stage.rows * c.stage.cols * sizeof(T)));
    for (int k = 0; k < H2H_KERNELS; k++)
        c.reps[k] = 1;
    return c;
}

template <typename T>
static void cell_teardown(cell_ctx<T> *c)
{
    CUDA_CHECK(cudaFree((void *)c->d_image));
    CUDA_CHECK(cudaFree(c->d_results));
}

template <typename T>
static void cell_launch(const cell_ctx<T> *c, int kernel, long reps)
{
    c->kernels.k[kernel]<<<c->blocks, c->threads, c->shared>>>(c->stage, c->image_len, c->alpha, c->beta, c->d_image,
                                                               c->d_results, reps);
    CUDA_CHECK_LAUNCH();
}

template <typename T>
static void cell_once(const op_plan *plan, int shape_index, int threads, int blocks, T alpha, T beta, const T *image,
                      T *results)
{
    cell_ctx<T> c = cell_setup(plan, shape_index, threads, blocks, alpha, beta, image);
    const size_t per_kernel = (size_t)blocks * c.stage.rows * c.stage.cols;
    for (int k = 0; k < H2H_KERNELS; k++) {
        CUDA_CHECK(cudaMemset(c.d_results, 0xff, per_kernel * sizeof(T))); /* NaN: a kernel that writes nothing fails */
        cell_launch(&c, k, 1);
        CUDA_CHECK(cudaMemcpy(results + k * per_kernel, c.d_results, per_kernel * sizeof(T), cudaMemcpyDeviceToHost));
    }
    cell_teardown(&c);
}

/* Repetitions for about target_ms per launch, from one launch of 256. */
template <typename T>
static long calibrate(const cell_ctx<T> *c, int kernel, double target_ms, gpu_timer *timer)
{
    const long calibration_reps = 256;
    gpu_timer_start(timer);
    cell_launch(c, kernel, calibration_reps);
    const double per_rep_ms = gpu_timer_stop_ms(timer) / (double)calibration_reps;
    double reps = per_rep_ms > 0.0 ? target_ms / per_rep_ms : 1e6;
    reps = reps < 16.0 ? 16.0 : reps > 1e7 ? 1e7 : reps;
    return (long)reps;
}

template <typename T>
static void cell_time(const op_plan *plan, int shape_index, int threads, int blocks, T alpha, T beta, const T *image,
                      double target_ms, int trials, sweep_timing *t)
{
    cell_ctx<T> c = cell_setup(plan, shape_index, threads, blocks, alpha, beta, image);
    gpu_timer timer;
    gpu_timer_create(&timer);
    for (int k = 0; k < H2H_KERNELS; k++)
        cell_launch(&c, k, 1); /* warm-up: module load, clocks */
    CUDA_CHECK(cudaDeviceSynchronize());
    for (int k = 0; k < H2H_KERNELS; k++)
        c.reps[k] = calibrate(&c, k, target_ms, &timer);
    double *ms = (double *)malloc(sizeof(double) * (size_t)trials * H2H_KERNELS);
    if (ms == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_MISMATCH);
    }
    for (int r = 0; r < trials; r++) /* interleaved: every kernel once per trial */
        for (int k = 0; k < H2H_KERNELS; k++) {
            gpu_timer_start(&timer);
            cell_launch(&c, k, c.reps[k]);
            ms[k * trials + r] = gpu_timer_stop_ms(&timer);
        }
    for (int k = 0; k < H2H_KERNELS; k++) {
        t[k].us_per_op = median_of(ms + k * trials, (size_t)trials) * 1000.0 / (double)c.reps[k];
        t[k].spread = spread_of(ms + k * trials, (size_t)trials);
        t[k].reps = c.reps[k];
    }
    free(ms);
    gpu_timer_destroy(&timer);
    cell_teardown(&c);
}

extern "C" void glass_cell_once_float(const op_plan *plan, int shape_index, int threads, int blocks, float alpha,
                                      float beta, const float *image, float *results)
{
    cell_once<float>(plan, shape_index, threads, blocks, alpha, beta, image, results);
}

extern "C" void glass_cell_once_double(const op_plan *plan, int shape_index, int threads, int blocks, double alpha,
                                       double beta, const double *image, double *results)
{
    cell_once<double>(plan, shape_index, threads, blocks, alpha, beta, image, results);
}

extern "C" void glass_cell_time_float(const op_plan *plan, int shape_index, int threads, int blocks, float alpha,
                                      float beta, const float *image, double target_ms, int trials, sweep_timing *t)
{
    cell_time<float>(plan, shape_index, threads, blocks, alpha, beta, image, target_ms, trials, t);
}

extern "C" void glass_cell_time_double(const op_plan *plan, int shape_index, int threads, int blocks, double alpha,
                                       double beta, const double *image, double target_ms, int trials, sweep_timing *t)
{
    cell_time<double>(plan, shape_index, threads, blocks, alpha, beta, image, target_ms, trials, t);
}

#endif
