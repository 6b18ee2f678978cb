/* tree_trace.h - the pairwise tree sum of sections 3.1 and 3.2, on the CPU,
 * with its work and span counted level by level.
 *
 * One level adds the neighbours (0,1), (2,3), ... of the values left by the
 * level before; when their count is odd the last value is carried to the next
 * level unchanged. Additions within a level are independent of each other, so
 * the span is the number of levels. */
#ifndef CH03_TREE_TRACE_H
#define CH03_TREE_TRACE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TREE_MAX_LEVELS 64

typedef struct {
    long long elements_before;
    long long additions;
    long long elements_after;
    int odd_carry; /* 1 when an unpaired last value was carried */
} tree_level;

typedef struct {
    int span;       /* number of levels */
    long long work; /* number of additions, all levels */
    long long sum;
    tree_level level[TREE_MAX_LEVELS];
} tree_trace;

/* Sums x[0..n-1] (n >= 1) level by level into *t; scratch holds n values.
 * x is not modified. */
void tree_sum_traced(const long long *x, size_t n, long long *scratch, tree_trace *t);

/* ceil(log2(n)) for n >= 1, in integers (no floating point). */
int ceil_log2_u64(uint64_t n);

/* Number of levels with an odd carry. */
int tree_odd_carry_levels(const tree_trace *t);

#ifdef __cplusplus
}
#endif

#endif
