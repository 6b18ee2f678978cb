/* copy_ceiling.cu - a large device-to-device copy, the memory-bandwidth
 * ceiling every GPU result in this companion is judged against. */
#include "copy_ceiling.h"
#include "cuda_check.h"

typedef struct {
    void *dst, *src;
    size_t bytes;
} copy_job;

static void run_copy(void *ctx)
{
    copy_job *job = (copy_job *)ctx;
    CUDA_CHECK(cudaMemcpyAsync(job->dst, job->src, job->bytes, cudaMemcpyDeviceToDevice));
}

/* 1 when dst[offset, offset + n) holds the fill byte */
static int holds_fill(const void *dst, size_t offset, size_t n, unsigned char fill)
{
    unsigned char host[4096];
    CUDA_CHECK(cudaMemcpy(host, (const unsigned char *)dst + offset, n, cudaMemcpyDeviceToHost));
    for (size_t i = 0; i < n; i++)
        if (host[i] != fill)
            return 0;
    return 1;
}

extern "C" double copy_ceiling_ms(size_t bytes, int warmup, int reps, double *spread, int *copied_ok)
{
    const unsigned char fill = 0x5a;
    copy_job job = { NULL, NULL, bytes };
    CUDA_CHECK(cudaMalloc(&job.dst, bytes));
    CUDA_CHECK(cudaMalloc(&job.src, bytes));
    CUDA_CHECK(cudaMemset(job.src, fill, bytes));
    CUDA_CHECK(cudaMemset(job.dst, 0, bytes));
    const double ms = gpu_median_ms(run_copy, &job, warmup, reps, spread);
    const size_t probe = bytes < 4096 ? bytes : 4096;
    *copied_ok = holds_fill(job.dst, 0, probe, fill) && holds_fill(job.dst, bytes - probe, probe, fill);
    CUDA_CHECK(cudaFree(job.dst));
    CUDA_CHECK(cudaFree(job.src));
    return ms;
}
