/* checked_calls_emu.cpp - the kernels of checked_calls.cu, their own source,
 * run on the CPU emulator (common/emulator/): --on emu. The buffers are
 * emu_device_alloc's, with guard zones, so the off-by-one of section 1.7
 * is reported at its line, as compute-sanitizer's memcheck reports it on a
 * GPU; a block of 2048 threads is refused, as the GPU refuses it. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "checked_calls.h"

/* The .cu file's host side (cudaMalloc, checked calls) is left out: only
 * its kernels are compiled here, with g++, in a namespace of their own (a
 * CUDA build links the GPU's functions of the same names too). */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "checked_calls.cu"
}

#include <stdlib.h>
#include <string.h>

extern "C" int emu_scale(const float *x, float *y, int n, scale_mode mode)
{
    const size_t bytes = (size_t)n * sizeof(float);
    float *d_x = (float *)emu_device_alloc(bytes, "x"), *d_y = (float *)emu_device_alloc(bytes, "y");
    memcpy(d_x, x, bytes);
    const int threads = mode == SCALE_BAD_LAUNCH ? 2048 : 256;
    const int blocks = (n + threads - 1) / threads;
    const int status = emu_launch(mode == SCALE_OUT_OF_BOUNDS ? emulated::scale_off_by_one : emulated::scale_guarded,
                                  dim3(blocks), dim3(threads), (const float *)d_x, d_y, n);
    if (status == 0)
        memcpy(y, d_y, bytes);
    emu_device_free(d_x);
    emu_device_free(d_y);
    return status;
}
