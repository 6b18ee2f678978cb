/* device_buffers.cu - see device_buffers.h. */
#include "cuda_check.h"
#include "device_buffers.h"

#include <stdint.h>

extern "C" double *device_doubles(size_t n)
{
    if (n > SIZE_MAX / sizeof(double)) {
        fprintf(stderr, "error: %zu doubles do not fit the address space\n", n);
        exit(EXIT_BAD_INPUT);
    }
    double *d = NULL;
    const cudaError_t err = cudaMalloc(&d, n > 0 ? n * sizeof(double) : 1);
    if (err == cudaErrorMemoryAllocation) {
        (void)cudaGetLastError();
        fprintf(stderr, "error: cannot allocate %zu doubles on the GPU\n", n);
        exit(EXIT_BAD_INPUT);
    }
    CUDA_CHECK(err);
    return d;
}

extern "C" void device_free(double *d)
{
    CUDA_CHECK(cudaFree(d));
}

extern "C" void device_upload(double *d, const double *h, size_t n)
{
    CUDA_CHECK(cudaMemcpy(d, h, n * sizeof(double), cudaMemcpyHostToDevice));
}

extern "C" void device_download(double *h, const double *d, size_t n)
{
    CUDA_CHECK(cudaMemcpy(h, d, n * sizeof(double), cudaMemcpyDeviceToHost));
}

extern "C" void device_sync(void)
{
    CUDA_CHECK(cudaDeviceSynchronize());
}

extern "C" double device_median_ms(void (*launch)(void *ctx), void *ctx, int warmup, int reps, double *spread)
{
    return gpu_median_ms(launch, ctx, warmup, reps, spread);
}
