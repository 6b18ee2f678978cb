/* gpu_smoke_emu.cpp - the kernel of gpu_smoke.cu, its own source, run on the
 * CPU emulator (common/emulator/): gpu_smoke --on emu. Every thread of every
 * block runs, one after another; an element read or written outside x or y
 * is reported at its line. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "gpu_smoke.h"

/* The C library, before the namespace below: a kernel file may include it
 * too, and its include guards then keep it out of the namespace (inside
 * one, C++'s <stdlib.h> and <math.h> do not compile). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The .cu file's host side is left out: only its kernel is compiled here,
 * with g++, in a namespace of its own (a CUDA build links the GPU's). */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "gpu_smoke.cu"
}

extern "C" int emu_axpy(double a, const double *x, double *y, size_t n)
{
    const size_t bytes = n * sizeof(double);
    double *d_x = (double *)emu_device_alloc(bytes, "x");
    double *d_y = (double *)emu_device_alloc(bytes, "y");
    memcpy(d_x, x, bytes);
    memcpy(d_y, y, bytes);
    const size_t wanted = (n + AXPY_THREADS - 1) / AXPY_THREADS; /* the launch of gpu_axpy */
    const unsigned blocks = (unsigned)(wanted < AXPY_MAX_BLOCKS ? wanted : AXPY_MAX_BLOCKS);
    const int status = emu_launch(emulated::axpy_grid_stride, dim3(blocks), dim3(AXPY_THREADS), a, (const double *)d_x,
                                  d_y, n);
    if (status == 0)
        memcpy(y, d_y, bytes);
    emu_device_free(d_x);
    emu_device_free(d_y);
    return status;
}
