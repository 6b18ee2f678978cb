/* coalescing.h - the launch functions coalescing.c calls (gpu/coalescing.cu). */
#ifndef CH01_COALESCING_H
#define CH01_COALESCING_H

#include "access_pattern.h"

#ifdef __cplusplus
extern "C" {
#endif

/* One copy of the program: a 1-D gather (two_d = 0: out[t] = in[element]),
 * or the 2-D copy of a matrix of rows of COPY_ROW_FLOATS floats (two_d = 1,
 * transposed = 1 for the trap). */
typedef struct {
    const char *name;
    int two_d;
    gather_kind kind;  /* 1-D only */
    int stride;        /* GATHER_STRIDED only */
    int transposed;    /* 2-D only */
    int must_coalesce; /* the copy is meant to read whole sectors: checked */
} copy_case;

/* Copies in (n floats) and perm (n indices, a permutation) to the GPU,
 * where every later call reads them; n is a multiple of 32 * COPY_ROW_FLOATS. */
void gpu_copy_setup(const float *in, const unsigned *perm, long long n);

/* Runs the copy `warmup` times untimed, then `reps` times, each timed with
 * CUDA events; returns the median in milliseconds and leaves the last
 * copy's result in out (n floats, host). */
double gpu_copy_time(const copy_case *c, int warmup, int reps, float *out);

/* Frees what gpu_copy_setup allocated. */
void gpu_copy_teardown(void);

#ifdef __cplusplus
}
#endif

#endif
