/* wyllie_packed_emu.cpp - the kernels of wyllie_packed.cu, their own
 * source, run on the CPU emulator (common/emulator/): list_rank --on emu
 * --algo wyllie-packed. The host loop is wyllie_packed_device's. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "launch_check.h" /* here, outside the namespace below: it includes the C library */
#include "list_gpu.h"
#include "wyllie_packed_device.h"
#include "wyllie_packed_node.h"

/* The .cu file's host side is left out: only its kernels are compiled here,
 * with g++, in a namespace of their own (a CUDA build links the GPU's). */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "wyllie_packed.cu"
}

#include <string.h>

/* wyllie_packed_device's rounds; returns them, or -1 after an error */
static int packed_rounds(int32_t n, jump_link *link[2], int32_t *d_linked)
{
    const unsigned blocks = blocks_for(n, THREADS);
    int hint = 0; /* ceil(log2 n): the rounds run without asking */
    while (((int64_t)1 << hint) < n)
        hint++;
    int rounds = 0, linked = n > 1;
    while (linked) {
        if (rounds == MAX_ROUNDS) {
            fprintf(stderr, "error: pointer jumping did not converge in %d rounds\n", MAX_ROUNDS);
            return -1;
        }
        const int ask = rounds + 1 >= hint;
        if (ask)
            *d_linked = 0;
        if (emu_launch(emulated::wyllie_packed_round, dim3(blocks), dim3(THREADS), (const jump_link *)link[0], link[1],
                       n, ask ? d_linked : (int32_t *)NULL) != 0)
            return -1;
        jump_link *t = link[0];
        link[0] = link[1];
        link[1] = t; /* ping-pong */
        rounds++;
        if (ask)
            linked = *d_linked != 0;
    }
    return rounds;
}

extern "C" int emu_wyllie_packed_rank(const list_node *node, int32_t n, int32_t *dist)
{
    const unsigned blocks = blocks_for(n, THREADS);
    list_node *d_node = (list_node *)emu_device_alloc((size_t)n * sizeof *d_node, "node");
    jump_link *link[2] = { (jump_link *)emu_device_alloc((size_t)n * sizeof(jump_link), "link[0]"),
                           (jump_link *)emu_device_alloc((size_t)n * sizeof(jump_link), "link[1]") };
    jump_link *first[2] = { link[0], link[1] }; /* to free: the rounds swap link */
    int32_t *d_linked = (int32_t *)emu_device_alloc(sizeof *d_linked, "linked");
    int32_t *d_dist = (int32_t *)emu_device_alloc((size_t)n * sizeof *d_dist, "dist");
    memcpy(d_node, node, (size_t)n * sizeof *d_node);
    int rounds = -1;
    if (emu_launch(emulated::wyllie_packed_init, dim3(blocks), dim3(THREADS), (const list_node *)d_node, n, link[0]) ==
        0)
        rounds = packed_rounds(n, link, d_linked);
    if (rounds >= 0 && emu_launch(emulated::wyllie_packed_dist, dim3(blocks), dim3(THREADS), (const jump_link *)link[0],
                                  n, d_dist) != 0)
        rounds = -1;
    if (rounds >= 0)
        memcpy(dist, d_dist, (size_t)n * sizeof *dist);
    emu_device_free(d_node);
    emu_device_free(first[0]);
    emu_device_free(first[1]);
    emu_device_free(d_linked);
    emu_device_free(d_dist);
    return rounds;
}
