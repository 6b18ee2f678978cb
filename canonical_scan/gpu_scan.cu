/* Placeholder: the GPU kernels are being written. Every function exits with
 * an error, so nothing can pass by accident. */
#include "cuda_check.h"
#include "canonical_gpu.h"

static void not_yet(const char *what)
{
    fprintf(stderr, "error: %s is not implemented on the GPU yet\n", what);
    exit(EXIT_MISMATCH);
}

extern "C" void gpu_block_dyadic_scan(const double *, double *, size_t, unsigned, int, int, double)
{
    not_yet("gpu_block_dyadic_scan");
}

extern "C" void gpu_iterated_pairwise_scan(const double *, double *, size_t, int, int, double)
{
    not_yet("gpu_iterated_pairwise_scan");
}

extern "C" void gpu_left_fold_scan(const double *, double *, size_t, int, int, double)
{
    not_yet("gpu_left_fold_scan");
}
