/* array_vs_list_emu.cpp - the kernels of array_vs_list.cu, their own
 * source, run on the CPU emulator (common/emulator/): list_sum --on emu.
 * The sums come out as on the GPU; how long they take does not (the
 * emulator runs one thread at a time: it has no memory system to show). */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "launch_check.h" /* here, outside the namespace below: it includes the C library */
#include "list_gpu.h"
#include "list_walk.h"

/* The .cu file's host side is left out: only its kernels are compiled here,
 * with g++, in a namespace of their own (a CUDA build links the GPU's). */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "array_vs_list.cu"
}

#include <string.h>

extern "C" int emu_array_sum(const int32_t *a, int32_t n, int blocks, int threads, int64_t *sum)
{
    check_block_size(threads, 1);
    int32_t *d_a = (int32_t *)emu_device_alloc((size_t)n * sizeof *d_a, "a");
    unsigned long long *d_total = (unsigned long long *)emu_device_alloc(sizeof *d_total, "total");
    memcpy(d_a, a, (size_t)n * sizeof *d_a);
    *d_total = 0;
    const int status = emu_launch(emulated::array_sum_grid_stride, dim3(blocks), dim3(threads), (const int32_t *)d_a, n,
                                  d_total);
    if (status == 0)
        *sum = (int64_t)*d_total;
    emu_device_free(d_a);
    emu_device_free(d_total);
    return status == 0 ? 0 : -1;
}

extern "C" int emu_list_sum_one_thread(const list_node *node, int32_t n, int32_t head, int64_t *sum)
{
    list_node *d_node = (list_node *)emu_device_alloc((size_t)n * sizeof *d_node, "node");
    long long *d_total = (long long *)emu_device_alloc(sizeof *d_total, "total");
    memcpy(d_node, node, (size_t)n * sizeof *d_node);
    const int status = emu_launch(emulated::list_sum_one_thread, dim3(1), dim3(32), (const list_node *)d_node, head, n,
                                  d_total); /* one warp, one busy lane, as on the GPU */
    if (status == 0)
        *sum = (int64_t)*d_total;
    emu_device_free(d_node);
    emu_device_free(d_total);
    return status == 0 ? 0 : -1;
}
