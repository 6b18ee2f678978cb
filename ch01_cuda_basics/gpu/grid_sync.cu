/* grid_sync.cu - section 1.6: a barrier across the whole grid
 * (cooperative_groups::this_grid().sync()), which only a cooperative launch
 * of co-resident blocks may use. */
#include <cooperative_groups.h>

#include "cuda_check.h"
#include "grid_sync.h"

namespace cg = cooperative_groups;

#define CENTRE_THREADS 256

/* The sum of s[0..CENTRE_THREADS-1] in shared memory, returned to all. */
__device__ long long centre_block_sum(long long *s)
{
    for (int stride = CENTRE_THREADS / 2; stride > 0; stride /= 2) {
        __syncthreads();
        if (threadIdx.x < stride)
            s[threadIdx.x] += s[threadIdx.x + stride];
    }
    __syncthreads();
    const long long sum = s[0];
    __syncthreads(); /* everyone has read s[0] before s is reused */
    return sum;
}

// [listing grid-sync-kernel]
__global__ void centre_cooperative(const int *x, int n, long long *partial, long long *y)
{
    __shared__ long long s[CENTRE_THREADS];
    cg::grid_group grid = cg::this_grid();
    const int stride = gridDim.x * blockDim.x;
    long long mine = 0; /* phase 1: each block's share of the total */
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        mine += x[i];
    s[threadIdx.x] = mine;
    const long long block_sum = centre_block_sum(s);
    if (threadIdx.x == 0)
        partial[blockIdx.x] = block_sum;
    grid.sync();       /* every block's partial is written and visible */
    long long acc = 0; /* phase 2: every block adds all partials itself */
    for (unsigned b = threadIdx.x; b < gridDim.x; b += blockDim.x)
        acc += partial[b];
    s[threadIdx.x] = acc;
    const long long total = centre_block_sum(s);
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] = (long long)n * x[i] - total;
}
// [end]

/* How many blocks of the kernel can be resident at once, on all SMs. */
static void query_residency(grid_sync_launch *info)
{
    int device = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    // [listing cooperative-query]
    CUDA_CHECK(cudaDeviceGetAttribute(&info->cooperative, cudaDevAttrCooperativeLaunch, device));
    CUDA_CHECK(cudaDeviceGetAttribute(&info->sms, cudaDevAttrMultiProcessorCount, device));
    /* occupancy: registers, shared memory and thread slots decide how many
     * blocks of this kernel one SM can hold at the same time */
    CUDA_CHECK(
        cudaOccupancyMaxActiveBlocksPerMultiprocessor(&info->blocks_per_sm, centre_cooperative, CENTRE_THREADS, 0));
    // [end]
    info->threads = CENTRE_THREADS;
}

extern "C" void gpu_centre_plan(int n, int too_many, grid_sync_launch *info)
{
    query_residency(info);
    if (!info->cooperative) {
        fprintf(stderr, "error: this device cannot launch cooperative kernels\n");
        exit(EXIT_MISMATCH);
    }
    const int resident = info->blocks_per_sm * info->sms;
    const int wanted = (n + CENTRE_THREADS - 1) / CENTRE_THREADS;
    info->blocks = too_many ? resident + 1 : (wanted < resident ? wanted : resident);
}

/* The centring with the kernel launched cooperatively or, for the trap, the
 * ordinary way (<<<...>>>), which never promises that the blocks run at
 * the same time. */
static void centre_launch(const int *x, int n, long long *y, const grid_sync_launch *info, int cooperative)
{
    int *d_x = NULL;
    long long *d_partial = NULL, *d_y = NULL;
    CUDA_CHECK(cudaMalloc(&d_x, (size_t)n * sizeof *d_x));
    CUDA_CHECK(cudaMalloc(&d_partial, (size_t)info->blocks * sizeof *d_partial));
    CUDA_CHECK(cudaMalloc(&d_y, (size_t)n * sizeof *d_y));
    CUDA_CHECK(cudaMemcpy(d_x, x, (size_t)n * sizeof *d_x, cudaMemcpyHostToDevice));
    if (cooperative) {
        // [listing cooperative-launch]
        void *args[] = { &d_x, &n, &d_partial, &d_y }; /* the kernel's parameters, by address */
        CUDA_CHECK(cudaLaunchCooperativeKernel((void *)centre_cooperative, dim3(info->blocks), dim3(CENTRE_THREADS),
                                               args, 0, 0));
        CUDA_CHECK_LAUNCH();
        // [end]
    } else {
        // [listing ordinary-launch-trap]
        centre_cooperative<<<info->blocks, CENTRE_THREADS>>>(d_x, n, d_partial, d_y); /* the trap */
        CUDA_CHECK_LAUNCH();
        // [end]
    }
    CUDA_CHECK(cudaMemcpy(y, d_y, (size_t)n * sizeof *d_y, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_partial));
    CUDA_CHECK(cudaFree(d_y));
}

extern "C" void gpu_centre(const int *x, int n, long long *y, const grid_sync_launch *info)
{
    centre_launch(x, n, y, info, 1);
}

extern "C" void gpu_centre_ordinary_launch(const int *x, int n, long long *y, const grid_sync_launch *info)
{
    centre_launch(x, n, y, info, 0);
}
