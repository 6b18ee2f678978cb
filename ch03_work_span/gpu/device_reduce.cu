/* device_reduce.cu - a device-wide sum in two kernels, for float and double.
 * The element type is a template parameter: one kernel body serves both
 * types, and the 16-byte vector type (float4, double2) follows from it. */
#include "cuda_check.h"
#include "device_reduce.h"
#include "device_reduce_emulate.h"

#include <stdint.h>

#include "warp.h"

template <typename T> struct vec16;
template <> struct vec16<float> { typedef float4 type; static const int width = 4; };
template <> struct vec16<double> { typedef double2 type; static const int width = 2; };

/* Components in order, one rounding each (the CPU emulation does the same). */
__device__ void add_vector(float &acc, float4 v) { acc += v.x; acc += v.y; acc += v.z; acc += v.w; }
__device__ void add_vector(double &acc, double2 v) { acc += v.x; acc += v.y; }

// [listing warp-block-sum]
/* Lane 0 ends with lane 0 + lane 16, then + lanes 8.., 4.., 2.., 1..: a tree
 * of 5 levels, no barrier needed (the lanes of a warp step together through
 * __shfl_down_sync). */
template <typename T> __device__ T warp_sum(T s)
{
    /* BEGIN SOLUTION */
    for (int offset = 16; offset > 0; offset /= 2)
        s += __shfl_down_sync(FULL_WARP, s, offset);
    return s;
    /* STUDENT: five __shfl_down_sync steps, offsets 16, 8, 4, 2, 1; the warp's sum ends in lane 0 (3.4).
    return s;
    */
    /* END SOLUTION */
}

/* Warp sums, then warp 0 adds the warp totals: one barrier for the block.
 * The result is valid in thread 0. blockDim.x is a multiple of 32. */
template <typename T> __device__ T block_tree_sum(T s)
{
    /* BEGIN SOLUTION */
    __shared__ T warp_totals[32];
    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    s = warp_sum(s);
    if (lane == 0)
        warp_totals[warp] = s;
    __syncthreads();
    if (warp == 0) {
        s = lane < (int)(blockDim.x / 32) ? warp_totals[lane] : (T)0;
        s = warp_sum(s);
    }
    return s;
    /* STUDENT: warp sums through warp_sum, lane 0 of each warp stores its total in shared memory, one __syncthreads(), then warp 0 sums the totals (3.4).
    // The GPU twin of emulate_block_sum. Every thread reaches the barrier.
    return s;
    */
    /* END SOLUTION */
}
// [end]

// [listing device-reduce-partials]
/* Each thread reads 16-byte vectors, grid-stride, REDUCE_ACCUMULATORS at a
 * time into as many independent accumulators: the loads of one round are all
 * in flight together. Scalars before the first 16-byte boundary (head) and
 * after the last whole vector (tail) are added by the first threads. */
template <typename T>
__global__ void __launch_bounds__(REDUCE_THREADS)
device_reduce_partials(const T *__restrict__ x, size_t n, size_t head, T *__restrict__ partials)
{
    typedef typename vec16<T>::type V;
    const int width = vec16<T>::width;
    const size_t tid = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    const size_t threads = (size_t)gridDim.x * blockDim.x;
    const V *xv = reinterpret_cast<const V *>(x + head); /* 16-byte aligned */
    const size_t vectors = (n - head) / width;
    T acc[REDUCE_ACCUMULATORS];
#pragma unroll
    for (int k = 0; k < REDUCE_ACCUMULATORS; k++)
        acc[k] = 0;
    size_t i = tid;
    for (; i + (REDUCE_ACCUMULATORS - 1) * threads < vectors; i += REDUCE_ACCUMULATORS * threads) {
        V v[REDUCE_ACCUMULATORS];
#pragma unroll
        for (int k = 0; k < REDUCE_ACCUMULATORS; k++)
            v[k] = xv[i + k * threads]; /* all loads issued before any add */
#pragma unroll
        for (int k = 0; k < REDUCE_ACCUMULATORS; k++)
            add_vector(acc[k], v[k]);
    }
    for (; i < vectors; i += threads) /* the last, incomplete round */
        add_vector(acc[0], xv[i]);
    const size_t tail = head + vectors * width;
    if (tid < head)
        acc[0] += x[tid];
    if (tid < n - tail)
        acc[0] += x[tail + tid];
    T s = acc[0];
#pragma unroll
    for (int k = 1; k < REDUCE_ACCUMULATORS; k++)
        s += acc[k];
    s = block_tree_sum(s);
    if (threadIdx.x == 0)
        partials[blockIdx.x] = s;
}

/* One block adds the block partials in a fixed order: no float atomics. */
template <typename T>
__global__ void __launch_bounds__(REDUCE_FINAL_THREADS)
device_reduce_final(const T *__restrict__ partials, int count, T *__restrict__ out)
{
    T s = 0;
    for (int i = threadIdx.x; i < count; i += blockDim.x)
        s += partials[i];
    s = block_tree_sum(s);
    if (threadIdx.x == 0)
        *out = s;
}
// [end]

template <typename T> static void choose_geometry(device_reduce_plan *p)
{
    int device = 0, sms = 0, per_sm = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, device_reduce_partials<T>,
                                                             REDUCE_THREADS, 0));
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

template <typename T> static void launch_typed(device_reduce_plan *p)
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
