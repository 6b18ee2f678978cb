/* vector_loads.h - the launch function vector_loads.c calls (gpu/vector_loads.cu). */
#ifndef CH01_VECTOR_LOADS_H
#define CH01_VECTOR_LOADS_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    COPY_SCALAR = 0,   /* one float per thread */
    COPY_FLOAT4 = 1,   /* four floats per thread, one 16-byte load and store */
    COPY_CP_ASYNC = 2, /* float4 tiles staged through shared memory by cp.async */
    COPY_DOUBLE2 = 3,  /* two doubles per thread, one 16-byte load and store */
    COPY_KINDS = 4
} copy_kind;

/* out = in for n elements (floats, or doubles for COPY_DOUBLE2); returns the
 * number of threads launched. */
long long gpu_copy(const void *in, void *out, int n, copy_kind kind);

/* The trap of section 1.9: copy_float4 on the n - 1 floats that start one
 * float past the allocation's start (in + 1, out + 1), 4 bytes from a
 * 16-byte boundary. A float4 load there is a misaligned address: the kernel
 * fails and the next checked call stops the program. */
void gpu_copy_float4_shifted(const float *in, float *out, int n);

#ifdef __cplusplus
}
#endif

#endif
