/* array_vs_list.cu - 11.1: the same sum over an array (addresses known in
 * advance, many threads) and over a linked list (each address is the data
 * the previous load returned: one thread, one chain). */
#include "cuda_check.h"
#include "launch_check.h"
#include "list_gpu.h"
#include "list_walk.h"

#define MAX_BLOCK 1024

// [listing array-sum-kernel]
/* Every thread knows all of its addresses before loading any of them, so
 * its loads overlap; a block tree then combines the threads' sums. */
__global__ void array_sum_grid_stride(const int32_t *a, int32_t n, unsigned long long *total)
{
    __shared__ long long partial[MAX_BLOCK];
    const int64_t stride = (int64_t)gridDim.x * blockDim.x;
    long long sum = 0;
    for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        sum += a[i];
    partial[threadIdx.x] = sum;
    __syncthreads();
    for (unsigned half = blockDim.x / 2; half > 0; half /= 2) { /* blockDim.x: a power of two */
        if (threadIdx.x < half)
            partial[threadIdx.x] += partial[threadIdx.x + half];
        __syncthreads();
    }
    if (threadIdx.x == 0) /* two's complement: the unsigned add is the signed add */
        atomicAdd(total, (unsigned long long)partial[0]);
}
// [end]

// [listing list-sum-kernel]
/* One thread, because no other thread could know where to start. */
__global__ void list_sum_one_thread(const list_node *node, int32_t head, int32_t n, long long *total)
{
    if (blockIdx.x == 0 && threadIdx.x == 0)
        *total = list_walk_sum(node, head, n);
}
// [end]

#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/array_vs_list_emu.cpp takes the kernels alone */
static void launch_array_sum(const int32_t *d_a, int32_t n, int blocks, int threads, unsigned long long *d_total)
{
    check_block_size(threads, 1);
    if (blocks < 1) {
        fprintf(stderr, "error: bad grid size %d\n", blocks);
        exit(EXIT_MISMATCH);
    }
    CUDA_CHECK(cudaMemsetAsync(d_total, 0, sizeof *d_total));
    array_sum_grid_stride<<<blocks, threads>>>(d_a, n, d_total);
    CUDA_CHECK_LAUNCH();
}

static void launch_list_sum(const list_node *d_node, int32_t n, int32_t head, long long *d_total)
{
    list_sum_one_thread<<<1, 32>>>(d_node, head, n, d_total); /* one warp, one busy lane */
    CUDA_CHECK_LAUNCH();
}

extern "C" int64_t gpu_array_sum(const int32_t *a, int32_t n, int blocks, int threads)
{
    int32_t *d_a = NULL;
    unsigned long long *d_total = NULL, total = 0;
    CUDA_CHECK(cudaMalloc(&d_a, (size_t)n * sizeof *d_a));
    CUDA_CHECK(cudaMalloc(&d_total, sizeof *d_total));
    CUDA_CHECK(cudaMemcpy(d_a, a, (size_t)n * sizeof *d_a, cudaMemcpyHostToDevice));
    launch_array_sum(d_a, n, blocks, threads, d_total);
    CUDA_CHECK(cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_a));
    CUDA_CHECK(cudaFree(d_total));
    return (int64_t)total;
}

extern "C" int64_t gpu_list_sum_one_thread(const list_node *node, int32_t n, int32_t head)
{
    list_node *d_node = NULL;
    long long *d_total = NULL, total = 0;
    CUDA_CHECK(cudaMalloc(&d_node, (size_t)n * sizeof *d_node));
    CUDA_CHECK(cudaMalloc(&d_total, sizeof *d_total));
    CUDA_CHECK(cudaMemcpy(d_node, node, (size_t)n * sizeof *d_node, cudaMemcpyHostToDevice));
    launch_list_sum(d_node, n, head, d_total);
    CUDA_CHECK(cudaMemcpy(&total, d_total, sizeof total, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_node));
    CUDA_CHECK(cudaFree(d_total));
    return (int64_t)total;
}

/* --- timing ---------------------------------------------------------------- */
typedef struct {
    const int32_t *d_a;
    const list_node *d_node;
    int32_t n, head;
    int blocks, threads;
    unsigned long long *d_array_total;
    long long *d_list_total;
} sum_ctx;

static void run_array(void *p)
{
    sum_ctx *c = (sum_ctx *)p;
    launch_array_sum(c->d_a, c->n, c->blocks, c->threads, c->d_array_total);
}

static void run_list(void *p)
{
    sum_ctx *c = (sum_ctx *)p;
    launch_list_sum(c->d_node, c->n, c->head, c->d_list_total);
}

extern "C" void gpu_time_sums(const int32_t *a, const list_node *node, int32_t n, int32_t head, int reps_array,
                              int reps_list, sum_timing *out)
{
    sum_ctx c;
    int32_t *d_a = NULL;
    list_node *d_node = NULL;
    CUDA_CHECK(cudaMalloc(&d_a, (size_t)n * sizeof *d_a));
    CUDA_CHECK(cudaMalloc(&d_node, (size_t)n * sizeof *d_node));
    CUDA_CHECK(cudaMalloc(&c.d_array_total, sizeof *c.d_array_total));
    CUDA_CHECK(cudaMalloc(&c.d_list_total, sizeof *c.d_list_total));
    CUDA_CHECK(cudaMemcpy(d_a, a, (size_t)n * sizeof *d_a, cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemcpy(d_node, node, (size_t)n * sizeof *d_node, cudaMemcpyHostToDevice));
    int device = 0, sms = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
    c.d_a = d_a;
    c.d_node = d_node;
    c.n = n;
    c.head = head;
    c.threads = 256;
    /* enough blocks to fill every SM (8 blocks of 256 = 2048 threads each),
     * fewer when n is small */
    const int64_t wanted = ((int64_t)n + c.threads - 1) / c.threads;
    c.blocks = (int)(wanted < 8LL * sms ? wanted : 8LL * sms);
    out->array_ms = gpu_median_ms(run_array, &c, 3, reps_array, &out->array_spread);
    /* a long walk has nothing to warm up (no cache holds the list), and one
     * walk of a large list is slow: warm up only when repeating */
    out->list_ms = gpu_median_ms(run_list, &c, reps_list > 1 ? 1 : 0, reps_list, &out->list_spread);
    unsigned long long array_total = 0;
    long long list_total = 0;
    CUDA_CHECK(cudaMemcpy(&array_total, c.d_array_total, sizeof array_total, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(&list_total, c.d_list_total, sizeof list_total, cudaMemcpyDeviceToHost));
    out->array_total = (int64_t)array_total;
    out->list_total = (int64_t)list_total;
    CUDA_CHECK(cudaFree(d_a));
    CUDA_CHECK(cudaFree(d_node));
    CUDA_CHECK(cudaFree(c.d_array_total));
    CUDA_CHECK(cudaFree(c.d_list_total));
}
#endif
