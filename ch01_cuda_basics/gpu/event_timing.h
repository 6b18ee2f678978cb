/* event_timing.h - the launch function event_timing.c calls (gpu/event_timing.cu). */
#ifndef CH01_EVENT_TIMING_H
#define CH01_EVENT_TIMING_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct {
    double first_ms;  /* the very first launch, timed alone */
    double median_ms; /* of `reps` launches after `warmup` untimed ones */
    double min_ms, max_ms;
} scale_timing;

/* y[i] = a * x[i] for n floats, launched 1 + warmup + reps times, timed with
 * CUDA events; y receives the result. */
void gpu_scale_timed(float a, const float *x, float *y, int n, int warmup, int reps, scale_timing *t);

/* The trap of section 1.8, three clocks on one launch each time: the host
 * clock around the launch call alone, the host clock around the launch and a
 * wait for the GPU, and CUDA events. Medians of `reps` launches after
 * `warmup` untimed ones. */
typedef struct {
    double host_no_wait_ms; /* host clock: the launch call returned */
    double host_wait_ms;    /* host clock: the launch, then cudaDeviceSynchronize */
    double event_ms;        /* CUDA events around the same launch */
} host_clock_timing;

void gpu_scale_host_clock(float a, const float *x, float *y, int n, int warmup, int reps, host_clock_timing *t);

#ifdef __cplusplus
}
#endif

#endif
