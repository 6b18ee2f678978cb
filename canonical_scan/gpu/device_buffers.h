/* device_buffers.h - device memory and event timing for C programs, which
 * never include CUDA headers (defined in device_buffers.cu). Candidates for
 * common/gpu.h. Every failure prints one `error:` line and exits. */
#ifndef CANONICAL_SCAN_DEVICE_BUFFERS_H
#define CANONICAL_SCAN_DEVICE_BUFFERS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* n doubles of device memory; "cannot allocate" exits with EXIT_BAD_INPUT. */
double *device_doubles(size_t n);
void device_free(double *d);
void device_upload(double *d, const double *h, size_t n);
void device_download(double *h, const double *d, size_t n);
/* Waits for the GPU and reports any error of the kernels run so far. */
void device_sync(void);

/* gpu_median_ms of cuda_check.h for C callers: warm-up runs, then the median
 * (and relative spread) of `reps` runs timed one by one with CUDA events. */
double device_median_ms(void (*launch)(void *ctx), void *ctx, int warmup, int reps, double *spread);

#ifdef __cplusplus
}
#endif

#endif
