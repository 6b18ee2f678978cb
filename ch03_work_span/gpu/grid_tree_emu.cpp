/* grid_tree_emu.cpp - the kernel of grid_tree.cu, its own source, run on the
 * CPU emulator (common/emulator/): brent_gpu --on emu, for the values of p
 * that one block holds. The emulator runs a grid's blocks one after another,
 * so it has no barrier across blocks; for a grid of one block, the grid's
 * barrier is the block's, and grid.sync() is given that meaning here. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include <cooperative_groups.h> /* the emulator's: the block and its tiles */

#include "grid_tree.h"

namespace cooperative_groups
{
/* The grid of a one-block launch (emu_grid_tree_one_block launches no other):
 * every thread of the grid is a thread of this block. */
struct grid_group {
    void sync(const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
    {
        emu::block_barrier(file, line);
    }
};
inline grid_group this_grid()
{
    return grid_group();
}
} // namespace cooperative_groups

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
#include "grid_tree.cu"
}

extern "C" int emu_grid_tree_one_block(const double *x, int n, int threads, double *sum)
{
    /* launch configuration: one block, as many threads as it may hold */
    if (n < 1 || n > GRID_TREE_MAX_N || threads < 1 || threads > GRID_TREE_BLOCK) {
        fprintf(stderr, "error: grid tree: n = %d, one block of %d threads out of range\n", n, threads);
        return 1;
    }
    const size_t half = (size_t)n / 2 + 1; /* as grid_tree.cu allocates them */
    double *d_x = (double *)emu_device_alloc((size_t)n * sizeof *d_x, "x");
    double *d_a = (double *)emu_device_alloc(half * sizeof *d_a, "a");
    double *d_b = (double *)emu_device_alloc(half * sizeof *d_b, "b");
    double *d_out = (double *)emu_device_alloc(sizeof *d_out, "out");
    memcpy(d_x, x, (size_t)n * sizeof *d_x);
    memset(d_out, 0xff, sizeof *d_out); /* NaN until written */
    const int status = emu_launch(emulated::grid_tree_sum, dim3(1), dim3((unsigned)threads), (const double *)d_x, d_a,
                                  d_b, n, d_out);
    if (status == 0)
        *sum = *d_out;
    emu_device_free(d_x);
    emu_device_free(d_a);
    emu_device_free(d_b);
    emu_device_free(d_out);
    return status;
}
