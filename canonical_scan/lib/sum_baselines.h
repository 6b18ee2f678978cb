/* sum_baselines.h - the rivals of the CPU canonical reduce in
 * cpu_reduce_bench: sums a professional would write, none of which names
 * its expression, and a read of the array that adds nothing in floating
 * point (the bandwidth ceiling). Built -O3 -march=native, with OpenMP when
 * the compiler has it. */
#ifndef CANONICAL_SCAN_SUM_BASELINES_H
#define CANONICAL_SCAN_SUM_BASELINES_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* for (i) s += x[i]: one chain of dependent additions, a left fold. */
double sum_plain_loop(const double *x, size_t n);

/* The same loop under `#pragma omp simd reduction(+:s)`: the compiler keeps
 * one running sum per vector lane and adds them at the end, in an order of
 * its choosing that depends on the vector width (it reassociates). */
double sum_omp_simd(const double *x, size_t n);

/* 1 when built with an OpenMP runtime; otherwise the two below return NaN. */
int sum_have_openmp(void);

/* `#pragma omp parallel for reduction(+:s)` on `threads` threads: each
 * thread folds a contiguous block, the runtime adds the partial sums. */
double sum_omp_parallel(const double *x, size_t n, unsigned threads);

/* Both of the above: a `parallel for` reduction over `threads` contiguous
 * blocks, each summed by the omp simd loop. */
double sum_omp_parallel_simd(const double *x, size_t n, unsigned threads);

/* The 64-bit integer sum of the bit patterns of x[0..n-1]: integer addition
 * is associative, so the compiler vectorises it freely; what is left is the
 * cost of reading the array. */
uint64_t read_sum_u64(const double *x, size_t n);

#ifdef __cplusplus
}
#endif

#endif
