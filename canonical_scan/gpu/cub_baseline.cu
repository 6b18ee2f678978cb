/* cub_baseline.cu - see cub_baseline.h. C++ because CUB is a template
 * library; the int item count selects CUB's 32-bit-offset path, the one
 * its tuning targets. */
#include "cub_baseline.h"
#include "cuda_check.h"

#include <climits>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

struct cub_baseline {
    int n;
    void *d_temp;
    size_t temp_bytes;
};

extern "C" cub_baseline *cub_baseline_create(size_t n)
{
    if (n == 0 || n > (size_t)INT_MAX) {
        fprintf(stderr, "error: the CUB baseline takes 1 .. 2^31-1 elements, got %zu\n", n);
        exit(EXIT_BAD_INPUT);
    }
    cub_baseline *c = (cub_baseline *)calloc(1, sizeof *c);
    if (c == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_BAD_INPUT);
    }
    c->n = (int)n;
    size_t reduce_bytes = 0, scan_bytes = 0;
    /* d_temp == NULL: the calls only report how much storage they need */
    CUDA_CHECK(cub::DeviceReduce::Sum(NULL, reduce_bytes, (const double *)NULL, (double *)NULL, c->n));
    CUDA_CHECK(cub::DeviceScan::InclusiveSum(NULL, scan_bytes, (const double *)NULL, (double *)NULL, c->n));
    c->temp_bytes = reduce_bytes > scan_bytes ? reduce_bytes : scan_bytes;
    CUDA_CHECK(cudaMalloc(&c->d_temp, c->temp_bytes > 0 ? c->temp_bytes : 1));
    return c;
}

extern "C" void cub_baseline_reduce(cub_baseline *c, const double *d_x, double *d_sum)
{
    size_t bytes = c->temp_bytes;
    CUDA_CHECK(cub::DeviceReduce::Sum(c->d_temp, bytes, d_x, d_sum, c->n));
    CUDA_CHECK_LAUNCH();
}

extern "C" void cub_baseline_inclusive_scan(cub_baseline *c, const double *d_x, double *d_out)
{
    size_t bytes = c->temp_bytes;
    CUDA_CHECK(cub::DeviceScan::InclusiveSum(c->d_temp, bytes, d_x, d_out, c->n));
    CUDA_CHECK_LAUNCH();
}

extern "C" void cub_baseline_destroy(cub_baseline *c)
{
    if (c == NULL)
        return;
    CUDA_CHECK(cudaFree(c->d_temp));
    free(c);
}
