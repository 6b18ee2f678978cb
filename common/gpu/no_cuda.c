/* no_cuda.c - common/gpu/ without a device: what a build without nvcc (make
 * NVCC=) links in place of gpu.cu and of common's own kernels, and what a
 * program that measures only the CPU (cpu_reduce_bench) links in every
 * build. There is never a device: gpu_device_count() is 0, and a GPU path
 * that asks for one (gpu_require_device) or reaches a launch function all
 * the same says so and exits 77, the code for "no GPU here", which CTest
 * reports as skipped, never passed. Every CPU path runs unchanged.
 * Parameters of the launch stand-ins are unused on purpose: they only keep
 * the link whole. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "no_cuda.h"

#include "exit_codes.h"
#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>

const char *no_device_description = "no GPU (built without CUDA)";
const char *no_device_refusal = "built without CUDA: --on gpu is not available";

/* ---- gpu.h ---------------------------------------------------------------- */
int gpu_device_count(void)
{
    return 0;
}

void gpu_device_describe(char *buf, size_t size)
{
    snprintf(buf, size, "%s", no_device_description);
}

void gpu_require_device(void)
{
    printf("%s\n", no_device_refusal);
    exit(EXIT_NO_GPU);
}

long gpu_l2_cache_bytes(void)
{
    return 0; /* no GPU L2 to report */
}

void gpu_time_interleaved(void (*launch)(void *ctx, int op), void *ctx, int ops, int warmup, int reps, double *ms)
{
    no_cuda(__func__);
}

_Noreturn void no_cuda(const char *function)
{
    printf("built without CUDA: %s() is not available\n", function);
    exit(EXIT_NO_GPU);
}

/* ---- common's own kernels --------------------------------------------------- */
#include "gpu_smoke.h"
#include "read_ceiling.h"

/* gpu/gpu_smoke.cu */
void gpu_axpy(double a, const double *x, double *y, size_t n)
{
    no_cuda(__func__);
}

/* gpu/read_ceiling.cu */
read_ceiling *read_ceiling_create(const void *d_in, size_t bytes)
{
    no_cuda(__func__);
}
void read_ceiling_launch(read_ceiling *r)
{
    no_cuda(__func__);
}
uint64_t read_ceiling_sum(read_ceiling *r)
{
    no_cuda(__func__);
}
void read_ceiling_destroy(read_ceiling *r)
{
    no_cuda(__func__);
}
void *read_ceiling_filled_buffer(size_t bytes)
{
    no_cuda(__func__);
}
void read_ceiling_free(void *d)
{
    no_cuda(__func__);
}
