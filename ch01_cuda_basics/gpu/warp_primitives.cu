/* warp_primitives.cu - section 1.4: a warp's 32 lanes exchange registers
 * (__shfl_down_sync) and vote (__ballot_sync), with the right mask when the
 * last warp is only partly full. */
#include "cuda_check.h"
#include "launch_check.h"
#include "warp_primitives.h"

#ifndef FULL_WARP
#define FULL_WARP 0xffffffffu
#endif

// [listing warp-sum-partial]
__global__ void warp_sum_and_count(const int *x, int n, int *warp_sum, int *warp_odd, unsigned *warp_mask)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    const int lane = threadIdx.x % 32, warp = i / 32;
    /* BEGIN SOLUTION */
    /* all 32 lanes are still here, so the full mask is right: which have an element? */
    const unsigned mask = __ballot_sync(FULL_WARP, i < n);
    if (i >= n)
        return;                      /* from here on, exactly the lanes in `mask` run */
    const int active = __popc(mask); /* lanes 0..active-1: the elements are contiguous */
    const int value = x[i];
    int v = value;
    for (int offset = 16; offset > 0; offset /= 2) {
        const int other = __shfl_down_sync(mask, v, offset);
        if (lane + offset < active) /* the source lane is active: its value means something */
            v += other;
    }
    const unsigned odd = __ballot_sync(mask, value % 2 != 0); /* one bit per lane */
    /* STUDENT: mask: a ballot of the full warp on i < n, before any lane leaves; v: the warp's sum by __shfl_down_sync with offsets 16, 8, 4, 2, 1 under that mask, adding only values of lanes that hold an element; odd: a ballot of the odd values (1.4).
    if (i >= n)
        return;
    (void)x;
    const unsigned mask = 0, odd = 0;
    const int v = 0;
    */
    /* END SOLUTION */
    if (lane == 0) {
        warp_sum[warp] = v;
        warp_odd[warp] = __popc(odd);
        warp_mask[warp] = mask;
    }
}
// [end]
#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/warp_primitives_emu.cpp takes the kernel alone */
extern "C" void gpu_warp_sum_and_count(const int *x, int n, int *sum, int *odd, unsigned *mask)
{
    const int threads = 128; /* a multiple of 32: warps never straddle two blocks */
    const unsigned blocks = blocks_for(n, threads);
    const int warps = (n + 31) / 32;
    int *d_x = NULL, *d_sum = NULL, *d_odd = NULL;
    unsigned *d_mask = NULL;
    CUDA_CHECK(cudaMalloc(&d_x, (size_t)n * sizeof *d_x));
    CUDA_CHECK(cudaMalloc(&d_sum, (size_t)warps * sizeof *d_sum));
    CUDA_CHECK(cudaMalloc(&d_odd, (size_t)warps * sizeof *d_odd));
    CUDA_CHECK(cudaMalloc(&d_mask, (size_t)warps * sizeof *d_mask));
    CUDA_CHECK(cudaMemcpy(d_x, x, (size_t)n * sizeof *d_x, cudaMemcpyHostToDevice));
    warp_sum_and_count<<<blocks, threads>>>(d_x, n, d_sum, d_odd, d_mask);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(sum, d_sum, (size_t)warps * sizeof *sum, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(odd, d_odd, (size_t)warps * sizeof *odd, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(mask, d_mask, (size_t)warps * sizeof *mask, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_sum));
    CUDA_CHECK(cudaFree(d_odd));
    CUDA_CHECK(cudaFree(d_mask));
}
#endif
