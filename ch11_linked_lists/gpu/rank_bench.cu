/* rank_bench.cu - 11.4: Wyllie and the ruling set timed on the same list,
 * already on the GPU (kernels only, CUDA events), plus the ruling set end
 * to end (copy in, rank, copy out). */
#include "cuda_check.h"
#include "list_gpu.h"
#include "pointer_jump_device.h"
#include "ruling_set_device.h"

typedef struct {
    const list_node *d_node;
    int32_t n, head, k;
    uint32_t seed;
    int32_t *wyllie_buf, *linked, *d_dist;
    int32_t *wyllie_answer; /* the buffer Wyllie's last round wrote */
    int rounds;
    ruling_set_work w;
    const list_node *h_node; /* end to end only */
    int32_t *h_dist;
} rank_ctx;

static void run_wyllie(void *p)
{
    rank_ctx *c = (rank_ctx *)p;
    const size_t n = (size_t)c->n;
    /* the timed work: round 0 from the node pool, then every round */
    int32_t *next[2] = { c->wyllie_buf, c->wyllie_buf + n };
    int32_t *dist[2] = { c->wyllie_buf + 2 * n, c->wyllie_buf + 3 * n };
    pointer_jump_init_device(c->d_node, c->n, next[0], dist[0]);
    int hint = 0;
    while (((int64_t)1 << hint) < c->n)
        hint++;
    c->rounds = pointer_jump_device(next, dist, c->n, 0, hint, c->linked, NULL, NULL);
    c->wyllie_answer = dist[0];
}

static void run_ruling(void *p)
{
    rank_ctx *c = (rank_ctx *)p;
    ruling_set_rank_device(&c->w, c->d_node, c->n, c->head, c->k, c->seed, c->d_dist);
}

static void run_ruling_end_to_end(void *p)
{
    rank_ctx *c = (rank_ctx *)p;
    CUDA_CHECK(cudaMemcpy((void *)c->d_node, c->h_node, (size_t)c->n * sizeof(list_node), cudaMemcpyHostToDevice));
    run_ruling(p);
    CUDA_CHECK(cudaMemcpy(c->h_dist, c->d_dist, (size_t)c->n * sizeof(int32_t), cudaMemcpyDeviceToHost));
}

extern "C" void gpu_time_ranking(const list_node *node, int32_t n, int32_t head, int32_t sublist,
                                 uint32_t seed, int warmup, int reps, int32_t *dist_wyllie,
                                 int32_t *dist_ruling, rank_timing *out)
{
    rank_ctx c;
    list_node *d_node = NULL;
    c.n = n;
    c.head = head;
    c.k = sublist;
    c.seed = seed;
    c.h_node = node;
    c.h_dist = dist_ruling;
    CUDA_CHECK(cudaMalloc(&d_node, (size_t)n * sizeof *d_node));
    CUDA_CHECK(cudaMalloc(&c.wyllie_buf, 4 * (size_t)n * sizeof(int32_t)));
    CUDA_CHECK(cudaMalloc(&c.linked, sizeof(int32_t)));
    CUDA_CHECK(cudaMalloc(&c.d_dist, (size_t)n * sizeof(int32_t)));
    CUDA_CHECK(cudaMemcpy(d_node, node, (size_t)n * sizeof *d_node, cudaMemcpyHostToDevice));
    c.d_node = d_node;
    ruling_set_alloc(&c.w, n, head, sublist, seed);

    out->wyllie_ms = gpu_median_ms(run_wyllie, &c, warmup, reps, &out->wyllie_spread);
    out->wyllie_rounds = c.rounds;
    CUDA_CHECK(cudaMemcpy(dist_wyllie, c.wyllie_answer, (size_t)n * sizeof(int32_t), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemset(c.d_dist, 0xff, (size_t)n * sizeof(int32_t))); /* the ruling set starts from garbage */
    out->ruling_ms = gpu_median_ms(run_ruling, &c, warmup, reps, &out->ruling_spread);
    out->ruling_e2e_ms = gpu_median_ms(run_ruling_end_to_end, &c, warmup, reps, &out->ruling_e2e_spread);
    out->rulers = c.w.rulers;

    ruling_set_release(&c.w);
    CUDA_CHECK(cudaFree(d_node));
    CUDA_CHECK(cudaFree(c.wyllie_buf));
    CUDA_CHECK(cudaFree(c.linked));
    CUDA_CHECK(cudaFree(c.d_dist));
}
