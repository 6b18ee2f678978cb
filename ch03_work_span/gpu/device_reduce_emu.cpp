/* device_reduce_emu.cpp - the two kernels of device_reduce.cu, their own
 * source (device_reduce_kernels.cuh), run on the CPU emulator
 * (common/emulator/): device_reduce --on emu. The input sits in a device
 * buffer `offset` elements past an aligned address, as on the GPU, and the
 * grid is the one device_reduce picks for the GPU the caller names; so the
 * emulator adds in the GPU's order, and its sum has the GPU's bits. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "device_reduce.h"
#include "device_reduce_emulate.h"
#include "warp.h"

/* The C library, before the namespace below: a kernel file may include it
 * too, and its include guards then keep it out of the namespace (inside
 * one, C++'s <stdlib.h> and <math.h> do not compile). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* In a namespace of their own: a CUDA build links the GPU's kernels too. */
namespace emulated
{
#include "device_reduce_kernels.cuh"
}

template <typename T>
static int launch_typed(const void *host_x, size_t n, size_t offset, int sms, int blocks_per_sm, reduce_geometry *g,
                        double *result)
{
    T *d_base = (T *)emu_device_alloc((n + offset) * sizeof(T), "x");
    T *x = d_base + offset;
    memcpy(x, host_x, n * sizeof(T));
    device_reduce_choose_geometry(g, sizeof(T) == 4 ? ELEM_FLOAT : ELEM_DOUBLE, n, (size_t)((uintptr_t)x % 16), sms,
                                  blocks_per_sm);
    T *d_partials = (T *)emu_device_alloc((size_t)g->blocks * sizeof(T), "partials");
    T *d_out = (T *)emu_device_alloc(sizeof(T), "out");
    int status = 1;
    /* launch configuration: whole warps, within the kernels' launch bounds (as device_reduce.cu) */
    if (g->blocks < 1 || g->threads != REDUCE_THREADS || g->final_threads != REDUCE_FINAL_THREADS)
        fprintf(stderr, "error: device reduce: bad launch configuration\n");
    else
        status = emu_launch(emulated::device_reduce_partials<T>, dim3((unsigned)g->blocks), dim3((unsigned)g->threads),
                            (const T *)x, n, g->head, d_partials);
    if (status == 0)
        status = emu_launch(emulated::device_reduce_final<T>, dim3(1), dim3((unsigned)g->final_threads),
                            (const T *)d_partials, g->blocks, d_out);
    if (status == 0)
        *result = (double)*d_out; /* a float converts to double exactly */
    emu_device_free(d_base);
    emu_device_free(d_partials);
    emu_device_free(d_out);
    return status;
}

extern "C" int emu_device_reduce(elem_type type, const void *host_x, size_t n, size_t offset, int sms,
                                 int blocks_per_sm, reduce_geometry *geometry, double *result)
{
    if (type == ELEM_FLOAT)
        return launch_typed<float>(host_x, n, offset, sms, blocks_per_sm, geometry, result);
    return launch_typed<double>(host_x, n, offset, sms, blocks_per_sm, geometry, result);
}
