// scan_probe.cu - the block_dyadic<256> single-pass scan, as compiled with the knobs given
// on the command line, against cub::DeviceScan::InclusiveSum at 2^24 and 2^28: the two take
// turns (CUDA events, 3 warm-up runs, then REPS runs each), medians, and the FNV-1a 64 of our
// output so that every build can be seen to give the same bits. The data (uniform doubles in
// [-1, 1) from a hash of the index) is made on the device. A measuring tool for the sweep log
// h200_2026-12-02_sweep_scan_parking_prefetch.md, not a program of the chapter.
// Build from the repository root, e.g.
//   nvcc -O3 -std=c++17 -arch=sm_90 --fmad=false -DDYADIC_PREFETCH_GUESS=0 -Icommon \
//        -Icanonical_scan/lib -Icanonical_scan/gpu canonical_scan/results/probes/scan_probe.cu \
//        canonical_scan/gpu/gpu_scan.cu -o scan_probe
//   ./scan_probe NAME REPS
#include <cub/cub.cuh>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <vector>
#include <algorithm>
#include "canonical_gpu_plan.h"
#include "probe_util.cuh"
int main(int argc, char **argv) {
    const char *name = argc > 1 ? argv[1] : "?";
    int reps = argc > 2 ? atoi(argv[2]) : 30;
    for (int lg : {24, 28}) {
        size_t n = (size_t)1 << lg;
        double *x, *o, *oc; CK(cudaMalloc(&x, n * 8)); CK(cudaMalloc(&o, n * 8)); CK(cudaMalloc(&oc, n * 8));
        fill<<<1024, 256>>>(x, n, 0x243F6A8885A308D3ull + lg); CK(cudaGetLastError());
        size_t tb = 0; void *tmp = nullptr;
        CK(cub::DeviceScan::InclusiveSum(tmp, tb, x, oc, (int64_t)n)); CK(cudaMalloc(&tmp, tb));
        gpu_scan_plan *p = gpu_scan_plan_create(n, 256);
        const int resident = gpu_scan_plan_resident_tiles(p);
        for (int w = 0; w < 3; w++) { gpu_scan_plan_run(p, x, o, 0, 0, 0.0); CK(cub::DeviceScan::InclusiveSum(tmp, tb, x, oc, (int64_t)n)); }
        CK(cudaDeviceSynchronize());
        cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
        std::vector<float> t1, t2, r;
        for (int k = 0; k < reps; k++) {
            float ms1, ms2;
            CK(cudaEventRecord(a)); gpu_scan_plan_run(p, x, o, 0, 0, 0.0); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b)); CK(cudaEventElapsedTime(&ms1, a, b));
            CK(cudaEventRecord(a)); CK(cub::DeviceScan::InclusiveSum(tmp, tb, x, oc, (int64_t)n)); CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b)); CK(cudaEventElapsedTime(&ms2, a, b));
            t1.push_back(ms1); t2.push_back(ms2); r.push_back(ms2 / ms1);
        }
        gpu_scan_plan_check(p);
        std::vector<uint64_t> h(n); CK(cudaMemcpy(h.data(), o, n * 8, cudaMemcpyDeviceToHost));
        uint64_t f = 0xcbf29ce484222325ull; for (size_t i = 0; i < n; i++) { uint64_t v = h[i]; for (int j = 0; j < 8; j++) { f ^= (v >> (8 * j)) & 255; f *= 0x100000001b3ull; } }
        std::sort(t1.begin(), t1.end());
        printf("%-10s 2^%d ours %.4f ms (min %.4f max %.4f) cub %.4f ms  ratio-of-medians %.3f  median-ratio %.3f  fnv %016llx  tiles/SM %d\n", name, lg, med(t1), t1.front(), t1.back(), med(t2), med(t2) / med(t1), med(r), (unsigned long long)f, resident);
        gpu_scan_plan_destroy(p); CK(cudaFree(x)); CK(cudaFree(o)); CK(cudaFree(oc)); CK(cudaFree(tmp));
    }
    return 0;
}
