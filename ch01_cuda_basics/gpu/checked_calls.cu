/* checked_calls.cu - section 1.7: every CUDA call is checked, and two bugs a
 * check cannot see without help: an off-by-one write past the end of an
 * array (compute-sanitizer's memcheck finds it) and a launch no GPU can run
 * (the launch check finds it). */
#include "checked_calls.h"
#include "cuda_check.h"

__global__ void scale_guarded(const float *x, float *y, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = 2.0f * x[i];
}

// [listing off-by-one]
/* The bug: <= lets thread n write y[n], one element past the end. */
__global__ void scale_off_by_one(const float *x, float *y, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n)
        y[i] = 2.0f * x[i];
}
// [end]
#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/checked_calls_emu.cpp takes the kernels alone */
extern "C" void gpu_scale(const float *x, float *y, int n, scale_mode mode)
{
    float *d_x = NULL, *d_y = NULL;
    const size_t bytes = (size_t)n * sizeof(float);
    // [listing checked-calls]
    CUDA_CHECK(cudaMalloc(&d_x, bytes)); /* any failing call: file, line, message, exit 1 */
    CUDA_CHECK(cudaMalloc(&d_y, bytes));
    CUDA_CHECK(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
    const int threads = mode == SCALE_BAD_LAUNCH ? 2048 : 256;
    const int blocks = (n + threads - 1) / threads;
    if (mode == SCALE_OUT_OF_BOUNDS)
        scale_off_by_one<<<blocks, threads>>>(d_x, d_y, n);
    else
        scale_guarded<<<blocks, threads>>>(d_x, d_y, n);
    CUDA_CHECK_LAUNCH();                 /* the launch itself: a bad configuration is reported here */
    CUDA_CHECK(cudaDeviceSynchronize()); /* the kernel ran: errors while it ran are reported here */
    CUDA_CHECK(cudaMemcpy(y, d_y, bytes, cudaMemcpyDeviceToHost));
    // [end]
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
}
#endif
