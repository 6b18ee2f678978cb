/* list_gpu.h - the launch functions C code calls (CUDA code in the .cu
 * files). Host arrays in, host arrays out; each function owns its device
 * memory and checks every CUDA call and launch. */
#ifndef CH11_LIST_GPU_H
#define CH11_LIST_GPU_H

#include <stdint.h>

#include "list_types.h"

#ifdef __cplusplus
extern "C" {
#endif

/* 11.1 (array_vs_list.cu) -------------------------------------------------- */
/* Sum of a[0..n-1] by `blocks` x `threads` threads (grid-stride loop, then
 * a block tree; threads a power of two in [32, 1024]). */
int64_t gpu_array_sum(const int32_t *a, int32_t n, int blocks, int threads);
/* Sum of the list's values by one GPU thread walking from the head. */
int64_t gpu_list_sum_one_thread(const list_node *node, int32_t n, int32_t head);

typedef struct {
    double array_ms, array_spread; /* full-grid array sum */
    double list_ms, list_spread;   /* one-thread list walk */
    int64_t array_total, list_total;
} sum_timing;
/* Both sums timed with CUDA events (median of reps after a warm-up), on
 * data already on the device. */
void gpu_time_sums(const int32_t *a, const list_node *node, int32_t n, int32_t head, int reps_array, int reps_list,
                   sum_timing *out);

/* 11.2 (pointer_jump.cu) --------------------------------------------------- */
/* Wyllie's pointer jumping, one kernel launch per round, until no node has
 * a successor left. in_place = 0: double-buffered (correct); 1: one buffer
 * (the trap). obs, when not NULL, gets each round copied back from the
 * GPU. Writes dist; returns the number of rounds. */
int gpu_wyllie_rank(const list_node *node, int32_t n, int in_place, int32_t *dist, round_observer obs, void *ctx);

/* 11.2 and 11.4 (wyllie_packed.cu) ---------------------------------------- */
/* The same pointer jumping on packed {next, dist} pairs: one 8-byte gather
 * per node per round. Writes dist; returns the number of rounds. */
int gpu_wyllie_packed_rank(const list_node *node, int32_t n, int32_t *dist);

/* 11.4 (ruling_set.cu) ----------------------------------------------------- */
/* Ranking by a sparse ruling set (see ruling_set_node.h). Writes dist;
 * returns the number of rulers. */
int32_t gpu_ruling_set_rank(const list_node *node, int32_t n, int32_t head, int32_t sublist, uint32_t seed,
                            int32_t *dist);

/* 11.3 (scatter_by_rank.cu) ------------------------------------------------ */
/* out[n-1-dist[i]] = node[i].value for every node. */
void gpu_scatter_by_rank(const list_node *node, int32_t n, const int32_t *dist, int32_t *out);

/* 11.4 benchmark (rank_bench.cu) ------------------------------------------- */
typedef enum { GPU_RULING_SET, GPU_WYLLIE, GPU_WYLLIE_PACKED, GPU_RANKERS } gpu_ranker;
typedef struct gpu_rank_bench gpu_rank_bench;
typedef struct {
    int wyllie_rounds, packed_rounds; /* of the last runs */
    int32_t rulers;
} gpu_rank_info;
/* Copies the list to pinned host memory and to the GPU and allocates every
 * ranker's device memory, once. */
gpu_rank_bench *gpu_rank_bench_open(const list_node *node, int32_t n, int32_t head, int32_t sublist, uint32_t seed);
/* One run of one ranker, timed with CUDA events: kernels only (the list
 * already on the GPU), or end to end (copy the list in from pinned host
 * memory, rank, copy the ranks out to pinned host memory). Afterwards,
 * untimed, the ranks are copied into dist. Returns milliseconds. */
double gpu_rank_bench_run(gpu_rank_bench *b, gpu_ranker which, int end_to_end, int32_t *dist);
gpu_rank_info gpu_rank_bench_info(const gpu_rank_bench *b);
void gpu_rank_bench_close(gpu_rank_bench *b);

/* --on emu (the gpu/ files named *_emu.cpp): the same kernels, their own source, on the CPU
 * emulator (common/emulator/), with the same arguments and results as the
 * gpu_ functions above. A negative result means the emulator stopped a
 * launch and said why on stderr (a race between threads of a block, an
 * access out of bounds, a barrier that not every thread reaches). */
int emu_wyllie_rank(const list_node *node, int32_t n, int in_place, int32_t *dist, round_observer obs, void *ctx);
int emu_wyllie_packed_rank(const list_node *node, int32_t n, int32_t *dist);
int32_t emu_ruling_set_rank(const list_node *node, int32_t n, int32_t head, int32_t sublist, uint32_t seed,
                            int32_t *dist);
int emu_scatter_by_rank(const list_node *node, int32_t n, const int32_t *dist, int32_t *out); /* 0 or -1 */
int emu_array_sum(const int32_t *a, int32_t n, int blocks, int threads, int64_t *sum);        /* 0 or -1 */
int emu_list_sum_one_thread(const list_node *node, int32_t n, int32_t head, int64_t *sum);    /* 0 or -1 */
/* --on emu ranks lists of at most EMU_MAX_NODES nodes: the emulator runs
 * one GPU thread at a time, and a larger list takes minutes. A larger n is
 * refused with one `error:` line (exit 2). */
#define EMU_MAX_NODES (INT32_C(1) << 18)
void emu_check_size(int64_t n);
/* pointer_jump_device on emulated device arrays, for the ruling set's
 * rulers too (pointer_jump_emu.cpp). Returns the rounds, or -1. */
int emu_pointer_jump(int32_t *next[2], int32_t *dist[2], int32_t n, int in_place, int rounds_hint, int32_t *d_linked,
                     round_observer obs, void *ctx);

#ifdef __cplusplus
}
#endif

#endif
