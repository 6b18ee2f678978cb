/* wyllie_packed.cu - 11.2 and 11.4: pointer jumping (Wyllie) on packed
 * {next, dist} nodes. The same rounds as pointer_jump.cu, but the random
 * read of each round fetches the successor's pair with one 8-byte load. */
#include "cuda_check.h"
#include "launch_check.h"
#include "list_gpu.h"
#include "wyllie_packed_device.h"
#include "wyllie_packed_node.h"

#define THREADS 256
#define MAX_ROUNDS 64 /* a validated list of at most 2^28 nodes needs 28 */

__global__ void wyllie_packed_init(const list_node *node, int32_t n, jump_link *link)
{
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        link[i] = jump_link_init(node[i]);
}

// [listing wyllie-packed-round]
/* One round, one thread per node; linked (may be NULL) as in
 * pointer_jump_round. */
__global__ void wyllie_packed_round(const jump_link *in, jump_link *out, int32_t n, int32_t *linked)
{
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    int still_linked = 0;
    if (i < n)
        still_linked = pointer_jump_packed_node((int32_t)i, in, out);
    if (__syncthreads_or(still_linked) && threadIdx.x == 0 && linked != NULL)
        *linked = 1;
}
// [end]

/* the answer: the dist half of every pair, coalesced */
__global__ void wyllie_packed_dist(const jump_link *link, int32_t n, int32_t *dist)
{
    const int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        dist[i] = link[i].dist;
}

#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/wyllie_packed_emu.cpp takes the kernels alone */
static int wyllie_packed_device(const list_node *d_node, int32_t n, jump_link *d_link[2], int32_t *d_linked,
                                int32_t *d_dist)
{
    const unsigned blocks = blocks_for(n, THREADS);
    wyllie_packed_init<<<blocks, THREADS>>>(d_node, n, d_link[0]);
    CUDA_CHECK_LAUNCH();
    int hint = 0; /* ceil(log2 n): the rounds run without asking the GPU */
    while (((int64_t)1 << hint) < n)
        hint++;
    int rounds = 0, linked = n > 1;
    while (linked) {
        if (rounds == MAX_ROUNDS) {
            fprintf(stderr, "error: pointer jumping did not converge in %d rounds\n", MAX_ROUNDS);
            exit(EXIT_MISMATCH);
        }
        const int ask = rounds + 1 >= hint;
        if (ask)
            CUDA_CHECK(cudaMemsetAsync(d_linked, 0, sizeof *d_linked));
        wyllie_packed_round<<<blocks, THREADS>>>(d_link[0], d_link[1], n, ask ? d_linked : NULL);
        CUDA_CHECK_LAUNCH();
        jump_link *t = d_link[0];
        d_link[0] = d_link[1];
        d_link[1] = t; /* ping-pong */
        rounds++;
        if (ask) {
            int32_t flag = 0;
            CUDA_CHECK(cudaMemcpy(&flag, d_linked, sizeof flag, cudaMemcpyDeviceToHost));
            linked = flag != 0;
        }
    }
    wyllie_packed_dist<<<blocks, THREADS>>>(d_link[0], n, d_dist);
    CUDA_CHECK_LAUNCH();
    return rounds;
}

void wyllie_packed_alloc(wyllie_packed_work *w, int32_t n)
{
    CUDA_CHECK(cudaMalloc(&w->buf, 2 * (size_t)n * sizeof *w->buf));
    CUDA_CHECK(cudaMalloc(&w->linked, sizeof *w->linked));
    w->n = n;
}

void wyllie_packed_release(wyllie_packed_work *w)
{
    CUDA_CHECK(cudaFree(w->buf));
    CUDA_CHECK(cudaFree(w->linked));
}

int wyllie_packed_rank_device(wyllie_packed_work *w, const list_node *d_node, int32_t *d_dist)
{
    jump_link *link[2] = { w->buf, w->buf + w->n };
    return wyllie_packed_device(d_node, w->n, link, w->linked, d_dist);
}

extern "C" int gpu_wyllie_packed_rank(const list_node *node, int32_t n, int32_t *dist)
{
    list_node *d_node = NULL;
    int32_t *d_dist = NULL;
    wyllie_packed_work w;
    wyllie_packed_alloc(&w, n);
    CUDA_CHECK(cudaMalloc(&d_node, (size_t)n * sizeof *d_node));
    CUDA_CHECK(cudaMalloc(&d_dist, (size_t)n * sizeof *d_dist));
    CUDA_CHECK(cudaMemcpy(d_node, node, (size_t)n * sizeof *d_node, cudaMemcpyHostToDevice));
    const int rounds = wyllie_packed_rank_device(&w, d_node, d_dist);
    CUDA_CHECK(cudaMemcpy(dist, d_dist, (size_t)n * sizeof *dist, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_node));
    CUDA_CHECK(cudaFree(d_dist));
    wyllie_packed_release(&w);
    return rounds;
}
#endif
