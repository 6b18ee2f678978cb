/* device_reduce_kernels.cuh - the two kernels of device_reduce.cu and the
 * warp and block trees they share, apart from their launches, so that the
 * CPU emulation (tests/emulated_device_reduce.cpp, common/emulator/)
 * compiles and runs this very code with g++, thread by thread.
 * The element type is a template parameter: one kernel body serves both
 * types, and the 16-byte vector type (float4, double2) follows from it. */
#ifndef CH03_DEVICE_REDUCE_KERNELS_CUH
#define CH03_DEVICE_REDUCE_KERNELS_CUH

#include <stddef.h>

#include "device_reduce.h"
#include "warp.h"

template <typename T>
struct vec16;
template <>
struct vec16<float> {
    typedef float4 type;
    static const int width = 4;
};
template <>
struct vec16<double> {
    typedef double2 type;
    static const int width = 2;
};

/* Components in order, one rounding each (the CPU emulation does the same). */
__device__ void add_vector(float &acc, float4 v)
{
    acc += v.x;
    acc += v.y;
    acc += v.z;
    acc += v.w;
}
__device__ void add_vector(double &acc, double2 v)
{
    acc += v.x;
    acc += v.y;
}

// [listing warp-block-sum]
/* Lane 0 ends with lane 0 + lane 16, then + lanes 8.., 4.., 2.., 1..: a tree
 * of 5 levels, no barrier needed (the lanes of a warp step together through
 * __shfl_down_sync). */
template <typename T>
__device__ T warp_sum(T s)
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
template <typename T>
__device__ T block_tree_sum(T s)
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

#endif
