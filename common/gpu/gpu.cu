/* gpu.cu - device queries and event timing shared by every chapter. */
#include "cuda_check.h"
#include "timing.h"

#include <string.h>

extern "C" int gpu_device_count(void)
{
    int count = 0;
    /* no driver or no device are both "no GPU", not an error */
    if (cudaGetDeviceCount(&count) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return count;
}

extern "C" void gpu_device_describe(char *buf, size_t size)
{
    cudaDeviceProp prop;
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaGetDeviceProperties(&prop, device));
    snprintf(buf, size, "%s (sm_%d%d, %d SMs)", prop.name, prop.major, prop.minor, prop.multiProcessorCount);
}

extern "C" void gpu_require_device(void)
{
    if (gpu_device_count() == 0) {
        printf("skipped: no CUDA device\n");
        exit(EXIT_NO_GPU);
    }
}

extern "C" long gpu_l2_cache_bytes(void)
{
    int device = 0, bytes = 0;
    if (gpu_device_count() == 0)
        return 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&bytes, cudaDevAttrL2CacheSize, device));
    return bytes;
}

extern "C" void gpu_time_interleaved(void (*launch)(void *ctx, int op), void *ctx, int ops, int warmup, int reps,
                                     double *ms)
{
    gpu_timer t;
    gpu_timer_create(&t);
    for (int w = 0; w < warmup; w++)
        for (int op = 0; op < ops; op++)
            launch(ctx, op);
    CUDA_CHECK(cudaDeviceSynchronize());
    for (int r = 0; r < reps; r++)
        for (int i = 0; i < ops; i++) {
            const int op = r % 2 == 0 ? i : ops - 1 - i;
            gpu_timer_start(&t);
            launch(ctx, op);
            ms[op * reps + r] = gpu_timer_stop_ms(&t);
        }
    CUDA_CHECK_LAUNCH();
    gpu_timer_destroy(&t);
}

void gpu_timer_create(gpu_timer *t)
{
    CUDA_CHECK(cudaEventCreate(&t->start));
    CUDA_CHECK(cudaEventCreate(&t->stop));
}

void gpu_timer_destroy(gpu_timer *t)
{
    CUDA_CHECK(cudaEventDestroy(t->start));
    CUDA_CHECK(cudaEventDestroy(t->stop));
}

void gpu_timer_start(gpu_timer *t)
{
    CUDA_CHECK(cudaEventRecord(t->start));
}

float gpu_timer_stop_ms(gpu_timer *t)
{
    float ms = 0.0f;
    CUDA_CHECK(cudaEventRecord(t->stop));
    CUDA_CHECK(cudaEventSynchronize(t->stop));
    CUDA_CHECK(cudaEventElapsedTime(&ms, t->start, t->stop));
    return ms;
}

double gpu_median_ms(void (*launch)(void *ctx), void *ctx, int warmup, int reps, double *spread)
{
    gpu_timer t;
    gpu_timer_create(&t);
    for (int i = 0; i < warmup; i++)
        launch(ctx);
    CUDA_CHECK(cudaDeviceSynchronize());
    double *ms = (double *)malloc(sizeof(double) * (size_t)reps);
    if (ms == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_MISMATCH);
    }
    for (int i = 0; i < reps; i++) {
        gpu_timer_start(&t);
        launch(ctx);
        ms[i] = gpu_timer_stop_ms(&t);
    }
    CUDA_CHECK_LAUNCH();
    const double med = median_of(ms, (size_t)reps);
    if (spread)
        *spread = spread_of(ms, (size_t)reps);
    free(ms);
    gpu_timer_destroy(&t);
    return med;
}
