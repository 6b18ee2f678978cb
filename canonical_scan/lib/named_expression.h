/* named_expression.h - the literal evaluator: builds each policy's
 * expression as a tree, straight from the definitions (level-by-level
 * pairwise, one tree per prefix), then evaluates or prints it. Slow on
 * purpose (O(N) nodes per prefix): it is the reference the fast library is
 * tested against, and it prints the expressions the book shows. */
#ifndef CANONICAL_SCAN_NAMED_EXPRESSION_H
#define CANONICAL_SCAN_NAMED_EXPRESSION_H

#include "canonical_cpu.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A node is a leaf x[index] (left == EXPR_LEAF), the init value
 * (left == EXPR_INIT) or the sum node[left] + node[right]. */
#define EXPR_LEAF (-1)
#define EXPR_INIT (-2)
#define EXPR_EMPTY (-1) /* the root of an empty expression (value +0.0) */

typedef struct {
    int left, right; /* right is the element index for a leaf */
} expr_node;

typedef struct {
    expr_node *node;
    size_t count, capacity;
} expr_arena;

/* 0 on success, -1 when the memory cannot be had. */
int expr_arena_init(expr_arena *a, size_t capacity);
void expr_arena_free(expr_arena *a);
void expr_arena_reset(expr_arena *a);

int expr_leaf(expr_arena *a, size_t index);
int expr_add(expr_arena *a, int left, int right);
/* Level by level: (t0 + t1), (t2 + t3), ...; an odd last term is carried. */
int expr_pairwise_levels(expr_arena *a, const int *terms, size_t m);

/* The expression of x[first .. first+count-1] under the pairwise rule. */
int literal_pairwise(expr_arena *a, size_t first, size_t count);
/* P4016 lanes reduce of n elements. */
int literal_lanes_reduce(expr_arena *a, size_t n, unsigned lanes);
/* The scan definition of prefix i (no init) and the reduce definition of n
 * elements (no init), for each policy. */
int literal_scan_prefix(expr_arena *a, scan_policy policy, unsigned block, size_t i);
int literal_reduce(expr_arena *a, scan_policy policy, unsigned block, size_t n);
/* init + root when has_init (just init for an empty root). */
int literal_attach_init(expr_arena *a, int has_init, int root);

double expr_eval(const expr_arena *a, int root, const double *x, double init);
/* Writes e.g. "(x0 + x1) + x2" (the outermost parentheses left out); returns
 * buf, or "(too long)" when it does not fit. */
const char *expr_print(const expr_arena *a, int root, char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif
