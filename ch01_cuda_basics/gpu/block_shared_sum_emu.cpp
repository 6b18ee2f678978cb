/* block_shared_sum_emu.cpp - the kernels of block_shared_sum.cu, their own
 * source, run on the CPU emulator (common/emulator/): block_shared_sum
 * --on emu. The blocks run one after another, so in sum_last_block the
 * last block to finish is always the last block of the grid. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "block_shared_sum.h"
#include "launch_check.h" /* here, outside the namespace below: it includes the C library */

/* The .cu file's host side is left out: only its kernels are compiled here,
 * with g++, in a namespace of their own (a CUDA build links the GPU's). */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "block_shared_sum.cu"
}

#include <string.h>

static int *upload(const int *x, int n)
{
    int *d_x = (int *)emu_device_alloc((size_t)n * sizeof *d_x, "x");
    memcpy(d_x, x, (size_t)n * sizeof *d_x);
    return d_x;
}

extern "C" int emu_block_partial_sums(const int *x, int n, int block, long long *partial)
{
    const int blocks = (n + block - 1) / block;
    int *d_x = upload(x, n);
    long long *d_partial = (long long *)emu_device_alloc((size_t)blocks * sizeof *d_partial, "partial");
    const int status = emu_launch(emulated::block_partial_sums, dim3(blocks), dim3(block), (const int *)d_x, n,
                                  d_partial);
    if (status == 0)
        memcpy(partial, d_partial, (size_t)blocks * sizeof *d_partial);
    emu_device_free(d_x);
    emu_device_free(d_partial);
    return status;
}

extern "C" int emu_sum_last_block(const int *x, int n, int block, long long *total)
{
    const int blocks = (n + block - 1) / block;
    int *d_x = upload(x, n);
    long long *d_partial = (long long *)emu_device_alloc((size_t)blocks * sizeof *d_partial, "partial");
    long long *d_total = (long long *)emu_device_alloc(sizeof *d_total, "total");
    unsigned *d_done = (unsigned *)emu_device_alloc(sizeof *d_done, "blocks_done");
    *d_done = 0;
    const int status = emu_launch(emulated::sum_last_block, dim3(blocks), dim3(block), (const int *)d_x, n, d_partial,
                                  d_done, d_total);
    if (status == 0)
        *total = *d_total;
    emu_device_free(d_x);
    emu_device_free(d_partial);
    emu_device_free(d_total);
    emu_device_free(d_done);
    return status;
}
