/* event_timing.cu - section 1.8: timing kernels with CUDA events: the first
 * launch alone, then warm-up runs, then the median of many; and the trap,
 * a host clock around the launch call. */
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

// [listing host-clock-trap]
/* The trap: a host clock read as soon as the launch call returns. The
 * launch only queues the kernel, so t1 - t0 is the time to queue it; the
 * kernel runs afterwards, and only a wait (t2) sees it end. The events
 * around the same launch give the kernel's own time. */
static void time_on_three_clocks(float a, const float *d_x, float *d_y, int n, double *no_wait_ms, double *wait_ms,
                                 double *event_ms)
{
    cudaEvent_t start, stop;
    CUDA_CHECK(cudaEventCreate(&start));
    CUDA_CHECK(cudaEventCreate(&stop));
    const int threads = 256;
    CUDA_CHECK(cudaDeviceSynchronize()); /* nothing else queued before t0 */
    const double t0 = host_seconds();
    CUDA_CHECK(cudaEventRecord(start)); /* after t0, so the events lie between t0 and t2 */
    scale_kernel<<<blocks_for(n, threads), threads>>>(a, d_x, d_y, n);
    const double t1 = host_seconds(); /* the launch has returned: the kernel is queued */
    CUDA_CHECK(cudaEventRecord(stop));
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaDeviceSynchronize()); /* the host waits for the kernel to end */
    const double t2 = host_seconds();
    float ms = 0.0f;
    CUDA_CHECK(cudaEventElapsedTime(&ms, start, stop));
    CUDA_CHECK(cudaEventDestroy(start));
    CUDA_CHECK(cudaEventDestroy(stop));
    *no_wait_ms = (t1 - t0) * 1e3;
    *wait_ms = (t2 - t0) * 1e3;
    *event_ms = ms;
}
// [end]

/* d_x, d_y: n floats on the device for the two timing functions below
 * (x copied in); ms: room for reps timings on the host. */
static void scale_buffers(const float *x, int n, int reps, float **d_x, float **d_y, double **ms)
{
    const size_t bytes = (size_t)n * sizeof(float);
    CUDA_CHECK(cudaMalloc(d_x, bytes));
    CUDA_CHECK(cudaMalloc(d_y, bytes));
    CUDA_CHECK(cudaMemcpy(*d_x, x, bytes, cudaMemcpyHostToDevice));
    *ms = (double *)malloc(sizeof(double) * 3 * (size_t)reps);
    if (*ms == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_MISMATCH);
    }
}

extern "C" void gpu_scale_host_clock(float a, const float *x, float *y, int n, int warmup, int reps,
                                     host_clock_timing *t)
{
    float *d_x = NULL, *d_y = NULL;
    double *ms = NULL;
    scale_buffers(x, n, reps, &d_x, &d_y, &ms);
    double *no_wait = ms, *wait = ms + reps, *event = ms + 2 * reps;
    for (int r = 0; r < warmup; r++)
        time_on_three_clocks(a, d_x, d_y, n, &no_wait[0], &wait[0], &event[0]);
    for (int r = 0; r < reps; r++)
        time_on_three_clocks(a, d_x, d_y, n, &no_wait[r], &wait[r], &event[r]);
    t->host_no_wait_ms = median_of(no_wait, (size_t)reps);
    t->host_wait_ms = median_of(wait, (size_t)reps);
    t->event_ms = median_of(event, (size_t)reps);
    free(ms);
    CUDA_CHECK(cudaMemcpy(y, d_y, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
}

extern "C" void gpu_scale_timed(float a, const float *x, float *y, int n, int warmup, int reps, scale_timing *t)
{
    float *d_x = NULL, *d_y = NULL;
    double *ms = NULL;
    scale_buffers(x, n, reps, &d_x, &d_y, &ms);
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
    CUDA_CHECK(cudaMemcpy(y, d_y, (size_t)n * sizeof(float), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_y));
}
