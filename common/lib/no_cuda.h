/* no_cuda.h - for the stand-ins of a build without a device: each chapter's
 * gpu/no_cuda.c (its launch functions) and common/gpu/no_cuda.c (gpu.h). */
#ifndef COMMON_NO_CUDA_H
#define COMMON_NO_CUDA_H

/* Prints "built without CUDA: FUNCTION() is not available" and exits with
 * EXIT_NO_GPU (77): the same answer a program gives on a machine without a
 * GPU, so a test that reaches it is reported as skipped, never passed. */
_Noreturn void no_cuda(const char *function);

/* What common/gpu/no_cuda.c says for gpu.h: the run header's device line
 * (gpu_device_describe) and the line before exit 77 (gpu_require_device).
 * "built without CUDA" unless a program that never uses a GPU says why. */
extern const char *no_device_description;
extern const char *no_device_refusal;

#endif
