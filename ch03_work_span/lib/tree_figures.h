/* tree_figures.h - the pictures of sections 3.1 and 3.2, drawn from the
 * trace that tree_sum_traced records (never by hand).
 *
 * tree_levels_svg: one row per level (values before, additions, carried
 * value) with the __syncthreads() a block runs before it; any N.
 * tree_dot:        every value and every addition of a small tree, as
 * Graphviz DOT; N <= TREE_DOT_MAX_N. */
#ifndef CH03_TREE_FIGURES_H
#define CH03_TREE_FIGURES_H

#include "tree_trace.h"

#include <stdio.h>

#define TREE_DOT_MAX_N 32 /* wider trees do not fit a page */

/* Writes the level picture of trace t (of the values 1..n) to out. */
void tree_levels_svg(FILE *out, const tree_trace *t);

/* Writes the whole tree over x[0..n-1] to out, following t level by level:
 * the pairs and the carries t records, with the partial sums they make.
 * Returns 0 if replaying t does not reproduce t->sum (a corrupt trace). */
int tree_dot(FILE *out, const long long *x, size_t n, const tree_trace *t);

#endif
