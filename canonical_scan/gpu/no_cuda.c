/* no_cuda.c - what canonical_scan's programs link instead of its gpu/ .cu files when the
 * companion is built without nvcc (make NVCC=). Every CPU path works as
 * usual; a GPU path never gets here, because the program asks first
 * (cli_resolve_on, gpu_require_device) and gets "built without CUDA". If one
 * of these is reached all the same, it says so and exits 77 like a missing
 * GPU. Parameters are unused on purpose: the stubs only keep the link whole. */
#pragma GCC diagnostic ignored "-Wunused-parameter"

#include "no_cuda.h"

#include "canonical_gpu.h"
#include "canonical_gpu_plan.h"
#include "cub_baseline.h"
#include "device_buffers.h"
#include "cub_levels.h"
#include "classic_scans.h"

/* gpu/cub_baseline.cu */
cub_baseline *cub_baseline_create(size_t n)
{
    no_cuda(__func__);
}
void cub_baseline_reduce(cub_baseline *c, const double *d_x, double *d_sum)
{
    no_cuda(__func__);
}
void cub_baseline_inclusive_scan(cub_baseline *c, const double *d_x, double *d_out)
{
    no_cuda(__func__);
}
void cub_baseline_destroy(cub_baseline *c)
{
    no_cuda(__func__);
}

/* gpu/device_buffers.cu */
double *device_doubles(size_t n)
{
    no_cuda(__func__);
}
void device_free(double *d)
{
    no_cuda(__func__);
}
void device_upload(double *d, const double *h, size_t n)
{
    no_cuda(__func__);
}
void device_download(double *h, const double *d, size_t n)
{
    no_cuda(__func__);
}
void device_sync(void)
{
    no_cuda(__func__);
}
double device_median_ms(void (*launch)(void *ctx), void *ctx, int warmup, int reps, double *spread)
{
    no_cuda(__func__);
}

/* gpu/gpu_reduce.cu */
gpu_reduce_plan *gpu_reduce_plan_create(size_t n, unsigned lanes)
{
    no_cuda(__func__);
}
const double *gpu_reduce_plan_run(gpu_reduce_plan *plan, const double *d_x)
{
    no_cuda(__func__);
}
int gpu_reduce_plan_passes(const gpu_reduce_plan *plan, int *fast)
{
    no_cuda(__func__);
}
void gpu_reduce_plan_destroy(gpu_reduce_plan *plan)
{
    no_cuda(__func__);
}
double gpu_canonical_reduce(const double *x, size_t n, unsigned lanes, int has_init, double init)
{
    no_cuda(__func__);
}
double gpu_block_dyadic_reduce(const double *x, size_t n, unsigned block, int has_init, double init)
{
    no_cuda(__func__);
}

/* gpu/gpu_scan.cu */
gpu_scan_plan *gpu_scan_plan_create(size_t n, unsigned block)
{
    no_cuda(__func__);
}
void gpu_scan_plan_run(gpu_scan_plan *plan, const double *d_x, double *d_out, int exclusive, int has_init, double init)
{
    no_cuda(__func__);
}
void gpu_scan_plan_check(gpu_scan_plan *plan)
{
    no_cuda(__func__);
}
size_t gpu_scan_plan_tiles(const gpu_scan_plan *plan, unsigned *tile)
{
    no_cuda(__func__);
}
int gpu_scan_plan_resident_tiles(const gpu_scan_plan *plan)
{
    no_cuda(__func__);
}
void gpu_scan_plan_destroy(gpu_scan_plan *plan)
{
    no_cuda(__func__);
}
void gpu_block_dyadic_scan(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init,
                           double init)
{
    no_cuda(__func__);
}
void gpu_iterated_pairwise_scan(const double *x, double *out, size_t n, int exclusive, int has_init, double init)
{
    no_cuda(__func__);
}
void gpu_left_fold_scan(const double *x, double *out, size_t n, int exclusive, int has_init, double init)
{
    no_cuda(__func__);
}

/* gpu/cub_levels.cu */
int cub_levels_available(void)
{
    no_cuda(__func__);
}
int cub_levels_cccl_version(void)
{
    no_cuda(__func__);
}
cub_levels *cub_levels_create(size_t n)
{
    no_cuda(__func__);
}
void cub_levels_reduce(cub_levels *c, cub_level level, const double *d_x, double *d_sum)
{
    no_cuda(__func__);
}
void cub_levels_inclusive_scan(cub_levels *c, cub_level level, const double *d_x, double *d_out)
{
    no_cuda(__func__);
}
void cub_levels_destroy(cub_levels *c)
{
    no_cuda(__func__);
}
double cub_levels_time_once_ms(void (*launch)(void *ctx), void *ctx)
{
    no_cuda(__func__);
}

/* gpu/classic_scans.cu, gpu/cub_block_probe.cu */
void classic_gpu_tile_scan(int net, const double *x, double *out, size_t n, unsigned threads, int exclusive,
                           int mistake)
{
    no_cuda(__func__);
}
void classic_gpu_warp_scan(const double *x, double *out, size_t n)
{
    no_cuda(__func__);
}
classic_device_plan *classic_device_plan_create(size_t n)
{
    no_cuda(__func__);
}
void classic_device_scan_enqueue(classic_device_plan *p, int net, const double *d_x, double *d_out, size_t n)
{
    no_cuda(__func__);
}
void classic_device_plan_destroy(classic_device_plan *p)
{
    no_cuda(__func__);
}
const char *cub_probe_name(int probe)
{
    no_cuda(__func__);
}
void cub_block_probe(int probe, const double *x, double *out)
{
    no_cuda(__func__);
}
