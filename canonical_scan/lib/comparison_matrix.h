/* comparison_matrix.h - one table of cases, two uses: the GPU kernels
 * (gpu_vs_cpu) and their CPU emulation (emulation_vs_cpu) are each compared
 * bit for bit with the CPU library on the same sizes, lane counts, block
 * lengths, data sets, inits, inclusive and exclusive. */
#ifndef CANONICAL_SCAN_COMPARISON_MATRIX_H
#define CANONICAL_SCAN_COMPARISON_MATRIX_H

#include <stddef.h>
#include <stdint.h>

/* The implementation under test; a NULL member is a group it lacks. */
typedef struct {
    const char *name; /* "GPU", "emulation" */
    double (*reduce)(const double *x, size_t n, unsigned lanes, int has_init, double init);
    double (*block_dyadic_reduce)(const double *x, size_t n, unsigned block, int has_init, double init);
    void (*block_dyadic_scan)(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init,
                              double init);
    void (*iterated_pairwise_scan)(const double *x, double *out, size_t n, int exclusive, int has_init, double init);
    void (*left_fold_scan)(const double *x, double *out, size_t n, int exclusive, int has_init, double init);
} impl_under_test;

typedef enum {
    MATRIX_QUICK, /* 7 sizes, one per kind of boundary (for compute-sanitizer) */
    MATRIX_SMALL, /* 49 sizes up to 50000 */
    MATRIX_LARGE  /* and 5 sizes around 10^6 */
} matrix_level;

/* Runs every group, prints one line per group (and the first failing
 * cases), then one verdict per group. Returns 1 when every case was
 * bit-identical. */
int run_comparison_matrix(const impl_under_test *impl, uint64_t seed, matrix_level level, int quiet);

/* The same groups on the one size n (>= 1), with the parameters the table
 * gives a size of its class: the small table's lane counts and block
 * lengths, every form, up to 50000; the large table's above, as its sizes
 * around 10^6. The left_fold scan runs at n whatever its size. */
int run_comparison_one_size(const impl_under_test *impl, uint64_t seed, size_t n, int quiet);

#endif
