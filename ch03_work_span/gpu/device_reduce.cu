/* device_reduce.cu - a device-wide sum in two kernels, for float and double:
 * their geometry and launches. The kernels themselves are in
 * device_reduce_kernels.cuh (which the CPU emulation also compiles). */
#include "cuda_check.h"
#include "device_reduce.h"
#include "device_reduce_emulate.h"

#include <stdint.h>

#include "device_reduce_kernels.cuh"

template <typename T>
static void choose_geometry(device_reduce_plan *p)
{
    int device = 0, sms = 0, per_sm = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, device_reduce_partials<T>, REDUCE_THREADS, 0));
    const uintptr_t address = (uintptr_t)((const T *)p->d_base + p->offset);
    device_reduce_choose_geometry(&p->geometry, p->type, p->n, (size_t)(address % 16), sms, per_sm);
}

extern "C" void device_reduce_plan_create(device_reduce_plan *p, elem_type type, size_t n, size_t offset)
{
    if (n < 1 || n > REDUCE_MAX_N || offset > 15 || (type != ELEM_FLOAT && type != ELEM_DOUBLE)) {
        fprintf(stderr, "error: device reduce: n = %zu, offset = %zu out of range\n", n, offset);
        exit(EXIT_BAD_INPUT);
    }
    const size_t size = (size_t)type;
    p->type = type;
    p->n = n;
    p->offset = offset;
    CUDA_CHECK(cudaMalloc(&p->d_base, (n + offset) * size));
    CUDA_CHECK(cudaMalloc(&p->d_out, size));
    if (type == ELEM_FLOAT)
        choose_geometry<float>(p);
    else
        choose_geometry<double>(p);
    CUDA_CHECK(cudaMalloc(&p->d_partials, (size_t)p->geometry.blocks * size));
}

extern "C" void device_reduce_plan_destroy(device_reduce_plan *p)
{
    CUDA_CHECK(cudaFree(p->d_base));
    CUDA_CHECK(cudaFree(p->d_partials));
    CUDA_CHECK(cudaFree(p->d_out));
}

extern "C" void device_reduce_upload(device_reduce_plan *p, const void *host_x)
{
    char *dst = (char *)p->d_base + p->offset * (size_t)p->type;
    CUDA_CHECK(cudaMemcpy(dst, host_x, p->n * (size_t)p->type, cudaMemcpyHostToDevice));
}

template <typename T>
static void launch_typed(device_reduce_plan *p)
{
    const reduce_geometry *g = &p->geometry;
    /* launch configuration: whole warps, within the kernels' launch bounds */
    if (g->blocks < 1 || g->threads != REDUCE_THREADS || g->final_threads != REDUCE_FINAL_THREADS ||
        REDUCE_THREADS % 32 != 0 || REDUCE_FINAL_THREADS % 32 != 0) {
        fprintf(stderr, "error: device reduce: bad launch configuration\n");
        exit(EXIT_MISMATCH);
    }
    const T *x = (const T *)p->d_base + p->offset;
    device_reduce_partials<T><<<g->blocks, g->threads>>>(x, p->n, g->head, (T *)p->d_partials);
    CUDA_CHECK_LAUNCH();
    device_reduce_final<T><<<1, g->final_threads>>>((const T *)p->d_partials, g->blocks, (T *)p->d_out);
    CUDA_CHECK_LAUNCH();
}

extern "C" void device_reduce_launch(device_reduce_plan *p)
{
    if (p->type == ELEM_FLOAT)
        launch_typed<float>(p);
    else
        launch_typed<double>(p);
}

extern "C" double device_reduce_result(device_reduce_plan *p)
{
    if (p->type == ELEM_FLOAT) {
        float r = 0.0f;
        CUDA_CHECK(cudaMemcpy(&r, p->d_out, sizeof r, cudaMemcpyDeviceToHost));
        return (double)r;
    }
    double r = 0.0;
    CUDA_CHECK(cudaMemcpy(&r, p->d_out, sizeof r, cudaMemcpyDeviceToHost));
    return r;
}

static void launch_plan(void *ctx)
{
    device_reduce_launch((device_reduce_plan *)ctx);
}

extern "C" double device_reduce_time_ms(device_reduce_plan *p, int reps, double *spread)
{
    return gpu_median_ms(launch_plan, p, 3, reps, spread);
}
