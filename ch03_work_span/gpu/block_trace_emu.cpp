/* block_trace_emu.cpp - the kernel of block_trace.cu, its own source, run
 * on the CPU emulator (common/emulator/): block_trace --on emu. Without its
 * barrier between levels (--missing-barrier) the emulator reports the race
 * at its lines, as compute-sanitizer's racecheck does on a GPU. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "block_trace.h"

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
#include "block_trace.cu"
}

extern "C" int emu_block_tree_traced(const long long *x, int n, int missing_barrier, int trials, gpu_block_trace *out)
{
    const int threads = (n + 31) / 32 * 32; /* whole warps, as on the GPU */
    long long *d_x = (long long *)emu_device_alloc((size_t)n * sizeof *d_x, "x");
    gpu_block_trace *d_traces = (gpu_block_trace *)emu_device_alloc((size_t)trials * sizeof *d_traces, "traces");
    memcpy(d_x, x, (size_t)n * sizeof *d_x);
    memset(d_traces, 0, (size_t)trials * sizeof *d_traces);
    const int status = emu_launch(emulated::block_tree_sum_traced, dim3(trials), dim3(threads), (const long long *)d_x,
                                  n, missing_barrier, d_traces);
    if (status == 0)
        memcpy(out, d_traces, (size_t)trials * sizeof *d_traces);
    emu_device_free(d_x);
    emu_device_free(d_traces);
    return status;
}
