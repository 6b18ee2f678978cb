/* gpu.h - what C code may ask about the GPU (implemented in gpu.cu).
 *
 * C programs never include CUDA headers; they call these plain functions
 * and the chapter's own extern "C" launch functions. */
#ifndef COMMON_GPU_H
#define COMMON_GPU_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Number of usable CUDA devices; 0 when there is none or no driver. */
int gpu_device_count(void);

/* Writes e.g. "NVIDIA H200 (sm_90, 132 SMs)" into buf. */
void gpu_device_describe(char *buf, size_t size);

/* Exits with "skipped: no CUDA device" and EXIT_NO_GPU when there is none. */
void gpu_require_device(void);

/* The current device's L2 cache in bytes (cudaDevAttrL2CacheSize); 0
 * without a device. Queried, never assumed: it differs between GPUs. */
long gpu_l2_cache_bytes(void);

/* Times `ops` operations against each other, interleaved: `warmup` untimed
 * rounds, then `reps` rounds in which every operation runs once, each timed
 * alone between two CUDA events on the default stream (launch(ctx, op)
 * enqueues operation op). Odd rounds run the operations in reverse order,
 * so none is always first after the previous round's wait. ms[op * reps + r]
 * gets round r's time of operation op. A slow phase of the GPU (clocks,
 * temperature, a neighbour) then hits every operation alike, which timing
 * one operation's reps after the other's does not. */
void gpu_time_interleaved(void (*launch)(void *ctx, int op), void *ctx, int ops, int warmup, int reps, double *ms);

#ifdef __cplusplus
}
#endif

#endif
