/* list.h - the chapter's linked list: a pool of nodes addressed by index.
 *
 * A "pointer" is an int32 index into the pool and -1 is the null pointer.
 * Because every node has a small dense index, per-node arrays (next, dist,
 * rank) are plain arrays that any thread can index -- which is what
 * pointer jumping needs. */
#ifndef CH11_LIST_H
#define CH11_LIST_H

#include <stdint.h>

#include "list_types.h"

/* Largest list the programs accept: indices and ranks stay in int32, and
 * the biggest benchmark (2^26) fits with room to spare. */
#define LIST_MAX_NODES (INT32_C(1) << 28)

typedef struct {
    int32_t n;       /* number of nodes */
    int32_t head;    /* first node, the one nobody points to */
    list_node *node; /* node[0..n-1] */
} list;

/* Allocates a pool of n nodes (contents undefined). 0 on success, -1 when
 * the memory cannot be had. */
int list_alloc(list *l, int32_t n);
void list_free(list *l);

/* The list the chapter traces: node i -> i+1, head 0, values
 * (i+1)*scale, so it reads 10 20 ... 80 for n = 8 and scale = 10. */
void list_make_in_order(list *l, int32_t scale);

/* A list whose order is a random permutation of the pool: the p-th node
 * from the head is perm[p] and carries the value (p+1)*scale, so the sum
 * of all values is scale*n*(n+1)/2 whatever the order. n >= 1.
 * 0 on success, -1 when the permutation buffer cannot be allocated. */
int list_make_random(list *l, uint64_t seed, int32_t scale);

#endif
