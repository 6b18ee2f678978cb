/* timing.h - host clocks and robust summaries of repeated measurements.
 * (GPU timing with CUDA events lives in cuda_check.h, for .cu files.) */
#ifndef COMMON_TIMING_H
#define COMMON_TIMING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Monotonic wall clock in seconds (CLOCK_MONOTONIC). */
double host_seconds(void);

/* Median of v[0..n-1] (n > 0); v is sorted in place. */
double median_of(double *v, size_t n);

/* Relative spread (max - min) / median of v[0..n-1]; v is sorted in place. */
double spread_of(double *v, size_t n);

/* The current UTC time through strftime (e.g. "%Y-%m-%d"), for the date
 * line of benchmark tables; "unknown" if the clock cannot be read. */
void utc_now(char *buf, size_t size, const char *format);

#ifdef __cplusplus
}
#endif

#endif
