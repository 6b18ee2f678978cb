/* cub_block_probe.cu - CUB's warp- and block-level inclusive sums of one
 * tile of doubles, so that their bits can be compared with the named
 * expressions of the classic networks. C++ because CUB is a template
 * library: the block size and the algorithm are template arguments. */
#include "classic_scans.h"
#include "cuda_check.h"

#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_scan.cuh>

__global__ void cub_warp_probe(const double *x, double *out)
{
    typedef cub::WarpScan<double> warp_scan;
    __shared__ typename warp_scan::TempStorage temp[CLASSIC_PROBE_TILE / 32];
    const unsigned t = threadIdx.x;
    double s;
    warp_scan(temp[t / 32]).InclusiveSum(x[t], s);
    out[t] = s;
}

template <cub::BlockScanAlgorithm ALGORITHM>
__global__ void cub_block_probe_kernel(const double *x, double *out)
{
    typedef cub::BlockScan<double, CLASSIC_PROBE_TILE, ALGORITHM> block_scan;
    __shared__ typename block_scan::TempStorage temp;
    const unsigned t = threadIdx.x;
    double s;
    block_scan(temp).InclusiveSum(x[t], s);
    out[t] = s;
}

static const char *const probe_names[CUB_PROBES] = {
    "cub::WarpScan (each warp of 32)",
    "cub::BlockScan BLOCK_SCAN_RAKING",
    "cub::BlockScan BLOCK_SCAN_RAKING_MEMOIZE",
    "cub::BlockScan BLOCK_SCAN_WARP_SCANS",
};

extern "C" const char *cub_probe_name(int probe)
{
    return probe_names[probe];
}

extern "C" void cub_block_probe(int probe, const double *x, double *out)
{
    const size_t bytes = CLASSIC_PROBE_TILE * sizeof(double);
    double *d_x, *d_out;
    CUDA_CHECK(cudaMalloc(&d_x, bytes));
    CUDA_CHECK(cudaMalloc(&d_out, bytes));
    CUDA_CHECK(cudaMemcpy(d_x, x, bytes, cudaMemcpyHostToDevice));
    switch (probe) {
    case CUB_WARP_SCAN: cub_warp_probe<<<1, CLASSIC_PROBE_TILE>>>(d_x, d_out); break;
    case CUB_BLOCK_RAKING: cub_block_probe_kernel<cub::BLOCK_SCAN_RAKING><<<1, CLASSIC_PROBE_TILE>>>(d_x, d_out); break;
    case CUB_BLOCK_RAKING_MEMOIZE:
        cub_block_probe_kernel<cub::BLOCK_SCAN_RAKING_MEMOIZE><<<1, CLASSIC_PROBE_TILE>>>(d_x, d_out);
        break;
    default: cub_block_probe_kernel<cub::BLOCK_SCAN_WARP_SCANS><<<1, CLASSIC_PROBE_TILE>>>(d_x, d_out); break;
    }
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(out, d_out, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_out));
}
