/* virtual_blocks.h - where the GPU kernels find element v of a "virtual"
 * array whose blocks are padded to a power of two.
 *
 * Why: every canonical expression of this chapter is made of complete
 * aligned power-of-two subtrees. When a block length B is not a power of two
 * (block_dyadic<3>, say), we lay block b out in P = 2^log_p >= B slots,
 * slot j < B holding x[b*B + j] and the slots j >= B holding -0.0. -0.0 is
 * the exact additive identity (x + -0.0 == x for every x, +0.0 included), so
 * a balanced tree over P slots returns exactly the pairwise value of the B
 * real elements, and every block starts on a power-of-two boundary.
 * With B == P (and B large) the mapping is the identity.
 *
 * Plain C, used by the kernels (nvcc) and by the CPU emulation (gcc). */
#ifndef CANONICAL_SCAN_VIRTUAL_BLOCKS_H
#define CANONICAL_SCAN_VIRTUAL_BLOCKS_H

#include <stdint.h>

#ifdef __CUDACC__
#define CANON_FN static __host__ __device__ inline
#else
#define CANON_FN static inline
#endif
/* Full unrolling keeps small arrays in registers on the device; the host
 * compiler does not know the pragma (and needs no help). */
#ifdef __CUDA_ARCH__
#define CANON_UNROLL _Pragma("unroll")
#define CANON_NO_UNROLL _Pragma("unroll 1") /* a rolled loop: fewer live registers */
#else
#define CANON_UNROLL
#define CANON_NO_UNROLL
#endif

/* The value every padding slot holds: the exact identity of +. */
#define PAD_IDENTITY (-0.0)

typedef struct {
    const double *x; /* the real elements */
    uint64_t n;      /* how many there are */
    uint64_t block;  /* B: real elements per block */
    unsigned log_p;  /* P = 2^log_p >= B slots per block */
    uint64_t nvirt;  /* slots in use: up to and including the last real element */
} virtual_view;

/* The identity view of x[0..n-1]: one block that is larger than any array. */
CANON_FN virtual_view virtual_identity(const double *x, uint64_t n)
{
    virtual_view v = { x, n, UINT64_C(1) << 62, 62, n };
    return v;
}

/* Smallest k with 2^k >= m (m >= 1). */
CANON_FN unsigned ceil_log2_u64(uint64_t m)
{
    unsigned k = 0;
    while (k < 63 && (UINT64_C(1) << k) < m)
        k++;
    return k;
}

/* Blocks of `block` real elements padded to 2^log_p slots (log_p chosen by
 * the caller, 2^log_p >= block). */
CANON_FN virtual_view virtual_blocks(const double *x, uint64_t n, uint64_t block, unsigned log_p)
{
    virtual_view v = { x, n, block, log_p, 0 };
    if (n > 0)
        v.nvirt = ((n - 1) / block << log_p) + (n - 1) % block + 1;
    return v;
}

/* The real index behind slot s; 0 when the slot is padding. */
CANON_FN int virtual_real_index(const virtual_view *v, uint64_t s, uint64_t *real)
{
    const uint64_t j = s & ((UINT64_C(1) << v->log_p) - 1);
    if (j >= v->block || s >= v->nvirt)
        return 0;
    const uint64_t r = (s >> v->log_p) * v->block + j;
    if (r >= v->n)
        return 0;
    *real = r;
    return 1;
}

/* Slot s: the real element, or the identity for padding. */
CANON_FN double virtual_load(const virtual_view *v, uint64_t s)
{
    uint64_t r;
    return virtual_real_index(v, s, &r) ? v->x[r] : PAD_IDENTITY;
}

#endif
