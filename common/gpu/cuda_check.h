/* cuda_check.h - checked CUDA calls and event timing, for .cu files.
 *
 *   CUDA_CHECK(cudaMalloc(&p, bytes));   any failing call: file, line, message
 *   kernel<<<grid, block>>>(...);
 *   CUDA_CHECK_LAUNCH();                 launch errors (bad configuration, ...)
 *
 * A failure prints one `error: ...` line and exits with EXIT_MISMATCH: the
 * GPU did not produce a result, so nothing was confirmed. Running out of
 * device memory is the exception: the size was the user's choice, so it
 * exits with EXIT_BAD_INPUT, as host allocations do (alloc.h). */
#ifndef COMMON_CUDA_CHECK_H
#define COMMON_CUDA_CHECK_H

#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "exit_codes.h"
#include "gpu.h"

static inline void cuda_check_at(cudaError_t err, const char *what, const char *file, int line)
{
    if (err == cudaErrorMemoryAllocation) {
        /* the size came from the user (--n, --random): bad input, not a
         * wrong result, so it ends like a host allocation that is too big */
        size_t free_bytes = 0, total_bytes = 0;
        (void)cudaGetLastError();
        (void)cudaMemGetInfo(&free_bytes, &total_bytes);
        fprintf(stderr,
                "error: the GPU has too little memory for '%s' (%s:%d; %zu of %zu MiB free): ask for a smaller size\n",
                what, file, line, free_bytes >> 20, total_bytes >> 20);
        exit(EXIT_BAD_INPUT);
    }
    if (err != cudaSuccess) {
        fprintf(stderr, "error: CUDA call '%s' failed at %s:%d: %s\n", what, file, line, cudaGetErrorString(err));
        exit(EXIT_MISMATCH);
    }
}

#define CUDA_CHECK(call) cuda_check_at((call), #call, __FILE__, __LINE__)

/* Catches launch-configuration errors at once; execution errors surface at
 * the next checked synchronising call. */
#define CUDA_CHECK_LAUNCH() cuda_check_at(cudaGetLastError(), "kernel launch", __FILE__, __LINE__)

/* A pair of CUDA events around a region of the default stream. */
typedef struct {
    cudaEvent_t start, stop;
} gpu_timer;

void gpu_timer_create(gpu_timer *t);
void gpu_timer_destroy(gpu_timer *t);
void gpu_timer_start(gpu_timer *t);
/* Records the stop event, waits for it, returns milliseconds since start. */
float gpu_timer_stop_ms(gpu_timer *t);

/* Runs launch(ctx) `warmup` times, then times `reps` single runs with events
 * and returns the median in milliseconds (spread in *spread if not NULL). */
double gpu_median_ms(void (*launch)(void *ctx), void *ctx, int warmup, int reps, double *spread);

#endif
