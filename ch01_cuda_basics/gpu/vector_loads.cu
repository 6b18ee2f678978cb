/* vector_loads.cu - section 1.9: the same copy four ways: a float per
 * thread, a float4 per thread, float4 tiles staged through shared memory
 * with cp.async, and a double2 per thread. All must copy every bit. */
#include <cuda_pipeline.h>

#include "cuda_check.h"
#include "launch_check.h"
#include "vector_loads.h"

#define COPY_THREADS 256

// [listing launch-bounds-scalar]
/* __launch_bounds__(256): this kernel is never launched with more than 256
 * threads per block, so the compiler may budget registers for 256. */
__global__ void __launch_bounds__(COPY_THREADS) copy_scalar(const float *in, float *out, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        out[i] = in[i];
}
// [end]

// [listing copy-float4]
/* One 16-byte load and store per thread. cudaMalloc memory is aligned to
 * 256 bytes, so in4[k] is 16-byte aligned; the n % 4 floats of the tail are
 * copied one by one. */
__global__ void __launch_bounds__(COPY_THREADS) copy_float4(const float *in, float *out, int n)
{
    const int k = blockIdx.x * blockDim.x + threadIdx.x, vectors = n / 4;
    if (k < vectors)
        reinterpret_cast<float4 *>(out)[k] = reinterpret_cast<const float4 *>(in)[k];
    if (k < n % 4)
        out[vectors * 4 + k] = in[vectors * 4 + k];
}
// [end]

// [listing copy-cp-async]
/* cp.async: the copy from global to shared memory is started, the thread
 * could do other work, and waits only when it needs the data. Each thread
 * then stores the vector its mirror thread loaded, so the block must also
 * wait for everyone's copy: a barrier. */
__global__ void __launch_bounds__(COPY_THREADS) copy_cp_async(const float *in, float *out, int n)
{
    __shared__ float4 tile[COPY_THREADS];
    const int t = threadIdx.x, k = blockIdx.x * blockDim.x + t, vectors = n / 4;
    const float4 *in4 = reinterpret_cast<const float4 *>(in);
    if (k < vectors)
        __pipeline_memcpy_async(&tile[t], &in4[k], sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(0); /* this thread's copies have landed */
    __syncthreads();          /* and every other thread's */
    const int mirror = blockDim.x - 1 - t, km = blockIdx.x * blockDim.x + mirror;
    if (km < vectors)
        reinterpret_cast<float4 *>(out)[km] = tile[mirror];
    if (k < n % 4)
        out[vectors * 4 + k] = in[vectors * 4 + k];
}
// [end]

__global__ void __launch_bounds__(COPY_THREADS) copy_double2(const double *in, double *out, int n)
{
    const int k = blockIdx.x * blockDim.x + threadIdx.x, vectors = n / 2;
    if (k < vectors)
        reinterpret_cast<double2 *>(out)[k] = reinterpret_cast<const double2 *>(in)[k];
    if (k == 0 && n % 2 == 1)
        out[n - 1] = in[n - 1];
}

// [listing misaligned-float4]
extern "C" void gpu_copy_float4_shifted(const float *in, float *out, int n)
{
    const size_t bytes = (size_t)n * sizeof(float);
    float *d_in = NULL, *d_out = NULL;
    CUDA_CHECK(cudaMalloc(&d_in, bytes));
    CUDA_CHECK(cudaMalloc(&d_out, bytes));
    CUDA_CHECK(cudaMemcpy(d_in, in, bytes, cudaMemcpyHostToDevice));
    /* d_in + 1 is 4 bytes past a 256-byte boundary: (float4 *)(d_in + 1) is
     * no address a float4 may be loaded from */
    const int vectors = (n - 1) / 4;
    copy_float4<<<blocks_for(vectors > 0 ? vectors : 1, COPY_THREADS), COPY_THREADS>>>(d_in + 1, d_out + 1, n - 1);
    CUDA_CHECK_LAUNCH(); /* the launch itself is fine: the fault comes when the loads run */
    CUDA_CHECK(cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost));
    // [end]
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
}

extern "C" long long gpu_copy(const void *in, void *out, int n, copy_kind kind)
{
    const size_t bytes = (size_t)n * (kind == COPY_DOUBLE2 ? sizeof(double) : sizeof(float));
    void *d_in = NULL, *d_out = NULL;
    CUDA_CHECK(cudaMalloc(&d_in, bytes));
    CUDA_CHECK(cudaMalloc(&d_out, bytes));
    CUDA_CHECK(cudaMemcpy(d_in, in, bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_out, 0, bytes)); /* an element nobody copies stays 0 and is seen */
    /* threads: one per element, per float4 or per double2 (at least one, for the tail) */
    const int items = kind == COPY_SCALAR ? n : kind == COPY_DOUBLE2 ? n / 2 : n / 4;
    const unsigned blocks = blocks_for(items > 0 ? items : 1, COPY_THREADS);
    const float *fi = (const float *)d_in;
    float *fo = (float *)d_out;
    switch (kind) {
    case COPY_SCALAR: copy_scalar<<<blocks, COPY_THREADS>>>(fi, fo, n); break;
    case COPY_FLOAT4: copy_float4<<<blocks, COPY_THREADS>>>(fi, fo, n); break;
    case COPY_CP_ASYNC: copy_cp_async<<<blocks, COPY_THREADS>>>(fi, fo, n); break;
    default: copy_double2<<<blocks, COPY_THREADS>>>((const double *)d_in, (double *)d_out, n); break;
    }
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_in));
    CUDA_CHECK(cudaFree(d_out));
    return (long long)blocks * COPY_THREADS;
}
