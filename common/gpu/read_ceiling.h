/* read_ceiling.h - the read-only bandwidth ceiling (gpu/read_ceiling.cu): a
 * kernel that only reads, 16-byte loads, grid-stride, several loads in
 * flight per thread, and adds every 64-bit word it read (wrapping), so the
 * compiler cannot drop a load and the caller can check that every byte was
 * read. A reduction reads N bytes and writes almost nothing: it is judged
 * against this kernel on the same bytes, not against a copy (which reads and
 * writes). Used by bench/read_ceiling.c and, on its own input in the same
 * run, by the reduction benchmarks. */
#ifndef COMMON_READ_CEILING_H
#define COMMON_READ_CEILING_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct read_ceiling read_ceiling;

/* Reads `bytes` at d_in: 16-byte aligned (cudaMalloc's addresses are),
 * bytes a positive multiple of 8. Scratch is allocated here, never while
 * timed. */
read_ceiling *read_ceiling_create(const void *d_in, size_t bytes);
/* Enqueues one read of every byte (default stream, no synchronisation). */
void read_ceiling_launch(read_ceiling *r);
/* Waits; the wrapping sum of the 64-bit words the last launch read. */
uint64_t read_ceiling_sum(read_ceiling *r);
void read_ceiling_destroy(read_ceiling *r);

/* A device buffer of `bytes` (a multiple of 8) whose 64-bit word i holds
 * i * READ_CEILING_STEP, and the sum read_ceiling_sum must then return. */
#define READ_CEILING_STEP UINT64_C(0x9E3779B97F4A7C15)
void *read_ceiling_filled_buffer(size_t bytes);
void read_ceiling_free(void *d);
static inline uint64_t read_ceiling_filled_sum(size_t bytes)
{
    const uint64_t m = bytes / 8; /* sum of i * STEP for i < m = STEP * m (m - 1) / 2, mod 2^64 */
    const uint64_t half = m % 2 == 0 ? (m / 2) * (m - 1) : m * ((m - 1) / 2);
    return half * READ_CEILING_STEP;
}

#ifdef __cplusplus
}
#endif

#endif
