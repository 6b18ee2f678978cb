/* rng.h - the two random number generators of the companion.
 *
 * lcg64:      the P4016R0 data set generator (64-bit LCG, top 53 bits mapped
 *             to [-1, 1)); the canonical-scan golden values depend on it.
 * splitmix64: a fast, well-mixed generator for everything else (random
 *             lists, test operands, benchmark inputs).
 * Both are tiny and fully specified here so CPU and GPU can produce the
 * same numbers. */
#ifndef COMMON_RNG_H
#define COMMON_RNG_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define LCG64_DEFAULT_SEED UINT64_C(0x243F6A8885A308D3)

typedef struct {
    uint64_t state;
} lcg64;

/* Advances the state once and maps its top 53 bits to a double in [-1, 1). */
double lcg64_next(lcg64 *g);

/* Fills x[0..n-1] with the P4016 data set for `seed`. */
void lcg64_fill(uint64_t seed, double *x, size_t n);

typedef struct {
    uint64_t state;
} splitmix64;

uint64_t splitmix64_next(splitmix64 *g);
/* Uniform double in [lo, hi); 53 random bits. */
double splitmix64_uniform(splitmix64 *g, double lo, double hi);
/* Uniform integer in [0, bound) without modulo bias; bound > 0. */
uint64_t splitmix64_below(splitmix64 *g, uint64_t bound);
/* Fisher-Yates shuffle of a permutation array. */
void splitmix64_shuffle_u32(splitmix64 *g, uint32_t *a, size_t n);

#ifdef __cplusplus
}
#endif

#endif
