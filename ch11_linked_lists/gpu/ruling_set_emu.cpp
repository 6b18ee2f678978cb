/* ruling_set_emu.cpp - the kernels of ruling_set.cu, their own source, run
 * on the CPU emulator (common/emulator/): list_rank --on emu --algo ruling
 * and scatter_by_rank --on emu. The launches are ruling_set_rank_device's;
 * the rulers are ranked by the pointer-jumping kernels of
 * pointer_jump_emu.cpp. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "launch_check.h" /* here, outside the namespace below: it includes the C library */
#include "list_gpu.h"
#include "pointer_jump_device.h"
#include "ruling_set_device.h"
#include "ruling_set_node.h"

/* The .cu file's host side is left out: only its kernels (and its count of
 * the rulers) are compiled here, with g++, in a namespace of their own. */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "ruling_set.cu"
}

#include <string.h>

extern "C" int32_t emu_ruling_set_rank(const list_node *node, int32_t n, int32_t head, int32_t sublist, uint32_t seed,
                                       int32_t *dist)
{
    const int32_t k = sublist;
    int32_t slots;
    const int32_t r = emulated::count_rulers(n, head, k, seed, &slots);
    list_node *d_node = (list_node *)emu_device_alloc((size_t)n * sizeof *d_node, "node");
    ruler_link *link = (ruler_link *)emu_device_alloc((size_t)n * sizeof *link, "link");
    sublist_tag *tag = (sublist_tag *)emu_device_alloc((size_t)n * sizeof *tag, "tag");
    int32_t *next[2], *ruler_dist[2];
    const char *names[4] = { "ruler next[0]", "ruler next[1]", "ruler dist[0]", "ruler dist[1]" };
    int32_t **bufs[4] = { &next[0], &next[1], &ruler_dist[0], &ruler_dist[1] };
    for (int b = 0; b < 4; b++)
        *bufs[b] = (int32_t *)emu_device_alloc((size_t)r * sizeof(int32_t), names[b]);
    int32_t *d_linked = (int32_t *)emu_device_alloc(sizeof *d_linked, "linked");
    int32_t *d_dist = (int32_t *)emu_device_alloc((size_t)n * sizeof *d_dist, "dist");
    memcpy(d_node, node, (size_t)n * sizeof *d_node);
    int hint = 0; /* the rulers form one list of r nodes */
    while (((int64_t)1 << hint) < r)
        hint++;
    /* ruling_set_rank_device's launches, in its order; the first error stops them */
    int ok = emu_launch(emulated::ruling_set_links, dim3(blocks_for(n, THREADS)), dim3(THREADS),
                        (const list_node *)d_node, n, link) == 0 &&
             emu_launch(emulated::ruling_set_mark, dim3(blocks_for(r, THREADS)), dim3(THREADS), link, n, slots, r, k,
                        seed, head) == 0 &&
             emu_launch(emulated::ruling_set_walk, dim3(blocks_for(r, THREADS)), dim3(THREADS),
                        (const ruler_link *)link, tag, n, slots, r, k, seed, head, next[0], ruler_dist[0]) == 0 &&
             emu_pointer_jump(next, ruler_dist, r, 0, hint, d_linked, NULL, NULL) >= 0 &&
             emu_launch(emulated::ruling_set_finish, dim3(blocks_for(n, THREADS)), dim3(THREADS),
                        (const sublist_tag *)tag, (const int32_t *)ruler_dist[0], n, d_dist) == 0;
    if (ok)
        memcpy(dist, d_dist, (size_t)n * sizeof *dist);
    emu_device_free(d_node);
    emu_device_free(link);
    emu_device_free(tag);
    for (int b = 0; b < 4; b++)
        emu_device_free(*bufs[b]);
    emu_device_free(d_linked);
    emu_device_free(d_dist);
    return ok ? r : -1;
}
