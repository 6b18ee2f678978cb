/* no_cuda.c - what ch11_linked_lists's programs link instead of its gpu/ .cu files when the
 * companion is built without nvcc (make NVCC=). Every CPU path works as
 * usual; a GPU path never gets here, because the program asks first
 * (cli_resolve_on, gpu_require_device) and gets "built without CUDA". If one
 * of these is reached all the same, it says so and exits 77 like a missing
 * GPU. Parameters are unused on purpose: the stubs only keep the link whole. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "no_cuda.h"

#include "list_gpu.h"

/* gpu/array_vs_list.cu */
int64_t gpu_array_sum(const int32_t *a, int32_t n, int blocks, int threads)
{
    no_cuda(__func__);
}
int64_t gpu_list_sum_one_thread(const list_node *node, int32_t n, int32_t head)
{
    no_cuda(__func__);
}
void gpu_time_sums(const int32_t *a, const list_node *node, int32_t n, int32_t head, int reps_array, int reps_list,
                   sum_timing *out)
{
    no_cuda(__func__);
}

/* gpu/pointer_jump.cu */
int gpu_wyllie_rank(const list_node *node, int32_t n, int in_place, int32_t *dist, round_observer obs, void *ctx)
{
    no_cuda(__func__);
}

/* gpu/rank_bench.cu */
gpu_rank_bench *gpu_rank_bench_open(const list_node *node, int32_t n, int32_t head, int32_t sublist, uint32_t seed)
{
    no_cuda(__func__);
}
double gpu_rank_bench_run(gpu_rank_bench *b, gpu_ranker which, int end_to_end, int32_t *dist)
{
    no_cuda(__func__);
}
gpu_rank_info gpu_rank_bench_info(const gpu_rank_bench *b)
{
    no_cuda(__func__);
}
void gpu_rank_bench_close(gpu_rank_bench *b)
{
    no_cuda(__func__);
}

/* gpu/ruling_set.cu */
int32_t gpu_ruling_set_rank(const list_node *node, int32_t n, int32_t head, int32_t sublist, uint32_t seed,
                            int32_t *dist)
{
    no_cuda(__func__);
}

/* gpu/wyllie_packed.cu */
int gpu_wyllie_packed_rank(const list_node *node, int32_t n, int32_t *dist)
{
    no_cuda(__func__);
}

/* gpu/scatter_by_rank.cu */
void gpu_scatter_by_rank(const list_node *node, int32_t n, const int32_t *dist, int32_t *out)
{
    no_cuda(__func__);
}
