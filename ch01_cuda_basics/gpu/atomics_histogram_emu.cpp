/* atomics_histogram_emu.cpp - the kernels of atomics_histogram.cu, their
 * own source, run on the CPU emulator (common/emulator/): atomics_histogram
 * --on emu. One thread runs at a time, so an atomicAdd is indivisible by
 * construction here; the emulator's checks let two atomics on one counter
 * pass, and report a plain access and an atomic on it between two barriers
 * as a race (the missing first barrier of the shared-memory histogram), and
 * so two plain increments of one counter by two threads of a block
 * (histogram_plain_increment: --no-atomics --on emu). */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "atomics_histogram.h"
#include "launch_check.h" /* here, outside the namespace below: it includes the C library */

/* The .cu file's host side is left out: only its kernels are compiled here,
 * with g++, in a namespace of their own (a CUDA build links the GPU's). */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "atomics_histogram.cu"
}

#include <string.h>

extern "C" int emu_histogram(const unsigned char *v, int n, int bins, histogram_kind kind, unsigned *counts)
{
    const int threads = 256, wanted = (n + threads - 1) / threads;
    const int blocks = wanted < 1024 ? wanted : 1024; /* as the GPU's launch: the grid-stride loop does the rest */
    unsigned char *d_v = (unsigned char *)emu_device_alloc((size_t)n, "v");
    unsigned *d_counts = (unsigned *)emu_device_alloc((size_t)bins * sizeof *d_counts, "counts");
    memcpy(d_v, v, (size_t)n);
    memset(d_counts, 0, (size_t)bins * sizeof *d_counts);
    int status;
    if (kind == HISTOGRAM_GLOBAL)
        status = emu_launch(emulated::histogram_global_atomics, dim3(blocks), dim3(threads), (const unsigned char *)d_v,
                            n, d_counts);
    else if (kind == HISTOGRAM_SHARED)
        status = emu_launch(emulated::histogram_shared_atomics, dim3(blocks), dim3(threads), (const unsigned char *)d_v,
                            n, bins, d_counts);
    else /* the trap: two threads of a block that store and load one counter race */
        status = emu_launch(emulated::histogram_plain_increment, dim3(blocks), dim3(threads),
                            (const unsigned char *)d_v, n, d_counts);
    if (status == 0)
        memcpy(counts, d_counts, (size_t)bins * sizeof *counts);
    emu_device_free(d_v);
    emu_device_free(d_counts);
    return status;
}
