/* read_ceiling.cu - the read-only bandwidth ceiling (read_ceiling.h). */
#include "cuda_check.h"
#include "read_ceiling.h"
#include "warp.h"

#define READ_THREADS 256
#define READ_IN_FLIGHT 4 /* independent 16-byte loads per thread per step */

struct read_ceiling {
    const ulonglong2 *in;
    size_t pairs;                   /* whole 16-byte vectors */
    const unsigned long long *tail; /* the last 8-byte word when bytes % 16 == 8, else NULL */
    unsigned long long *d_partials; /* one per block */
    int blocks;
};

// Every thread adds its words into READ_IN_FLIGHT accumulators (the loads of
// one step do not wait for each other), then the block adds its threads' sums
// (warp shuffles, then one word per warp) and writes one partial. Integer
// addition wraps and is associative: the total does not depend on the order.
__global__ void __launch_bounds__(READ_THREADS)
    read_words(const ulonglong2 *__restrict__ in, size_t pairs, const unsigned long long *__restrict__ tail,
               unsigned long long *partials)
{
    unsigned long long acc[READ_IN_FLIGHT] = { 0 };
    const size_t stride = (size_t)gridDim.x * blockDim.x;
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i + (READ_IN_FLIGHT - 1) * stride < pairs; i += READ_IN_FLIGHT * stride) {
        ulonglong2 v[READ_IN_FLIGHT];
#pragma unroll
        for (int k = 0; k < READ_IN_FLIGHT; k++)
            v[k] = in[i + k * stride];
#pragma unroll
        for (int k = 0; k < READ_IN_FLIGHT; k++)
            acc[k] += v[k].x + v[k].y;
    }
    for (; i < pairs; i += stride)
        acc[0] += in[i].x + in[i].y;
    unsigned long long s = acc[0] + acc[1] + acc[2] + acc[3];
    if (tail != NULL && blockIdx.x == 0 && threadIdx.x == 0)
        s += *tail;
    for (int lane_mask = WARP_SIZE / 2; lane_mask >= 1; lane_mask >>= 1) /* butterfly: every lane gets the sum */
        s += __shfl_xor_sync(FULL_WARP, s, lane_mask);
    __shared__ unsigned long long warp_sums[READ_THREADS / WARP_SIZE];
    if (threadIdx.x % WARP_SIZE == 0)
        warp_sums[threadIdx.x / WARP_SIZE] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        unsigned long long b = 0;
        for (int w = 0; w < READ_THREADS / WARP_SIZE; w++)
            b += warp_sums[w];
        partials[blockIdx.x] = b;
    }
}

extern "C" read_ceiling *read_ceiling_create(const void *d_in, size_t bytes)
{
    if (bytes == 0 || bytes % 8 != 0 || (uintptr_t)d_in % 16 != 0) {
        fprintf(stderr, "error: read_ceiling_create: %zu bytes at %p (need a multiple of 8, 16-byte aligned)\n", bytes,
                d_in);
        exit(EXIT_MISMATCH);
    }
    read_ceiling *r = (read_ceiling *)malloc(sizeof *r);
    if (r == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_MISMATCH);
    }
    r->in = (const ulonglong2 *)d_in;
    r->pairs = bytes / 16;
    r->tail = bytes % 16 ? (const unsigned long long *)d_in + bytes / 8 - 1 : NULL;
    // as many blocks as the GPU holds at once: each thread then strides over
    // the whole input, and no block waits for a slot
    int device = 0, sms = 0, per_sm = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, read_words, READ_THREADS, 0));
    r->blocks = sms * (per_sm > 0 ? per_sm : 1);
    CUDA_CHECK(cudaMalloc(&r->d_partials, sizeof(unsigned long long) * (size_t)r->blocks));
    return r;
}

extern "C" void read_ceiling_launch(read_ceiling *r)
{
    read_words<<<r->blocks, READ_THREADS>>>(r->in, r->pairs, r->tail, r->d_partials);
    CUDA_CHECK_LAUNCH();
}

extern "C" uint64_t read_ceiling_sum(read_ceiling *r)
{
    unsigned long long *h = (unsigned long long *)malloc(sizeof *h * (size_t)r->blocks);
    if (h == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_MISMATCH);
    }
    CUDA_CHECK(cudaMemcpy(h, r->d_partials, sizeof *h * (size_t)r->blocks, cudaMemcpyDeviceToHost));
    uint64_t s = 0;
    for (int b = 0; b < r->blocks; b++)
        s += h[b];
    free(h);
    return s;
}

extern "C" void read_ceiling_destroy(read_ceiling *r)
{
    if (r == NULL)
        return;
    CUDA_CHECK(cudaFree(r->d_partials));
    free(r);
}

__global__ void fill_words(unsigned long long *out, size_t words)
{
    for (size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x; i < words; i += (size_t)gridDim.x * blockDim.x)
        out[i] = (unsigned long long)i * READ_CEILING_STEP;
}

extern "C" void *read_ceiling_filled_buffer(size_t bytes)
{
    unsigned long long *d = NULL;
    CUDA_CHECK(cudaMalloc(&d, bytes));
    fill_words<<<1024, 256>>>(d, bytes / 8);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaDeviceSynchronize());
    return d;
}

extern "C" void read_ceiling_free(void *d)
{
    CUDA_CHECK(cudaFree(d));
}
