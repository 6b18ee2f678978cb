/* coalescing.cu - section 1.10: the same copy with four ways of numbering
 * the elements. The index arithmetic lives in lib/access_pattern.h, as
 * __host__ __device__ functions the CPU view of coalescing.c calls too. */
#include "coalescing.h"
#include "coalescing_kernels.cuh"
#include "cuda_check.h"

static struct {
    float *in, *out;
    unsigned *perm;
    long long n;
} dev;

extern "C" void gpu_copy_setup(const float *in, const unsigned *perm, long long n)
{
    dev.n = n;
    CUDA_CHECK(cudaMalloc(&dev.in, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dev.out, (size_t)n * sizeof(float)));
    CUDA_CHECK(cudaMalloc(&dev.perm, (size_t)n * sizeof(unsigned)));
    CUDA_CHECK(cudaMemcpy(dev.in, in, (size_t)n * sizeof(float), cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(dev.perm, perm, (size_t)n * sizeof(unsigned), cudaMemcpyHostToDevice));
}

extern "C" void gpu_copy_teardown(void)
{
    CUDA_CHECK(cudaFree(dev.in));
    CUDA_CHECK(cudaFree(dev.out));
    CUDA_CHECK(cudaFree(dev.perm));
}

static void launch_copy(void *ctx)
{
    const copy_case *c = (const copy_case *)ctx;
    if (!c->two_d) {
        const int threads = 256;
        const unsigned blocks = (unsigned)((dev.n + threads - 1) / threads);
        copy_gather<<<blocks, threads>>>(dev.in, dev.out, dev.n, c->kind, c->stride, dev.perm);
        CUDA_CHECK_LAUNCH();
        return;
    }
    const int width = COPY_ROW_FLOATS, height = (int)(dev.n / COPY_ROW_FLOATS);
    // [listing launch-2d]
    /* x runs along a row (width) in the right copy and down a column
     * (height) in the trap; the grid covers the matrix either way. */
    const int along_x = c->transposed ? height : width;
    const int along_y = c->transposed ? width : height;
    const dim3 block(COPY_BLOCK_X, COPY_BLOCK_Y); /* 32 x 8 = 256 threads, z = 1 */
    const dim3 grid((along_x + block.x - 1) / block.x, (along_y + block.y - 1) / block.y);
    copy_2d<<<grid, block>>>(dev.in, dev.out, width, height, c->transposed);
    CUDA_CHECK_LAUNCH();
    // [end]
}

extern "C" double gpu_copy_time(const copy_case *c, int warmup, int reps, float *out)
{
    CUDA_CHECK(cudaMemset(dev.out, 0, (size_t)dev.n * sizeof(float)));
    const double ms = gpu_median_ms(launch_copy, (void *)c, warmup, reps, NULL);
    CUDA_CHECK(cudaMemcpy(out, dev.out, (size_t)dev.n * sizeof(float), cudaMemcpyDeviceToHost));
    return ms;
}
