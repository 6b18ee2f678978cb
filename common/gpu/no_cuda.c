/* no_cuda.c - what common's programs link instead of its gpu/ .cu files when the
 * companion is built without nvcc (make NVCC=). Every CPU path works as
 * usual; a GPU path never gets here, because the program asks first
 * (cli_resolve_on, gpu_require_device) and gets "built without CUDA". If one
 * of these is reached all the same, it says so and exits 77 like a missing
 * GPU. Parameters are unused on purpose: the stubs only keep the link whole. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "no_cuda.h"

#include "gpu_smoke.h"
#include "read_ceiling.h"

/* gpu/gpu_smoke.cu */
void gpu_axpy(double a, const double *x, double *y, size_t n)
{
    no_cuda(__func__);
}

/* gpu/read_ceiling.cu */
read_ceiling *read_ceiling_create(const void *d_in, size_t bytes)
{
    no_cuda(__func__);
}
void read_ceiling_launch(read_ceiling *r)
{
    no_cuda(__func__);
}
uint64_t read_ceiling_sum(read_ceiling *r)
{
    no_cuda(__func__);
}
void read_ceiling_destroy(read_ceiling *r)
{
    no_cuda(__func__);
}
void *read_ceiling_filled_buffer(size_t bytes)
{
    no_cuda(__func__);
}
void read_ceiling_free(void *d)
{
    no_cuda(__func__);
}
