/* rank_emulation.h - the GPU ranking algorithms run on the CPU, node after
 * node, with the very step functions the kernels call. They let the CPU
 * tests check the algorithms exactly, and the GPU results be compared with
 * something computed the same way. */
#ifndef CH11_RANK_EMULATION_H
#define CH11_RANK_EMULATION_H

#include <stdio.h>

#include "list.h"

/* Wyllie's pointer jumping, double-buffered. Writes dist; returns the
 * number of rounds, or -1 when memory runs out or it fails to converge
 * within 64 rounds (impossible for a validated list). obs may be NULL. */
int wyllie_rank_cpu(const list *l, int32_t *dist, round_observer obs, void *ctx);

/* The same with one buffer, nodes updated in index order. A sequential
 * loop never splits a node's (next, dist) pair, so this one is right. */
int wyllie_in_place_cpu(const list *l, int32_t *dist, round_observer obs, void *ctx);

/* Ranking by a sparse ruling set with one ruler slot per `sublist` indices.
 * Writes dist; returns the number of rulers, or -1 when memory runs out.
 * With trace != NULL prints the rulers, their sublists and the ranks. */
int32_t ruling_set_rank_cpu(const list *l, int32_t sublist, uint32_t seed, int32_t *dist, FILE *trace);

#endif
