/* block_walk.h - who forms which term of a product stage, thread by thread.
 *
 * The kernels' loops (gpu/mappings.cuh) written out in C for one block of
 * `threads` threads: for every output, which thread owns it and in which
 * round; for every term a(i,k)*b(k,j), which thread forms it and into which
 * lane's partial sum it goes. The figures of the chapter are drawn from this
 * walk, and its traps are walks of mappings that are wrong on purpose: the
 * walk's own evaluation then shows what the wrong mapping computes. */
#ifndef REDUCED_OPS_BLOCK_WALK_H
#define REDUCED_OPS_BLOCK_WALK_H

#include "op_plan.h"

typedef enum {
    WALK_SERIAL,                  /* block_scope_serial */
    WALK_WARP_PER_OUTPUT,         /* block_scope_warp_per_output */
    WALK_TRAP_PARTIAL_WARP_JOINS, /* wrong: the trailing partial warp takes outputs too */
    WALK_TRAP_BLOCKED_LANES,      /* wrong: lane l sums k = l*c ... l*c+c-1 (c = ceil(len/32)) */
    WALK_RULE_COUNT
} walk_rule;

#define WALK_NOBODY (-2) /* no thread forms this term */
#define WALK_ALONE (-1)  /* the thread sums the whole output by itself (serial) */

typedef struct {
    int n_out, len, threads;
    int *owner;  /* [out]: the thread (serial, or fewer than 32 threads) or the warp that owns it */
    int *round;  /* [out]: the owner's round in which it is computed (0, 1, ...) */
    int *thread; /* [out*len + k]: the thread that forms the term, or WALK_NOBODY */
    int *lane;   /* [out*len + k]: the lane partial it joins (0..31), WALK_ALONE, or WALK_NOBODY */
    int *formed; /* [out*len + k]: how many times the walk formed it */
    int owners_busy, rounds;
} block_walk;

const char *walk_rule_name(walk_rule rule);

/* Walks `threads` threads through stage s under `rule`. Returns 0, or -1
 * when memory runs out. */
int block_walk_make(block_walk *w, const stage_plan *s, walk_rule rule, int threads);
void block_walk_free(block_walk *w);

/* Terms formed exactly once (of n_out * len). */
long block_walk_terms_once(const block_walk *w);

/* Runs every stage of the op in the order the walk dictates, in the element
 * type: each term is added to its lane's partial (or the thread's own sum)
 * in the order the thread forms it, a term nobody forms is left out, and a
 * lane with no thread contributes 0; the 32 partials are then combined by
 * the warp tree. For the two correct rules this is emulate_op_float/double
 * exactly. Returns 0, or -1 when memory runs out. */
int walk_emulate_op_float(const op_plan *plan, walk_rule rule, int threads, float alpha, float beta, float *image);
int walk_emulate_op_double(const op_plan *plan, walk_rule rule, int threads, double alpha, double beta, double *image);

/* The symmetric mappings (gpu/symmetric_mappings.cuh) compute only the
 * n(n+1)/2 cells j <= i of an n x n symmetric result (syrk's). This walk
 * deals those cells to the owners of a block of `threads` threads (its
 * warps, or below 32 threads its threads) in one of two ways:
 *   TRI_NUMBERED    block_scope_warp_per_output_symmetric: cell t =
 *                   lower_triangle_cell(t, n) goes to owner t mod owners;
 *   TRI_SKIP_UPPER  the other way to get one triangle: owner w walks the
 *                   indices e = w, w + owners, ... of all n*n outputs,
 *                   (i, j) = (e mod n, e / n), and steps past those with i < j
 *                   (GLASS's syrk_reduced, src/base/L3/syrk_reduced.cuh). */
typedef enum { TRI_NUMBERED, TRI_SKIP_UPPER } tri_rule;

typedef struct {
    int n, owners;
    int *owner;   /* [i*n + j]: the owner that computes the cell, or WALK_NOBODY */
    int *round;   /* [i*n + j]: how many cells that owner computed before it */
    int *stepped; /* [i*n + j]: TRI_SKIP_UPPER: the owner that steps past the upper cell, else WALK_NOBODY */
    int *t;       /* [i*n + j]: TRI_NUMBERED: the number t that lands on the cell, else WALK_NOBODY */
    int busiest;  /* the most cells one owner computes */
    int once;     /* 1 when every cell j <= i is computed exactly once and no other cell is */
} tri_walk;

/* Returns 0, or -1 when memory runs out. */
int tri_walk_make(tri_walk *w, int n, int threads, tri_rule rule);
void tri_walk_free(tri_walk *w);

#endif
