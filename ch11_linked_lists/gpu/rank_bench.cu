/* rank_bench.cu - 11.4: the three GPU rankers timed one run at a time, so
 * that list_rank_bench can interleave them with each other and with the CPU
 * rankers in every repetition. Kernel-only runs find the list already on the
 * GPU; end-to-end runs start from the list in pinned host memory
 * (cudaMallocHost: the copy engine reads it directly, at the bus's speed)
 * and end with the ranks back in pinned host memory. */
#include "cuda_check.h"
#include "list_gpu.h"
#include "pointer_jump_device.h"
#include "ruling_set_device.h"
#include "wyllie_packed_device.h"

#include <string.h>

struct gpu_rank_bench {
    int32_t n, head, k;
    uint32_t seed;
    list_node *d_node, *h_node; /* h_node: pinned */
    int32_t *d_dist, *h_dist;   /* h_dist: pinned */
    int32_t *wyllie_buf, *linked;
    int32_t *answer; /* where the last run left its ranks: d_dist, or a buffer of Wyllie's */
    ruling_set_work ruling;
    wyllie_packed_work packed;
    gpu_rank_info info;
    gpu_timer timer;
};

/* Wyllie on two arrays: round 0 from the pool, every round; the answer
 * ends in one of its two dist buffers. */
static void run_wyllie(gpu_rank_bench *b)
{
    const size_t n = (size_t)b->n;
    int32_t *next[2] = { b->wyllie_buf, b->wyllie_buf + n };
    int32_t *dist[2] = { b->wyllie_buf + 2 * n, b->wyllie_buf + 3 * n };
    pointer_jump_init_device(b->d_node, b->n, next[0], dist[0]);
    int hint = 0;
    while (((int64_t)1 << hint) < b->n)
        hint++;
    b->info.wyllie_rounds = pointer_jump_device(next, dist, b->n, 0, hint, b->linked, NULL, NULL);
    b->answer = dist[0];
}

static void run_ranker(gpu_rank_bench *b, gpu_ranker which)
{
    b->answer = b->d_dist;
    if (which == GPU_RULING_SET)
        ruling_set_rank_device(&b->ruling, b->d_node, b->n, b->head, b->k, b->seed, b->d_dist);
    else if (which == GPU_WYLLIE)
        run_wyllie(b);
    else
        b->info.packed_rounds = wyllie_packed_rank_device(&b->packed, b->d_node, b->d_dist);
}

extern "C" gpu_rank_bench *gpu_rank_bench_open(const list_node *node, int32_t n, int32_t head, int32_t sublist,
                                               uint32_t seed)
{
    gpu_rank_bench *b = (gpu_rank_bench *)calloc(1, sizeof *b);
    if (b == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_MISMATCH);
    }
    b->n = n;
    b->head = head;
    b->k = sublist;
    b->seed = seed;
    CUDA_CHECK(cudaMallocHost(&b->h_node, (size_t)n * sizeof *b->h_node));
    CUDA_CHECK(cudaMallocHost(&b->h_dist, (size_t)n * sizeof *b->h_dist));
    memcpy(b->h_node, node, (size_t)n * sizeof *node);
    CUDA_CHECK(cudaMalloc(&b->d_node, (size_t)n * sizeof *b->d_node));
    CUDA_CHECK(cudaMalloc(&b->d_dist, (size_t)n * sizeof *b->d_dist));
    CUDA_CHECK(cudaMalloc(&b->wyllie_buf, 4 * (size_t)n * sizeof *b->wyllie_buf));
    CUDA_CHECK(cudaMalloc(&b->linked, sizeof *b->linked));
    CUDA_CHECK(cudaMemcpy(b->d_node, b->h_node, (size_t)n * sizeof *b->d_node, cudaMemcpyHostToDevice));
    ruling_set_alloc(&b->ruling, n, head, sublist, seed);
    wyllie_packed_alloc(&b->packed, n);
    b->info.rulers = b->ruling.rulers;
    gpu_timer_create(&b->timer);
    return b;
}

extern "C" double gpu_rank_bench_run(gpu_rank_bench *b, gpu_ranker which, int end_to_end, int32_t *dist)
{
    const size_t n = (size_t)b->n;
    CUDA_CHECK(cudaMemset(b->d_dist, 0xff, n * sizeof(int32_t))); /* no answer left from the last run */
    CUDA_CHECK(cudaMemset(b->wyllie_buf, 0xff, 4 * n * sizeof(int32_t)));
    if (end_to_end)
        CUDA_CHECK(cudaMemset(b->d_node, 0xff, n * sizeof(list_node))); /* the copy must bring the list */
    CUDA_CHECK(cudaDeviceSynchronize());
    gpu_timer_start(&b->timer);
    if (end_to_end)
        CUDA_CHECK(cudaMemcpyAsync(b->d_node, b->h_node, n * sizeof(list_node), cudaMemcpyHostToDevice));
    run_ranker(b, which);
    if (end_to_end)
        CUDA_CHECK(cudaMemcpyAsync(b->h_dist, b->answer, n * sizeof(int32_t), cudaMemcpyDeviceToHost));
    const double ms = gpu_timer_stop_ms(&b->timer);
    CUDA_CHECK_LAUNCH();
    if (end_to_end)
        memcpy(dist, b->h_dist, n * sizeof(int32_t)); /* untimed: for the check */
    else
        CUDA_CHECK(cudaMemcpy(dist, b->answer, n * sizeof(int32_t), cudaMemcpyDeviceToHost));
    return ms;
}

extern "C" gpu_rank_info gpu_rank_bench_info(const gpu_rank_bench *b)
{
    return b->info;
}

extern "C" void gpu_rank_bench_close(gpu_rank_bench *b)
{
    gpu_timer_destroy(&b->timer);
    ruling_set_release(&b->ruling);
    wyllie_packed_release(&b->packed);
    CUDA_CHECK(cudaFree(b->d_node));
    CUDA_CHECK(cudaFree(b->d_dist));
    CUDA_CHECK(cudaFree(b->wyllie_buf));
    CUDA_CHECK(cudaFree(b->linked));
    CUDA_CHECK(cudaFreeHost(b->h_node));
    CUDA_CHECK(cudaFreeHost(b->h_dist));
    free(b);
}
