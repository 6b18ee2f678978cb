/* scatter_by_rank_emu.cpp - the kernel of scatter_by_rank.cu, its own
 * source, run on the CPU emulator (common/emulator/): scatter_by_rank
 * --on emu. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "launch_check.h" /* here, outside the namespace below: it includes the C library */
#include "list_gpu.h"
#include "scatter_node.h"

/* The .cu file's host side is left out: only its kernel is compiled here,
 * with g++, in a namespace of its own (a CUDA build links the GPU's). */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "scatter_by_rank.cu"
}

#include <string.h>

extern "C" int emu_scatter_by_rank(const list_node *node, int32_t n, const int32_t *dist, int32_t *out)
{
    list_node *d_node = (list_node *)emu_device_alloc((size_t)n * sizeof *d_node, "node");
    int32_t *d_dist = (int32_t *)emu_device_alloc((size_t)n * sizeof *d_dist, "dist");
    int32_t *d_out = (int32_t *)emu_device_alloc((size_t)n * sizeof *d_out, "out");
    memcpy(d_node, node, (size_t)n * sizeof *d_node);
    memcpy(d_dist, dist, (size_t)n * sizeof *d_dist);
    memset(d_out, 0xff, (size_t)n * sizeof *d_out); /* a slot no node writes stays -1, as on the GPU */
    const int status = emu_launch(emulated::scatter_by_rank, dim3(blocks_for(n, THREADS)), dim3(THREADS),
                                  (const list_node *)d_node, n, (const int32_t *)d_dist, d_out);
    if (status == 0)
        memcpy(out, d_out, (size_t)n * sizeof *out);
    emu_device_free(d_node);
    emu_device_free(d_dist);
    emu_device_free(d_out);
    return status == 0 ? 0 : -1;
}
