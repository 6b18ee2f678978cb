/* canonical_cpu.h - the CPU library of the chapter: the P4016 canonical
 * reduce, the P4229 scan policies and the data set they are tested on.
 *
 * Every function here evaluates a NAMED expression: the parenthesisation and
 * operand order are fixed by the definition, so the result is the same bits
 * on every machine built with -ffp-contract=off (and on the GPU, whose
 * functions in canonical_gpu.h must return the same bits).
 *
 * Conventions (shared with canonical_gpu.h):
 *   - init is attached outside the expression: reduce returns init + R;
 *     inclusive scans S[i] = init + expr(x[0..i]); exclusive scans
 *     E[0] = init, E[i] = init + expr(x[0..i-1]).
 *   - without init (has_init == 0): reduce returns R, and +0.0 for n == 0;
 *     S[i] = expr(x[0..i]); E[0] = +0.0, E[i] = expr(x[0..i-1]).
 *     With init and n == 0, reduce returns init itself.
 *   - so the exclusive E[i] is always the reduce of the first i elements.
 *   - n may be 0 (nothing is written); lanes >= 1; block >= 1.
 *   - out must not overlap x. */
#ifndef CANONICAL_SCAN_CANONICAL_CPU_H
#define CANONICAL_SCAN_CANONICAL_CPU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---- the pairwise rule as a binary counter --------------------------------
 * tree[k] holds the root of a complete subtree of 2^k consecutive elements;
 * it is live exactly when bit k of count is set. Pushing an element merges
 * equal-sized subtrees (older one on the left); the value of everything
 * pushed so far folds the live subtrees from the smallest upwards:
 * T_big + (... + (T_mid + T_small)). This equals the level-by-level pairwise
 * rule (neighbours (0,1), (2,3), ..., odd last element carried). */
typedef struct {
    double tree[64];
    uint64_t count;
} pairwise_counter;

void pairwise_counter_init(pairwise_counter *c);
void pairwise_counter_push(pairwise_counter *c, double v);
/* The pairwise value of everything pushed so far; +0.0 when nothing was. */
double pairwise_counter_value(const pairwise_counter *c);

/* The pairwise value of x[0..n-1] (the L = 1 canonical value); +0.0 for n == 0. */
double pairwise_value(const double *x, size_t n);

/* ---- reduce ------------------------------------------------------------- */
/* P4016: element i goes to lane i mod lanes, each lane is reduced by the
 * pairwise rule, the lane results (lanes 0..min(lanes,n)-1) by the same rule. */
double canonical_reduce(const double *x, size_t n, unsigned lanes, int has_init, double init);
/* The same value computed one lane at a time (strided, slow): a second route
 * for the tests. */
double canonical_reduce_by_lane(const double *x, size_t n, unsigned lanes, int has_init, double init);

double left_fold_reduce(const double *x, size_t n, int has_init, double init);
double iterated_pairwise_reduce(const double *x, size_t n, int has_init, double init);
/* block_dyadic<block>: with f full blocks and r leftover elements, D_f if
 * r == 0, P_0(r-1) if f == 0, otherwise D_f + pairwise(leftover). */
double block_dyadic_reduce(const double *x, size_t n, unsigned block, int has_init, double init);

/* ---- scans (out has n elements) -------------------------------------------- */
void left_fold_scan(const double *x, double *out, size_t n, int exclusive, int has_init, double init);
void iterated_pairwise_scan(const double *x, double *out, size_t n, int exclusive, int has_init, double init);
void block_dyadic_scan(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init,
                       double init);

/* ---- policies by name ------------------------------------------------------- */
typedef enum { POLICY_LEFT_FOLD, POLICY_ITERATED_PAIRWISE, POLICY_BLOCK_DYADIC } scan_policy;

/* "left_fold", "iterated_pairwise", "block_dyadic". */
const char *scan_policy_name(scan_policy policy);
/* 0 on success, -1 for an unknown name. */
int scan_policy_parse(const char *text, scan_policy *policy);
/* block is used by POLICY_BLOCK_DYADIC only. */
double policy_reduce(scan_policy policy, unsigned block, const double *x, size_t n, int has_init, double init);
void policy_scan(scan_policy policy, unsigned block, const double *x, double *out, size_t n, int exclusive,
                 int has_init, double init);

/* ---- the data set -------------------------------------------------------- */
/* x[0..n-1] = lcg64_fill(seed); with hostile != 0 the P4016 cancellation
 * overlay: += 1e16 where i % 7 == 0, then -= 1e16 where i % 11 == 0, and for
 * n >= 8 at m = n / 2: x[m] += 1e16, x[m+1] += 1e16, x[m+2] -= 1e16,
 * x[m+3] -= 1e16. */
void p4016_data(uint64_t seed, int hostile, double *x, size_t n);

#ifdef __cplusplus
}
#endif

#endif
