/* atomics_histogram.h - the launch function atomics_histogram.c calls
 * (gpu/atomics_histogram.cu). */
#ifndef CH01_ATOMICS_HISTOGRAM_H
#define CH01_ATOMICS_HISTOGRAM_H

#ifdef __cplusplus
extern "C" {
#endif

#define HISTOGRAM_MAX_BINS 256

typedef enum { HISTOGRAM_GLOBAL = 0, HISTOGRAM_SHARED = 1, HISTOGRAM_PLAIN = 2 } histogram_kind;

/* counts[b] = how many of v[0..n-1] equal b, for bins 0..bins-1 (every v[i]
 * is below bins). GLOBAL: every thread adds into the one histogram in device
 * memory; SHARED: each block counts into its own copy in shared memory first;
 * PLAIN: the trap, GLOBAL with counts[v[i]]++ instead of atomicAdd (updates
 * are lost, and the emulator reports the race). */
void gpu_histogram(const unsigned char *v, int n, int bins, histogram_kind kind, unsigned *counts);

/* The same kernels on the CPU emulator (gpu/atomics_histogram_emu.cpp): 0,
 * or 1 after the emulator reported an error (stderr). */
int emu_histogram(const unsigned char *v, int n, int bins, histogram_kind kind, unsigned *counts);

#ifdef __cplusplus
}
#endif

#endif
