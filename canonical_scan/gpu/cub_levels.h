/* cub_levels.h - CUB's own determinism levels, the honest rivals of a
 * deterministic reduce and scan (defined in cub_levels.cu).
 *
 * CCCL 3.1 and later let a caller ask cub::DeviceReduce::Sum and
 * cub::DeviceScan::InclusiveSum for a guarantee through an execution
 * environment: not_guaranteed (atomics allowed: fastest, bits may change run
 * to run), run_to_run (same GPU, same bits) or gpu_to_gpu (same bits on any
 * GPU; for floating-point sums CUB then uses a reproducible accumulator).
 * Floating-point scans offer run_to_run at most: CUB rejects gpu_to_gpu for
 * them at compile time. Built against an older CCCL (the CUDA 13.0 toolkit
 * ships 3.0.1), cub_levels_available() is 0 and the calls must not be made. */
#ifndef CANONICAL_SCAN_CUB_LEVELS_H
#define CANONICAL_SCAN_CUB_LEVELS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum { CUB_NOT_GUARANTEED, CUB_RUN_TO_RUN, CUB_GPU_TO_GPU, CUB_LEVELS } cub_level;

typedef struct cub_levels cub_levels;

/* 1 when this build's CCCL has the determinism API (CCCL >= 3.1). */
int cub_levels_available(void);
/* The CCCL version the kernels were built with, e.g. 3006000 for 3.6.0. */
int cub_levels_cccl_version(void);

/* Temporary storage for every level at n doubles, allocated once and handed
 * to CUB through a memory resource, so no call allocates while timed. */
cub_levels *cub_levels_create(size_t n);
void cub_levels_reduce(cub_levels *c, cub_level level, const double *d_x, double *d_sum);
/* level: CUB_NOT_GUARANTEED (the classic scan) or CUB_RUN_TO_RUN. */
void cub_levels_inclusive_scan(cub_levels *c, cub_level level, const double *d_x, double *d_out);
void cub_levels_destroy(cub_levels *c);

/* Milliseconds of one launch(ctx), between two CUDA events. */
double cub_levels_time_once_ms(void (*launch)(void *ctx), void *ctx);

#ifdef __cplusplus
}
#endif

#endif
