/* no_cuda.c - gpu.h for a build without nvcc (make NVCC=): there is never a
 * device, and asking for one ends the program with exit 77, the code for
 * "no GPU here" (CTest reports it as skipped). It replaces gpu.cu in such a
 * build, so every C main links and runs its CPU path unchanged. */
#include "no_cuda.h"

#include "exit_codes.h"
#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>

int gpu_device_count(void)
{
    return 0;
}

void gpu_device_describe(char *buf, size_t size)
{
    snprintf(buf, size, "no GPU (built without CUDA)");
}

void gpu_require_device(void)
{
    printf("built without CUDA: --on gpu is not available\n");
    exit(EXIT_NO_GPU);
}

long gpu_l2_cache_bytes(void)
{
    return 0;
}

void gpu_time_interleaved(void (*launch)(void *ctx, int op), void *ctx, int ops, int warmup, int reps, double *ms)
{
    (void)launch, (void)ctx, (void)ops, (void)warmup, (void)reps, (void)ms;
    no_cuda(__func__);
}

_Noreturn void no_cuda(const char *function)
{
    printf("built without CUDA: %s() is not available\n", function);
    exit(EXIT_NO_GPU);
}
