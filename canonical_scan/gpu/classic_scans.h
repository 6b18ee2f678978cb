/* classic_scans.h - the classic networks' kernels for C programs (defined in
 * classic_scans.cu and cub_block_probe.cu; gpu/no_cuda.c stands in without
 * nvcc). Host arrays in and out unless a name says device; every CUDA error
 * prints one `error:` line and exits. */
#ifndef CANONICAL_SCAN_CLASSIC_SCANS_H
#define CANONICAL_SCAN_CLASSIC_SCANS_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* classic_tile_scan: every tile of `threads` elements (a power of two,
 * 32 .. 1024) scanned on its own by network `net` (classic_network);
 * mistake: 0, or a trap of classic_block_scans.cuh (1 in place, 2 no clear). */
void classic_gpu_tile_scan(int net, const double *x, double *out, size_t n, unsigned threads, int exclusive,
                           int mistake);
/* classic_warp_scan: every 32 elements by the warp's shuffles. */
void classic_gpu_warp_scan(const double *x, double *out, size_t n);

/* The device-wide inclusive scan of network `net` on device arrays, with its
 * look-back buffers allocated once for up to n elements. */
typedef struct classic_device_plan classic_device_plan;
classic_device_plan *classic_device_plan_create(size_t n);
void classic_device_scan_enqueue(classic_device_plan *p, int net, const double *d_x, double *d_out, size_t n);
void classic_device_plan_destroy(classic_device_plan *p);

/* CUB's own block-level scans of one tile of CLASSIC_PROBE_TILE doubles
 * (cub_block_probe.cu): WarpScan's InclusiveSum over each warp, and
 * BlockScan's InclusiveSum with each of its three algorithms. */
#define CLASSIC_PROBE_TILE 256
enum { CUB_WARP_SCAN, CUB_BLOCK_RAKING, CUB_BLOCK_RAKING_MEMOIZE, CUB_BLOCK_WARP_SCANS, CUB_PROBES };
const char *cub_probe_name(int probe);
void cub_block_probe(int probe, const double *x, double *out);

#ifdef __cplusplus
}
#endif

#endif
