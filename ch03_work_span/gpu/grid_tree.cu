/* grid_tree.cu - the tree of section 3.2 with p threads anywhere on the GPU.
 *
 * The levels need a barrier across all p threads. Within one block that is
 * __syncthreads(); across blocks it is a grid-wide barrier, which needs a
 * cooperative launch (every block resident at once) and the C++
 * cooperative_groups API: the one place this file needs C++. */
#include "cuda_check.h"
#include "grid_tree.h"

#include <cooperative_groups.h>

namespace cg = cooperative_groups;

// [listing grid-tree]
/* p = gridDim.x * blockDim.x threads; thread g does the pairs g, g + p, ...
 * of each level, so a level of `pairs` additions takes ceil(pairs / p) rounds:
 * Brent's W/p. The grid-wide barrier after each level is the span's cost. x is
 * read by level 0 only; the levels after take turns in a and b. */
__global__ void __launch_bounds__(GRID_TREE_BLOCK, 2)
    grid_tree_sum(const double *x, double *a, double *b, int n, double *out)
{
    /* BEGIN SOLUTION */
    cg::grid_group grid = cg::this_grid();
    const int p = gridDim.x * blockDim.x;
    const int g = blockIdx.x * blockDim.x + threadIdx.x;
    const double *src = x;
    double *dst = a;
    for (int m = n; m > 1; m = m / 2 + m % 2) {
        const int pairs = m / 2;
        for (int i = g; i < pairs; i += p)
            dst[i] = src[2 * i] + src[2 * i + 1];
        if (m % 2 == 1 && g == 0)
            dst[pairs] = src[m - 1];
        grid.sync(); /* every thread of every block, then the next level */
        src = dst;
        dst = (dst == a) ? b : a;
    }
    if (g == 0)
        *out = src[0];
    /* STUDENT: optional: block_tree_sum's levels over the whole grid, grid.sync() between levels (3.3; not graded).
    // Blanked because it would give block_tree_sum away.
    (void)x; (void)a; (void)b; (void)n;
    if (blockIdx.x == 0 && threadIdx.x == 0)
        *out = 0;
    */
    /* END SOLUTION */
}
// [end]

#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/grid_tree_emu.cpp takes the kernel alone */
extern "C" void gpu_grid_tree_limits(grid_tree_limits *out)
{
    int device = 0, coop = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, device));
    CUDA_CHECK(cudaDeviceGetAttribute(&out->sms, cudaDevAttrMultiProcessorCount, device));
    CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&out->blocks_per_sm, grid_tree_sum, GRID_TREE_BLOCK, 0));
    if (!coop || out->blocks_per_sm < 1) {
        fprintf(stderr, "error: this GPU cannot launch the grid tree cooperatively\n");
        exit(EXIT_MISMATCH);
    }
}

typedef struct {
    const double *x;
    double *a, *b, *out;
    int n, blocks, threads;
} grid_tree_ctx;

static void launch_grid_tree(void *p)
{
    grid_tree_ctx *c = (grid_tree_ctx *)p;
    void *args[] = { &c->x, &c->a, &c->b, &c->n, &c->out };
    CUDA_CHECK(cudaLaunchCooperativeKernel((const void *)grid_tree_sum, dim3(c->blocks), dim3(c->threads), args, 0, 0));
    CUDA_CHECK_LAUNCH();
}

extern "C" void gpu_grid_tree_sweep(const double *x, int n, grid_tree_run *runs, int count, int timed, int max_reps)
{
    grid_tree_limits lim;
    gpu_grid_tree_limits(&lim);
    if (n < 1 || n > GRID_TREE_MAX_N || max_reps < 1) {
        fprintf(stderr, "error: grid tree: n = %d out of range\n", n);
        exit(EXIT_MISMATCH);
    }
    grid_tree_ctx c = { NULL, NULL, NULL, NULL, n, 1, 1 };
    double *d_x = NULL;
    const size_t half = (size_t)n / 2 + 1;
    CUDA_CHECK(cudaMalloc(&d_x, (size_t)n * sizeof *d_x));
    CUDA_CHECK(cudaMalloc(&c.a, half * sizeof *c.a));
    CUDA_CHECK(cudaMalloc(&c.b, half * sizeof *c.b));
    CUDA_CHECK(cudaMalloc(&c.out, sizeof *c.out));
    CUDA_CHECK(cudaMemcpy(d_x, x, (size_t)n * sizeof *d_x, cudaMemcpyHostToDevice));
    c.x = d_x;
    for (int i = 0; i < count; i++) {
        grid_tree_run *r = &runs[i];
        /* launch configuration: every block must be resident at once */
        if (r->threads < 1 || r->threads > GRID_TREE_BLOCK || r->blocks < 1 ||
            r->blocks > lim.sms * lim.blocks_per_sm || (r->blocks > 1 && r->threads != GRID_TREE_BLOCK)) {
            fprintf(stderr, "error: grid tree: %d blocks of %d threads cannot all be resident\n", r->blocks,
                    r->threads);
            exit(EXIT_MISMATCH);
        }
        c.blocks = r->blocks;
        c.threads = r->threads;
        CUDA_CHECK(cudaMemset(c.out, 0xff, sizeof *c.out)); /* NaN until written */
        r->ms = r->spread = 0.0;
        r->reps = 0;
        if (timed) {
            /* one run to see how long it takes: long runs get fewer repetitions */
            gpu_timer t;
            gpu_timer_create(&t);
            gpu_timer_start(&t);
            launch_grid_tree(&c);
            const double once = gpu_timer_stop_ms(&t);
            gpu_timer_destroy(&t);
            int reps = once > 0.0 ? (int)(1000.0 / once) : max_reps; /* about 1 s each */
            reps = reps < 3 ? 3 : (reps > max_reps ? max_reps : reps);
            r->ms = gpu_median_ms(launch_grid_tree, &c, 1, reps, &r->spread);
            r->reps = reps;
        } else {
            launch_grid_tree(&c);
        }
        CUDA_CHECK(cudaMemcpy(&r->sum, c.out, sizeof r->sum, cudaMemcpyDeviceToHost));
    }
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(c.a));
    CUDA_CHECK(cudaFree(c.b));
    CUDA_CHECK(cudaFree(c.out));
}
#endif
