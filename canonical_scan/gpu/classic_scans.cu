/* classic_scans.cu - host side of the classic networks' kernels
 * (classic_block_scans.cuh); see classic_scans.h. */
#include "classic_scans.h"
#include "classic_block_scans.cuh"
#include "cuda_check.h"

#include <stdint.h>

static void check_threads(unsigned threads)
{
    if (threads < 32 || threads > CLASSIC_MAX_THREADS || (threads & (threads - 1)) != 0) {
        fprintf(stderr, "error: a tile takes a power of two of 32 .. %d threads, got %u\n", CLASSIC_MAX_THREADS,
                threads);
        exit(EXIT_BAD_INPUT);
    }
}

/* Device copies of x and room for the output. */
static void upload(const double *x, size_t n, double **d_x, double **d_out)
{
    CUDA_CHECK(cudaMalloc(d_x, n * sizeof(double)));
    CUDA_CHECK(cudaMalloc(d_out, n * sizeof(double)));
    CUDA_CHECK(cudaMemcpy(*d_x, x, n * sizeof(double), cudaMemcpyHostToDevice));
}

static void finish(double *out, size_t n, double *d_x, double *d_out)
{
    CUDA_CHECK(cudaDeviceSynchronize());
    CUDA_CHECK(cudaMemcpy(out, d_out, n * sizeof(double), cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_x));
    CUDA_CHECK(cudaFree(d_out));
}

extern "C" void classic_gpu_tile_scan(int net, const double *x, double *out, size_t n, unsigned threads, int exclusive,
                                      int mistake)
{
    check_threads(threads);
    double *d_x, *d_out;
    upload(x, n, &d_x, &d_out);
    const unsigned tiles = (unsigned)((n + threads - 1) / threads);
    classic_tile_scan<<<tiles, threads>>>(d_x, d_out, (uint64_t)n, net, exclusive, mistake);
    CUDA_CHECK_LAUNCH();
    finish(out, n, d_x, d_out);
}

extern "C" void classic_gpu_warp_scan(const double *x, double *out, size_t n)
{
    double *d_x, *d_out;
    upload(x, n, &d_x, &d_out);
    classic_warp_scan<<<(unsigned)((n + 127) / 128), 128>>>(d_x, d_out, (uint64_t)n);
    CUDA_CHECK_LAUNCH();
    finish(out, n, d_x, d_out);
}

struct classic_device_plan {
    classic_lookback lb;
    uint64_t slots;
};

static uint64_t lookback_slots(uint64_t tiles)
{
    uint64_t slots = 0;
    for (uint64_t t = tiles;; t >>= 1) { /* level l holds (tiles >> l) + 1 nodes */
        slots += t + 1;
        if (t == 0)
            return slots;
    }
}

extern "C" classic_device_plan *classic_device_plan_create(size_t n)
{
    classic_device_plan *p = (classic_device_plan *)calloc(1, sizeof *p);
    if (p == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_BAD_INPUT);
    }
    p->lb.tiles = (n + CLASSIC_TILE - 1) / CLASSIC_TILE;
    p->slots = lookback_slots(p->lb.tiles);
    CUDA_CHECK(cudaMalloc(&p->lb.node_value, p->slots * sizeof(double)));
    CUDA_CHECK(cudaMalloc(&p->lb.node_flag, p->slots * sizeof(unsigned)));
    CUDA_CHECK(cudaMalloc(&p->lb.next_tile, sizeof(unsigned long long)));
    return p;
}

extern "C" void classic_device_scan_enqueue(classic_device_plan *p, int net, const double *d_x, double *d_out, size_t n)
{
    classic_lookback lb = p->lb;
    lb.tiles = (n + CLASSIC_TILE - 1) / CLASSIC_TILE;
    if (n == 0 || lb.tiles > p->lb.tiles) {
        fprintf(stderr, "error: the plan holds up to %llu tiles, asked for %zu elements\n",
                (unsigned long long)p->lb.tiles, n);
        exit(EXIT_BAD_INPUT);
    }
    /* every flag unpublished, the tile counter at 0: part of every run */
    CUDA_CHECK(cudaMemsetAsync(lb.node_flag, 0, lookback_slots(lb.tiles) * sizeof(unsigned)));
    CUDA_CHECK(cudaMemsetAsync(lb.next_tile, 0, sizeof(unsigned long long)));
    classic_device_scan<<<(unsigned)lb.tiles, CLASSIC_TILE>>>(d_x, d_out, (uint64_t)n, net, lb);
    CUDA_CHECK_LAUNCH();
}

extern "C" void classic_device_plan_destroy(classic_device_plan *p)
{
    if (p == NULL)
        return;
    CUDA_CHECK(cudaFree(p->lb.node_value));
    CUDA_CHECK(cudaFree(p->lb.node_flag));
    CUDA_CHECK(cudaFree(p->lb.next_tile));
    free(p);
}
