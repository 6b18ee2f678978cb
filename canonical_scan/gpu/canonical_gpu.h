/* canonical_gpu.h - the GPU side of the canonical reduce and scans, as C
 * functions (defined in the chapter's .cu files). Every function takes and
 * returns HOST arrays, so C code (the CLI programs, the tests) can call it
 * like the CPU library in canonical_cpu.h, and every result must equal the
 * CPU library's bit for bit.
 *
 * Shared conventions (the same as the CPU library):
 *   - init is attached outside the expression: reduce returns init + R;
 *     inclusive scans return S[i] = init + expr(x[0..i]); exclusive scans
 *     return E[0] = init, E[i] = init + expr(x[0..i-1]).
 *   - without init (has_init == 0): reduce returns R (0.0 for n == 0);
 *     inclusive S[i] = expr(x[0..i]); exclusive E[0] = +0.0 and
 *     E[i] = expr(x[0..i-1]) (no "0 +" is added).
 *   - n may be 0 (nothing is written). lanes >= 1, block >= 1. */
#ifndef CANONICAL_SCAN_CANONICAL_GPU_H
#define CANONICAL_SCAN_CANONICAL_GPU_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* P4016 canonical reduce with `lanes` interleaved lanes. */
double gpu_canonical_reduce(const double *x, size_t n, unsigned lanes, int has_init, double init);

/* block_dyadic<block> reduce: D_f, P_0(r-1) or D_f + pairwise(leftover). */
double gpu_block_dyadic_reduce(const double *x, size_t n, unsigned block, int has_init, double init);

/* Scans for the three policies; out has n elements. */
void gpu_block_dyadic_scan(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init,
                           double init);
void gpu_iterated_pairwise_scan(const double *x, double *out, size_t n, int exclusive, int has_init, double init);
/* left_fold has span n: on the GPU it is one thread walking the array (a
 * lesson, not a fast path). */
void gpu_left_fold_scan(const double *x, double *out, size_t n, int exclusive, int has_init, double init);

#ifdef __cplusplus
}
#endif

#endif
