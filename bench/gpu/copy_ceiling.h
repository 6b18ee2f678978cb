/* copy_ceiling.h - the launch function C code calls (gpu/copy_ceiling.cu). */
#ifndef BENCH_COPY_CEILING_H
#define BENCH_COPY_CEILING_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Times a device-to-device copy of `bytes` (cudaMemcpyAsync): `warmup`
 * untimed copies, then the median of `reps` timed ones in ms; *spread gets
 * (max - min) / median. *copied_ok is 1 when the first and last 4 KiB of
 * the destination hold the source's bytes afterwards. */
double copy_ceiling_ms(size_t bytes, int warmup, int reps, double *spread, int *copied_ok);

#ifdef __cplusplus
}
#endif

#endif
