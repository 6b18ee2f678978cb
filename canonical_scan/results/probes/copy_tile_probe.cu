/* copy_tile_probe.cu - measurement probe behind
 * results/h200_2026-12-01_sweep_batches_hints_resident_scan.md: what copying
 * 2^24 and 2^28 doubles costs on this GPU, three ways -- cudaMemcpy device to
 * device, a grid-stride copy kernel, and a kernel that copies one 32 KiB tile
 * per 128-thread block with 16 loads of 16 bytes in flight per thread (the
 * scan's tile, without the scan). Median of 20 timed runs after 5 warm-up
 * runs, CUDA events. Not part of the build:
 *   nvcc -O3 -arch=sm_90 -o /tmp/copy_tile_probe canonical_scan/results/probes/copy_tile_probe.cu */
#include <algorithm>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                    \
    do {                                                                               \
        cudaError_t err_ = (call);                                                     \
        if (err_ != cudaSuccess) {                                                     \
            printf("error: %s: %s\n", #call, cudaGetErrorString(err_));                \
            return 1;                                                                  \
        }                                                                              \
    } while (0)

__global__ void copy_grid_stride(const double2 *__restrict__ a, double2 *__restrict__ b, size_t n2)
{
    for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n2; i += (size_t)gridDim.x * blockDim.x)
        b[i] = a[i];
}

__global__ void copy_tiles(const double2 *__restrict__ a, double2 *__restrict__ b)
{
    const size_t base = (size_t)blockIdx.x * 2048 + threadIdx.x;
    double2 v[16];
#pragma unroll
    for (int j = 0; j < 16; j++)
        v[j] = __ldcs(a + base + 128 * j);
#pragma unroll
    for (int j = 0; j < 16; j++)
        __stcs(b + base + 128 * j, v[j]);
}

int main()
{
    const char *name[3] = { "cudaMemcpy D2D", "grid-stride copy", "32 KiB-tile copy" };
    int sms = 0;
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
    for (int lg : { 24, 28 }) {
        const size_t n = (size_t)1 << lg, bytes = n * sizeof(double);
        double *a = nullptr, *b = nullptr;
        CHECK(cudaMalloc(&a, bytes));
        CHECK(cudaMalloc(&b, bytes));
        CHECK(cudaMemset(a, 1, bytes));
        cudaEvent_t start, stop;
        CHECK(cudaEventCreate(&start));
        CHECK(cudaEventCreate(&stop));
        for (int kind = 0; kind < 3; kind++) {
            std::vector<float> t;
            for (int r = 0; r < 25; r++) {
                CHECK(cudaEventRecord(start));
                if (kind == 0)
                    CHECK(cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice));
                else if (kind == 1)
                    copy_grid_stride<<<sms * 8, 256>>>((const double2 *)a, (double2 *)b, n / 2);
                else
                    copy_tiles<<<(unsigned)(n / 4096), 128>>>((const double2 *)a, (double2 *)b);
                CHECK(cudaGetLastError());
                CHECK(cudaEventRecord(stop));
                CHECK(cudaEventSynchronize(stop));
                float ms = 0.0f;
                CHECK(cudaEventElapsedTime(&ms, start, stop));
                if (r >= 5)
                    t.push_back(ms);
            }
            std::sort(t.begin(), t.end());
            const float median = t[t.size() / 2];
            printf("2^%d %-22s median %.4f ms  min %.4f max %.4f  %.0f GB/s (read+write)\n", lg, name[kind], median,
                   t.front(), t.back(), 2.0 * bytes / median / 1e6);
        }
        CHECK(cudaFree(a));
        CHECK(cudaFree(b));
    }
    return 0;
}
