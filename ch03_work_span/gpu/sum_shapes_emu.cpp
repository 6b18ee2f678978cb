/* sum_shapes_emu.cpp - the two kernels of sum_shapes.cu (section 3.1), their
 * own source (sum_shapes_kernels.cuh), run on the CPU emulator
 * (common/emulator/): work_span --on emu. Launched as sum_shapes.cu launches
 * them: the chain by one thread, the tree by one block of 1024 threads with
 * one __syncthreads() per level, its shared reads and writes watched. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "sum_shapes.h"

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
#include "sum_shapes_kernels.cuh"
}

static long long *upload(const long long *x, size_t n, const char *what)
{
    long long *d = (long long *)emu_device_alloc(n * sizeof *d, what);
    memcpy(d, x, n * sizeof *d);
    return d;
}

extern "C" int emu_chain_sum_one_thread(const long long *x, size_t n, long long *sum)
{
    long long *d_x = upload(x, n, "x");
    long long *d_out = (long long *)emu_device_alloc(sizeof *d_out, "out");
    const int status = emu_launch(emulated::chain_sum_one_thread, dim3(1), dim3(1), (const long long *)d_x, n, d_out);
    if (status == 0)
        *sum = *d_out;
    emu_device_free(d_x);
    emu_device_free(d_out);
    return status;
}

extern "C" int emu_tree_sum_one_block(const long long *x, size_t n, int threads, long long *sum)
{
    long long *d_a = upload(x, n, "a");
    /* dst never holds more than ceil(n/2) values, as in sum_shapes.cu */
    long long *d_b = (long long *)emu_device_alloc((n / 2 + 1) * sizeof *d_b, "b");
    long long *d_out = (long long *)emu_device_alloc(sizeof *d_out, "out");
    const int status = emu_launch(emulated::block_tree_sum, dim3(1), dim3((unsigned)threads), d_a, d_b, (int)n, d_out);
    if (status == 0)
        *sum = *d_out;
    emu_device_free(d_a);
    emu_device_free(d_b);
    emu_device_free(d_out);
    return status;
}
