/* pointer_jump_emu.cpp - the kernels of pointer_jump.cu, their own source,
 * run on the CPU emulator (common/emulator/): list_rank --on emu. The host
 * loop is pointer_jump_device's, round for round: a launch per round, the
 * "anyone still linked?" flag asked only once the expected rounds are done.
 * In place (--in-place), a thread reads its successor's pair while the
 * successor's own thread rewrites it: the emulator names that race. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "launch_check.h" /* here, outside the namespace below: it includes the C library */
#include "list_gpu.h"
#include "pointer_jump_node.h"

/* The .cu file's host side is left out: only its kernels are compiled here,
 * with g++, in a namespace of their own (a CUDA build links the GPU's). */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "pointer_jump.cu"
}

#include <stdlib.h>
#include <string.h>

static void observe(int round, const int32_t *d_next, const int32_t *d_dist, int32_t n, round_observer obs, void *ctx)
{
    if (obs)
        obs(round, d_next, d_dist, n, ctx); /* emulated device memory is host memory */
}

extern "C" int emu_pointer_jump(int32_t *next[2], int32_t *dist[2], int32_t n, int in_place, int rounds_hint,
                                int32_t *d_linked, round_observer obs, void *ctx)
{
    const unsigned blocks = blocks_for(n, THREADS);
    observe(0, next[0], dist[0], n, obs, ctx);
    int rounds = 0, linked = n > 1;
    while (linked) {
        if (rounds == MAX_ROUNDS) {
            fprintf(stderr, "error: pointer jumping did not converge in %d rounds\n", MAX_ROUNDS);
            return -1;
        }
        const int ask = obs != NULL || rounds + 1 >= rounds_hint;
        if (ask)
            *d_linked = 0;
        int status;
        if (in_place) {
            status = emu_launch(emulated::pointer_jump_round_in_place, dim3(blocks), dim3(THREADS), next[0], dist[0], n,
                                ask ? d_linked : (int32_t *)NULL);
        } else {
            status = emu_launch(emulated::pointer_jump_round, dim3(blocks), dim3(THREADS), (const int32_t *)next[0],
                                (const int32_t *)dist[0], next[1], dist[1], n, ask ? d_linked : (int32_t *)NULL);
            int32_t *t = next[0];
            next[0] = next[1];
            next[1] = t; /* ping-pong */
            t = dist[0];
            dist[0] = dist[1];
            dist[1] = t;
        }
        if (status != 0)
            return -1;
        rounds++;
        observe(rounds, next[0], dist[0], n, obs, ctx);
        if (ask)
            linked = *d_linked != 0;
    }
    return rounds;
}

extern "C" int emu_wyllie_rank(const list_node *node, int32_t n, int in_place, int32_t *dist, round_observer obs,
                               void *ctx)
{
    const size_t bytes = (size_t)n * sizeof(int32_t);
    list_node *d_node = (list_node *)emu_device_alloc((size_t)n * sizeof *d_node, "node");
    /* named as pointer_jump_device names them; in place, only [0] is used */
    int32_t *next[2] = { (int32_t *)emu_device_alloc(bytes, "next[0]"), (int32_t *)emu_device_alloc(bytes, "next[1]") };
    int32_t *d_dist[2] = { (int32_t *)emu_device_alloc(bytes, "dist[0]"),
                           (int32_t *)emu_device_alloc(bytes, "dist[1]") };
    int32_t *d_linked = (int32_t *)emu_device_alloc(sizeof *d_linked, "linked");
    memcpy(d_node, node, (size_t)n * sizeof *d_node);
    int rounds = -1;
    if (emu_launch(emulated::pointer_jump_init, dim3(blocks_for(n, THREADS)), dim3(THREADS), (const list_node *)d_node,
                   n, next[0], d_dist[0]) == 0) {
        int hint = 0;
        while (((int64_t)1 << hint) < n)
            hint++;
        rounds = emu_pointer_jump(next, d_dist, n, in_place, hint, d_linked, obs, ctx);
    }
    if (rounds >= 0)
        memcpy(dist, d_dist[0], bytes);
    emu_device_free(d_node);
    emu_device_free(next[0]);
    emu_device_free(next[1]);
    emu_device_free(d_dist[0]);
    emu_device_free(d_dist[1]);
    emu_device_free(d_linked);
    return rounds;
}

extern "C" void emu_check_size(int64_t n)
{
    if (n > EMU_MAX_NODES) {
        fprintf(stderr,
                "error: --on emu runs lists of at most 2^%d nodes (the emulator runs one GPU thread at a time), "
                "got %lld\n",
                __builtin_ctzll((unsigned long long)EMU_MAX_NODES), (long long)n);
        exit(EXIT_BAD_INPUT);
    }
}
