/* event_timing.cu - section 1.8: timing kernels with CUDA events: the first
 * launch alone, then warm-up runs, then the median of many. */
#include "cuda_check.h"
#include "event_timing.h"
#include "launch_check.h"
#include "timing.h"

__global__ void scale_kernel(float a, const float *x, float *y, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        y[i] = a * x[i]; /* the same result however often it runs */
}

// [listing event-pair]
/* Milliseconds of one launch, measured on the GPU's own clock: an event
 * is a marker in the stream, stamped when the GPU reaches it. */
static double time_one_launch(float a, const float *d_x, float *d_y, int n)
{
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    const int threads = 256;
    CUDA_CHECK(cudaEventRecord(start));
    scale_kernel<<<blocks_for(n, threads), threads>>>(a, d_x, d_y, n);
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaEventSynchronize(stop)); /* the host waits until the GPU has passed `stop` */
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    return ms;
}
// [end]

extern "C" void gpu_scale_timed(float a, const float *x, float *y, int n, int warmup, int reps,
                                scale_timing *t)
{
    float *d_x = NULL, *d_y = NULL;
    const size_t bytes = (size_t)n * sizeof(float);
    CUDA_CHECK(cudaMalloc(&d_x, bytes));
    CUDA_CHECK(cudaMalloc(&d_y, bytes));
    CUDA_CHECK(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
    double *ms = (double *)malloc(sizeof(double) * (size_t)reps);
    if (ms == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_MISMATCH);
    }
    // [listing warmup-median]
    t->first_ms = time_one_launch(a, d_x, d_y, n); /* includes one-time start-up costs */
    for (int r = 0; r < warmup; r++)
        (void)time_one_launch(a, d_x, d_y, n);
    for (int r = 0; r < reps; r++)
        ms[r] = time_one_launch(a, d_x, d_y, n);
    t->median_ms = median_of(ms, (size_t)reps); /* sorts ms: min and max at the ends */
    t->min_ms = ms[0];
    t->max_ms = ms[reps - 1];
    // [end]
    free(ms);
    CUDA_CHECK(cudaMemcpy(y, d_y, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
}
