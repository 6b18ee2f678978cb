/* copy_ceiling.cu - the memory-bandwidth ceiling every GPU result in this
 * repository is judged against: a large device-to-device copy, counting bytes
 * read plus bytes written, median of 20 timed copies after warm-up.
 * Build and run: nvcc -O3 -arch=sm_90 -Icommon bench/copy_ceiling.cu build/common/libcommon_gpu.a build/common/libcommon.a -o build/copy_ceiling */
#include "cuda_check.h"
#include "timing.h"

typedef struct { void *dst, *src; size_t bytes; } copy_job;

static void run_copy(void *ctx)
{
    copy_job *job = (copy_job *)ctx;
    CUDA_CHECK(cudaMemcpyAsync(job->dst, job->src, job->bytes, cudaMemcpyDeviceToDevice));
}

int main(void)
{
    gpu_require_device();
    char device[256];
    gpu_device_describe(device, sizeof device);
    printf("device: %s\n| bytes copied | median ms | spread | GB/s (read + write) |\n|---|---|---|---|\n", device);
    for (size_t mib = 256; mib <= 4096; mib *= 4) {
        copy_job job = { NULL, NULL, mib << 20 };
        CUDA_CHECK(cudaMalloc(&job.dst, job.bytes));
        CUDA_CHECK(cudaMalloc(&job.src, job.bytes));
        CUDA_CHECK(cudaMemset(job.src, 0x5a, job.bytes));
        double spread = 0.0;
        const double ms = gpu_median_ms(run_copy, &job, 3, 20, &spread);
        printf("| %zu MiB | %.3f | %.1f%% | %.0f |\n", mib, ms, 100.0 * spread, 2.0 * (double)job.bytes / (ms * 1e6));
        CUDA_CHECK(cudaFree(job.dst));
        CUDA_CHECK(cudaFree(job.src));
    }
    return 0;
}
