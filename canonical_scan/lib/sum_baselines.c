/* sum_baselines.c - see sum_baselines.h. Without an OpenMP runtime this file
 * is built with -fopenmp-simd (the simd pragma needs no runtime) and the
 * parallel rivals report NaN, which the bench prints as skipped. */
#include "sum_baselines.h"

#include <math.h>
#include <string.h>

// [listing sum-baselines]
double sum_plain_loop(const double *x, size_t n)
{
    double s = 0.0;
    for (size_t i = 0; i < n; i++)
        s += x[i];
    return s;
}

double sum_omp_simd(const double *x, size_t n)
{
    double s = 0.0;
#pragma omp simd reduction(+ : s)
    for (size_t i = 0; i < n; i++)
        s += x[i];
    return s;
}

#ifdef _OPENMP
double sum_omp_parallel(const double *x, size_t n, unsigned threads)
{
    double s = 0.0;
#pragma omp parallel for reduction(+ : s) num_threads(threads) schedule(static)
    for (size_t i = 0; i < n; i++)
        s += x[i];
    return s;
}

/* (Written as one omp simd block per thread: clang does not vectorise a
 * combined `parallel for simd` reduction; the order is the same kind.) */
double sum_omp_parallel_simd(const double *x, size_t n, unsigned threads)
{
    double s = 0.0;
#pragma omp parallel for reduction(+ : s) num_threads(threads) schedule(static)
    for (unsigned t = 0; t < threads; t++)
        s += sum_omp_simd(x + n * t / threads, n * (t + 1) / threads - n * t / threads);
    return s;
}
// [end]

int sum_have_openmp(void)
{
    return 1;
}
#else
int sum_have_openmp(void)
{
    return 0;
}

double sum_omp_parallel(const double *x, size_t n, unsigned threads)
{
    (void)x, (void)n, (void)threads;
    return NAN;
}

double sum_omp_parallel_simd(const double *x, size_t n, unsigned threads)
{
    (void)x, (void)n, (void)threads;
    return NAN;
}
#endif

uint64_t read_sum_u64(const double *x, size_t n)
{
    uint64_t s = 0;
    for (size_t i = 0; i < n; i++) {
        uint64_t v;
        memcpy(&v, x + i, sizeof v); /* the bits, without breaking the aliasing rules */
        s += v;
    }
    return s;
}
