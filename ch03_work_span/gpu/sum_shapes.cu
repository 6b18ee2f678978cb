/* sum_shapes.cu - section 3.1 on the GPU: the same sum as a one-thread
 * dependency chain and as a one-block pairwise tree. */
#include "cuda_check.h"
#include "sum_shapes.h"

#include "sum_shapes_kernels.cuh"

static void check_tree_config(size_t n, int threads)
{
    if (n < 1 || n > SUM_SHAPES_MAX_N || threads < 32 || threads > 1024 || threads % 32 != 0) {
        fprintf(stderr, "error: block tree: n = %zu, threads = %d out of range\n", n, threads);
        exit(EXIT_MISMATCH);
    }
}

extern "C" long long gpu_chain_sum_one_thread(const long long *x, size_t n)
{
    long long *d_x = NULL, *d_out = NULL, result = 0;
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof *d_x));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof *d_out));
    CUDA_CHECK(cudaMemcpy(d_x, x, n * sizeof *d_x, cudaMemcpyHostToDevice));
    chain_sum_one_thread<<<1, 1>>>(d_x, n, d_out);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(&result, d_out, sizeof result, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_out));
    return result;
}

extern "C" long long gpu_tree_sum_one_block(const long long *x, size_t n, int threads)
{
    check_tree_config(n, threads);
    long long *d_a = NULL, *d_b = NULL, *d_out = NULL, result = 0;
    const size_t half = n / 2 + 1; /* dst never holds more than ceil(n/2) values */
    CUDA_CHECK(cudaMalloc(&d_a, n * sizeof *d_a));
    CUDA_CHECK(cudaMalloc(&d_b, half * sizeof *d_b));
    CUDA_CHECK(cudaMalloc(&d_out, sizeof *d_out));
    CUDA_CHECK(cudaMemcpy(d_a, x, n * sizeof *d_a, cudaMemcpyHostToDevice));
    block_tree_sum<<<1, threads>>>(d_a, d_b, (int)n, d_out);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(&result, d_out, sizeof result, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_a));
    CUDA_CHECK(cudaFree(d_b));
    CUDA_CHECK(cudaFree(d_out));
    return result;
}

/* What one timed repetition launches. The tree overwrites its input, so each
 * repetition first restores it with a device-to-device copy; that copy is
 * timed as well and is reported by the bench (it is small next to a level
 * loop over the same data). */
typedef struct {
    const long long *d_x;
    long long *d_a, *d_b, *d_out;
    size_t n;
} shapes_ctx;

static void launch_chain(void *p)
{
    shapes_ctx *c = (shapes_ctx *)p;
    chain_sum_one_thread<<<1, 1>>>(c->d_x, c->n, c->d_out);
    CUDA_CHECK_LAUNCH();
}

static void launch_tree(void *p)
{
    shapes_ctx *c = (shapes_ctx *)p;
    CUDA_CHECK(cudaMemcpyAsync(c->d_a, c->d_x, c->n * sizeof *c->d_a, cudaMemcpyDeviceToDevice));
    block_tree_sum<<<1, 1024>>>(c->d_a, c->d_b, (int)c->n, c->d_out);
    CUDA_CHECK_LAUNCH();
}

extern "C" void gpu_sum_shapes_time(const long long *x, size_t n, int reps, sum_shapes_timing *out)
{
    check_tree_config(n, 1024);
    shapes_ctx c = { NULL, NULL, NULL, NULL, n };
    long long *d_x = NULL;
    CUDA_CHECK(cudaMalloc(&d_x, n * sizeof *d_x));
    CUDA_CHECK(cudaMalloc(&c.d_a, n * sizeof *c.d_a));
    CUDA_CHECK(cudaMalloc(&c.d_b, (n / 2 + 1) * sizeof *c.d_b));
    CUDA_CHECK(cudaMalloc(&c.d_out, sizeof *c.d_out));
    CUDA_CHECK(cudaMemcpy(d_x, x, n * sizeof *d_x, cudaMemcpyHostToDevice));
    c.d_x = d_x;
    out->chain_ms = gpu_median_ms(launch_chain, &c, 2, reps, &out->chain_spread);
    out->tree_ms = gpu_median_ms(launch_tree, &c, 2, reps, &out->tree_spread);
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(c.d_a));
    CUDA_CHECK(cudaFree(c.d_b));
    CUDA_CHECK(cudaFree(c.d_out));
}
