/* no_cuda.h - for the stubs (each chapter's gpu/no_cuda.c) that stand in for
 * the CUDA launch functions in a build without nvcc. */
#ifndef COMMON_NO_CUDA_H
#define COMMON_NO_CUDA_H

/* Prints "built without CUDA: FUNCTION() is not available" and exits with
 * EXIT_NO_GPU (77): the same answer a program gives on a machine without a
 * GPU, so a test that reaches it is reported as skipped, never passed. */
_Noreturn void no_cuda(const char *function);

#endif
