/* cub_baseline.h - what a professional would call instead: CUB's device-wide
 * sum and inclusive sum of doubles, on device arrays, with the temporary
 * storage allocated once (defined in cub_baseline.cu). */
#ifndef CANONICAL_SCAN_CUB_BASELINE_H
#define CANONICAL_SCAN_CUB_BASELINE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cub_baseline cub_baseline;

/* Temporary storage for both calls on n doubles (1 <= n <= 2^31 - 1). */
cub_baseline *cub_baseline_create(size_t n);
/* Enqueue cub::DeviceReduce::Sum(d_x) -> *d_sum. */
void cub_baseline_reduce(cub_baseline *c, const double *d_x, double *d_sum);
/* Enqueue cub::DeviceScan::InclusiveSum(d_x) -> d_out. */
void cub_baseline_inclusive_scan(cub_baseline *c, const double *d_x, double *d_out);
void cub_baseline_destroy(cub_baseline *c);

#ifdef __cplusplus
}
#endif

#endif
