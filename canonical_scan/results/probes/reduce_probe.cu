// reduce_probe.cu - the canonical reduce (L = 16, 128, 1), as compiled with the knobs given on
// the command line, against cub::DeviceReduce::Sum at 2^20, 2^24 and 2^28 (or the sizes given): the operations take
// turns in every round (order reversed every other round; CUDA events, 5 warm-up rounds, then
// REPS rounds), medians, and the bits of every result, so that every build can be seen to give
// the same values. Two modes: "plain" (the operations back to back) and "dirty" (before each
// timed operation, an untimed 64 MiB memset leaves L2 full of written lines, as a scan does).
// The data (uniform doubles in [-1, 1) from a hash of the index) is made on the device. A
// measuring tool for the sweep logs of results/, not a program of the chapter.
// Build from the repository root, e.g.
//   nvcc -O3 -std=c++17 -arch=sm_90 --fmad=false -DREDUCE_GROUPS=0 -Icommon \
//        -Icanonical_scan/lib -Icanonical_scan/gpu canonical_scan/results/probes/reduce_probe.cu \
//        canonical_scan/gpu/gpu_reduce.cu -o reduce_probe
//   ./reduce_probe NAME REPS [LOG2,LOG2,...]   (sizes 2^LOG2; default 20,24,28)
#include <cub/cub.cuh>
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>
#include "canonical_gpu_plan.h"
#include "probe_util.cuh"
static uint64_t bits_at(const double *d) { double h; CK(cudaMemcpy(&h, d, 8, cudaMemcpyDeviceToHost)); uint64_t b; memcpy(&b, &h, 8); return b; }
int main(int argc, char **argv) {
    const char *name = argc > 1 ? argv[1] : "?";
    const int reps = argc > 2 ? atoi(argv[2]) : 30;
    const unsigned lanes[3] = { 16, 128, 1 };
    const size_t scratch_bytes = (size_t)64 << 20;
    void *scratch; CK(cudaMalloc(&scratch, scratch_bytes));
    std::vector<int> logs;
    for (const char *q = argc > 3 ? argv[3] : "20,24,28"; *q; q += *q == ',') logs.push_back((int)strtol(q, (char **)&q, 10));
    for (int lg : logs) {
        const size_t n = (size_t)1 << lg;
        double *x, *cub_out; CK(cudaMalloc(&x, n * 8)); CK(cudaMalloc(&cub_out, 8));
        fill<<<1024, 256>>>(x, n, 0x243F6A8885A308D3ull + lg); CK(cudaGetLastError());
        size_t tb = 0; void *tmp = nullptr;
        CK(cub::DeviceReduce::Sum(tmp, tb, x, cub_out, (int64_t)n)); CK(cudaMalloc(&tmp, tb));
        gpu_reduce_plan *p[3]; const double *r[3] = { nullptr, nullptr, nullptr };
        for (int k = 0; k < 3; k++) p[k] = gpu_reduce_plan_create(n, lanes[k]);
        cudaEvent_t a, b; CK(cudaEventCreate(&a)); CK(cudaEventCreate(&b));
        for (int dirty = 0; dirty < 2; dirty++) {
            std::vector<float> t[4];
            for (int round = -5; round < reps; round++) {
                for (int j = 0; j < 4; j++) {
                    const int op = round & 1 ? 3 - j : j; /* 0 CUB, 1..3 the plans */
                    if (dirty) CK(cudaMemsetAsync(scratch, round & 255, scratch_bytes));
                    float ms;
                    CK(cudaEventRecord(a));
                    if (op == 0) CK(cub::DeviceReduce::Sum(tmp, tb, x, cub_out, (int64_t)n));
                    else r[op - 1] = gpu_reduce_plan_run(p[op - 1], x);
                    CK(cudaEventRecord(b)); CK(cudaEventSynchronize(b)); CK(cudaEventElapsedTime(&ms, a, b));
                    if (round >= 0) t[op].push_back(ms);
                }
            }
            const float c = med(t[0]);
            printf("%-12s %-5s 2^%d  cub %.4f ms", name, dirty ? "dirty" : "plain", lg, c);
            for (int k = 0; k < 3; k++) {
                std::vector<float> s = t[k + 1]; std::sort(s.begin(), s.end());
                printf(" | L=%u %.4f ms (%.4f-%.4f) %.3fx %016llx", lanes[k], med(t[k + 1]), s.front(), s.back(), c / med(t[k + 1]),
                       (unsigned long long)bits_at(r[k]));
            }
            printf("\n");
        }
        for (int k = 0; k < 3; k++) gpu_reduce_plan_destroy(p[k]);
        CK(cudaFree(x)); CK(cudaFree(cub_out)); CK(cudaFree(tmp));
    }
    CK(cudaFree(scratch));
    return 0;
}
