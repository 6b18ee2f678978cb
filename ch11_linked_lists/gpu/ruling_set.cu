/* ruling_set.cu - 11.4: list ranking by a sparse ruling set, the
 * work-efficient way. Pointer jumping touches every node in each of
 * log2(n) rounds; here each node is touched a constant number of times,
 * and only the n/k rulers are ranked by pointer jumping. */
#include "cuda_check.h"
#include "launch_check.h"
#include "list_gpu.h"
#include "pointer_jump_device.h"
#include "ruling_set_device.h"
#include "ruling_set_node.h"

#define THREADS 256

/* one thread per node: successor, not (yet) a ruler */
__global__ void ruling_set_links(const list_node *node, int32_t n, ruler_link *link)
{
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        ruler_link l;
        l.next = node[i].next;
        l.ruler = LIST_NULL;
        link[i] = l;
    }
}

/* one thread per ruler: mark its node with its id */
__global__ void ruling_set_mark(ruler_link *link, int32_t n, int32_t slots, int32_t rulers, int32_t k, uint32_t seed,
                                int32_t head)
{
    const int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j < rulers)
        link[ruler_start((int32_t)j, slots, k, n, seed, head)].ruler = (int32_t)j;
}

// [listing ruler-walk-kernel]
/* One thread per ruler walks its sublist. The sublist lengths become the
 * weights of the short list of rulers, ready for pointer jumping. */
__global__ void ruling_set_walk(const ruler_link *link, sublist_tag *tag, int32_t n, int32_t slots, int32_t rulers,
                                int32_t k, uint32_t seed, int32_t head, int32_t *ruler_next, int32_t *ruler_length)
{
    const int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (j < rulers) {
        const int32_t start = ruler_start((int32_t)j, slots, k, n, seed, head);
        ruler_length[j] = ruler_walk((int32_t)j, start, link, tag, &ruler_next[j]);
    }
}
// [end]

// [listing sublist-finish-kernel]
/* One thread per node, in index order: coalesced reads of the tags and
 * writes of the ranks; to_end (one int per ruler) mostly stays in L2. */
__global__ void ruling_set_finish(const sublist_tag *tag, const int32_t *to_end, int32_t n, int32_t *dist)
{
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dist[i] = sublist_distance_to_end(tag[i], to_end);
}
// [end]

/* The rulers of a list: one per slot, and the head when no slot picked it
 * (the emulation, gpu/ruling_set_emu.cpp, counts them with this too). */
static int32_t count_rulers(int32_t n, int32_t head, int32_t k, uint32_t seed, int32_t *slots)
{
    *slots = ruler_slots(n, k);
    const int extra = ruler_start(head / k, *slots, k, n, seed, head) != head;
    return *slots + extra;
}

#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/ruling_set_emu.cpp takes the kernels and count_rulers */
void ruling_set_alloc(ruling_set_work *w, int32_t n, int32_t head, int32_t k, uint32_t seed)
{
    w->rulers = count_rulers(n, head, k, seed, &w->slots);
    CUDA_CHECK(cudaMalloc(&w->link, (size_t)n * sizeof *w->link));
    CUDA_CHECK(cudaMalloc(&w->tag, (size_t)n * sizeof *w->tag));
    CUDA_CHECK(cudaMalloc(&w->ruler_buf, 4 * (size_t)w->rulers * sizeof *w->ruler_buf));
    CUDA_CHECK(cudaMalloc(&w->linked, sizeof *w->linked));
}

void ruling_set_release(ruling_set_work *w)
{
    CUDA_CHECK(cudaFree(w->link));
    CUDA_CHECK(cudaFree(w->tag));
    CUDA_CHECK(cudaFree(w->ruler_buf));
    CUDA_CHECK(cudaFree(w->linked));
}

// [listing ruling-set-host]
/* The whole ranking on data already on the GPU: four launches and the
 * pointer-jumping rounds over the rulers. */
void ruling_set_rank_device(ruling_set_work *w, const list_node *d_node, int32_t n, int32_t head, int32_t k,
                            uint32_t seed, int32_t *d_dist)
{
    const int32_t r = w->rulers;
    ruling_set_links<<<blocks_for(n, THREADS), THREADS>>>(d_node, n, w->link);
    CUDA_CHECK_LAUNCH();
    ruling_set_mark<<<blocks_for(r, THREADS), THREADS>>>(w->link, n, w->slots, r, k, seed, head);
    CUDA_CHECK_LAUNCH();
    int32_t *next[2] = { w->ruler_buf, w->ruler_buf + r };
    int32_t *dist[2] = { w->ruler_buf + 2 * (size_t)r, w->ruler_buf + 3 * (size_t)r };
    ruling_set_walk<<<blocks_for(r, THREADS), THREADS>>>(w->link, w->tag, n, w->slots, r, k, seed, head, next[0],
                                                         dist[0]);
    CUDA_CHECK_LAUNCH();
    int hint = 0; /* the rulers form one list of r nodes */
    while (((int64_t)1 << hint) < r)
        hint++;
    pointer_jump_device(next, dist, r, 0, hint, w->linked, NULL, NULL);
    ruling_set_finish<<<blocks_for(n, THREADS), THREADS>>>(w->tag, dist[0], n, d_dist);
    CUDA_CHECK_LAUNCH();
}
// [end]

extern "C" int32_t gpu_ruling_set_rank(const list_node *node, int32_t n, int32_t head, int32_t sublist, uint32_t seed,
                                       int32_t *dist)
{
    list_node *d_node = NULL;
    int32_t *d_dist = NULL;
    ruling_set_work w;
    ruling_set_alloc(&w, n, head, sublist, seed);
    CUDA_CHECK(cudaMalloc(&d_node, (size_t)n * sizeof *d_node));
    CUDA_CHECK(cudaMalloc(&d_dist, (size_t)n * sizeof *d_dist));
    CUDA_CHECK(cudaMemcpy(d_node, node, (size_t)n * sizeof *d_node, cudaMemcpyHostToDevice));
    ruling_set_rank_device(&w, d_node, n, head, sublist, seed, d_dist);
    CUDA_CHECK(cudaMemcpy(dist, d_dist, (size_t)n * sizeof *dist, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_node));
    CUDA_CHECK(cudaFree(d_dist));
    ruling_set_release(&w);
    return w.rulers;
}
#endif
