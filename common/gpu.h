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

#ifdef __cplusplus
}
#endif

#endif
