/* list_types.h - the small types that host C code and CUDA kernels share.
 *
 * The per-node step functions of this chapter are written once, here and
 * in the *_node.h headers, and compiled twice: by gcc for the CPU
 * emulation and by nvcc inside the kernels. LIST_HD marks them. */
#ifndef CH11_LIST_TYPES_H
#define CH11_LIST_TYPES_H

#include <stdint.h>

#ifdef __CUDACC__
#define LIST_HD __host__ __device__ static inline
#else
#define LIST_HD static inline
#endif

/* 8-byte alignment lets a kernel fetch a whole pair in one load (C11
 * spells it _Alignas, C++ alignas: nvcc compiles these headers as C++). */
#ifdef __cplusplus
#define LIST_ALIGN8 alignas(8)
#else
#define LIST_ALIGN8 _Alignas(8)
#endif

#define LIST_NULL (-1)

/* One node of the pool, as the input file writes it: `value next`. */
typedef struct {
    LIST_ALIGN8 int32_t value;
    int32_t next; /* index of the successor, LIST_NULL for the tail */
} list_node;

/* Called after every pointer-jumping round (round 0 = the initial state)
 * with that round's arrays, for the round-by-round trace. */
typedef void (*round_observer)(int round, const int32_t *next, const int32_t *dist, int32_t n, void *ctx);

#endif
