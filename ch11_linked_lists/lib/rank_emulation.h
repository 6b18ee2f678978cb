/* rank_emulation.h - the GPU ranking algorithms run on the CPU, node after
 * node, with the very step functions the kernels call. They let the CPU
 * tests check the algorithms exactly, and the GPU results be compared with
 * something computed the same way. */
#ifndef CH11_RANK_EMULATION_H
#define CH11_RANK_EMULATION_H

#include <stdio.h>

#include "list.h"
#include "ruling_set_node.h"
#include "wyllie_packed_node.h"

/* Wyllie's pointer jumping, double-buffered. Writes dist; returns the
 * number of rounds, or -1 when memory runs out or it fails to converge
 * within 64 rounds (impossible for a validated list). obs may be NULL. */
int wyllie_rank_cpu(const list *l, int32_t *dist, round_observer obs, void *ctx);

/* The same with one buffer, nodes updated in index order. A sequential
 * loop never splits a node's (next, dist) pair, so this one is right. */
int wyllie_in_place_cpu(const list *l, int32_t *dist, round_observer obs, void *ctx);

/* Pointer jumping on packed {next, dist} pairs (wyllie_packed.cu's node
 * function, in a loop). Writes dist; returns the rounds, or -1 as above.
 * start (may be NULL) gets the pairs round 1 reads: [n], for the figure. */
int wyllie_packed_cpu(const list *l, int32_t *dist, jump_link *start);

/* Everything one ruling-set ranking produced, step by step, for the trace,
 * the figure and the cost of the choice of sublist size. */
typedef struct {
    int32_t n, sublist, slots, rulers; /* rulers = slots, plus one when the head was not picked */
    int32_t *start;                    /* [rulers] the node ruler j starts from */
    int32_t *length;                   /* [rulers] nodes in ruler j's sublist */
    int32_t *next_ruler;               /* [rulers] the ruler after j in the list, LIST_NULL for the last */
    int32_t *to_end;                   /* [rulers] nodes from ruler j to the tail, after step 3 */
    sublist_tag *tag;                  /* [n] each node's sublist and local rank */
    int32_t longest;                   /* the longest sublist: the walk step's chain of dependent loads */
    int rounds;                        /* pointer-jumping rounds over the rulers (step 3) */
} ruling_set_run;

/* Ranks l by a sparse ruling set with one ruler slot per `sublist`
 * indices, keeping every step in *run (free it with ruling_set_run_free).
 * Writes dist; returns 0, or -1 when memory runs out. */
int ruling_set_run_cpu(const list *l, int32_t sublist, uint32_t seed, int32_t *dist, ruling_set_run *run);
void ruling_set_run_free(ruling_set_run *run);

/* Prints the rulers, their sublists and the rulers' ranks (small lists). */
void ruling_set_print(FILE *out, const ruling_set_run *run);

/* The same ranking without keeping the steps. Writes dist; returns the
 * number of rulers, or -1 when memory runs out. With trace != NULL prints
 * them as ruling_set_print does. */
int32_t ruling_set_rank_cpu(const list *l, int32_t sublist, uint32_t seed, int32_t *dist, FILE *trace);

#endif
