/* device_reduce.h - the chapter's reduction grown to the whole GPU
 * (device_reduce.cu): grid-stride 16-byte loads into several accumulators per
 * thread, warp shuffles, the block tree, then a one-block final kernel over
 * the block partials. No floating-point atomics: for a given GPU and n the
 * order of every addition is fixed, so the result is the same bits every run,
 * and device_reduce_emulate.c can compute those bits on the CPU. */
#ifndef CH03_DEVICE_REDUCE_H
#define CH03_DEVICE_REDUCE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define REDUCE_THREADS 256    /* threads per block of the main kernel */
#define REDUCE_ACCUMULATORS 4 /* independent loads in flight per thread */
#define REDUCE_FINAL_THREADS 256
#define REDUCE_MAX_N (UINT64_C(1) << 30)

typedef enum { ELEM_FLOAT = 4, ELEM_DOUBLE = 8 } elem_type;

/* Everything that fixes the order of the additions. */
typedef struct {
    int blocks, threads, accumulators, vector_width, final_threads;
    size_t head; /* scalar elements before the first 16-byte boundary */
} reduce_geometry;

/* Device buffers and geometry, made once, outside any timed region. */
typedef struct {
    elem_type type;
    size_t n, offset; /* the input is d_base + offset elements: --offset tests alignment */
    void *d_base;     /* n + offset elements */
    void *d_partials; /* one per block */
    void *d_out;      /* one element */
    reduce_geometry geometry;
} device_reduce_plan;

void device_reduce_plan_create(device_reduce_plan *plan, elem_type type, size_t n, size_t offset);
void device_reduce_plan_destroy(device_reduce_plan *plan);
/* Copies n host elements (float or double, as the plan's type) to the device. */
void device_reduce_upload(device_reduce_plan *plan, const void *host_x);
/* Launches both kernels on the default stream (no synchronisation). */
void device_reduce_launch(device_reduce_plan *plan);
/* Waits and returns the result (a float result converted to double). */
double device_reduce_result(device_reduce_plan *plan);
/* Median ms (and spread) of device_reduce_launch, event-timed, after a warm-up. */
double device_reduce_time_ms(device_reduce_plan *plan, int reps, double *spread);

/* Both kernels, their own source, on the CPU emulator (gpu/device_reduce_emu.cpp):
 * n host elements of `type` copied `offset` elements past an aligned device
 * address, the geometry device_reduce picks on a GPU of `sms`
 * multiprocessors holding `blocks_per_sm` blocks each (written to
 * *geometry). 0 with the sum in *result, or 1 after the emulator reported an
 * error (stderr). */
int emu_device_reduce(elem_type type, const void *host_x, size_t n, size_t offset, int sms, int blocks_per_sm,
                      reduce_geometry *geometry, double *result);

/* cub::DeviceReduce::Sum on the same device input (device_reduce_cub.cu):
 * temp storage allocated once before timing; *result is CUB's sum. */
double cub_reduce_time_ms(device_reduce_plan *plan, int reps, double *spread, double *result);

/* The same CUB call, one launch at a time, for timing it interleaved with
 * ours: _create allocates CUB's temp storage (before any timing), _launch
 * enqueues one cub::DeviceReduce::Sum into the plan's d_out. */
typedef struct cub_reduce cub_reduce;
cub_reduce *cub_reduce_create(device_reduce_plan *plan);
void cub_reduce_launch(cub_reduce *c);
void cub_reduce_destroy(cub_reduce *c);

#ifdef __cplusplus
}
#endif

#endif
