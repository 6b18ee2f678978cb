/* warp_primitives_emu.cpp - the kernel of warp_primitives.cu, its own
 * source, run on the CPU emulator (common/emulator/): warp_primitives
 * --on emu. Every shuffle and ballot meets its mask's lanes, as on a GPU. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "launch_check.h" /* here, outside the namespace below: it includes the C library */
#include "warp_primitives.h"

/* The .cu file's host side is left out: only its kernel is compiled here,
 * with g++, in a namespace of its own (a CUDA build links the GPU's). */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "warp_primitives.cu"
}

#include <string.h>

extern "C" int emu_warp_sum_and_count(const int *x, int n, int *sum, int *odd, unsigned *mask)
{
    const int threads = 128, blocks = (n + threads - 1) / threads, warps = (n + 31) / 32;
    int *d_x = (int *)emu_device_alloc((size_t)n * sizeof *d_x, "x");
    int *d_sum = (int *)emu_device_alloc((size_t)warps * sizeof *d_sum, "warp_sum");
    int *d_odd = (int *)emu_device_alloc((size_t)warps * sizeof *d_odd, "warp_odd");
    unsigned *d_mask = (unsigned *)emu_device_alloc((size_t)warps * sizeof *d_mask, "warp_mask");
    memcpy(d_x, x, (size_t)n * sizeof *d_x);
    const int status = emu_launch(emulated::warp_sum_and_count, dim3(blocks), dim3(threads), (const int *)d_x, n, d_sum,
                                  d_odd, d_mask);
    if (status == 0) {
        memcpy(sum, d_sum, (size_t)warps * sizeof *sum);
        memcpy(odd, d_odd, (size_t)warps * sizeof *odd);
        memcpy(mask, d_mask, (size_t)warps * sizeof *mask);
    }
    emu_device_free(d_x);
    emu_device_free(d_sum);
    emu_device_free(d_odd);
    emu_device_free(d_mask);
    return status;
}
