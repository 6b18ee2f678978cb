/* gpu_smoke.cu - the template every chapter's CUDA code follows: a kernel,
 * and an extern "C" launch function that owns the device memory, checks the
 * launch configuration and every CUDA call. */
#include "cuda_check.h"
#include "gpu_smoke.h"

// [listing axpy-kernel]
/* One thread per element; a grid-stride loop covers any n with any grid. */
__global__ void axpy_grid_stride(double a, const double *x, double *y, size_t n)
{
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] = a * x[i] + y[i]; /* --fmad=false: a multiply and an add, like the CPU */
}
// [end]

#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/gpu_smoke_emu.cpp takes the kernel alone */
extern "C" void gpu_axpy(double a, const double *x, double *y, size_t n)
{
    double *d_x = NULL, *d_y = NULL;
    const size_t bytes = n * sizeof(double);
    CUDA_CHECK(cudaMalloc(&d_x, bytes));
    CUDA_CHECK(cudaMalloc(&d_y, bytes));
    CUDA_CHECK(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_y, y, bytes, cudaMemcpyHostToDevice));
    const int threads = AXPY_THREADS;
    const size_t wanted = (n + threads - 1) / threads;
    const int blocks = (int)(wanted < AXPY_MAX_BLOCKS ? wanted : AXPY_MAX_BLOCKS);
    axpy_grid_stride<<<blocks, threads>>>(a, d_x, d_y, n);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(y, d_y, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
}
#endif
