/* list_figures.h - the chapter's pictures, drawn as SVG from what the
 * programs really did: the addresses a walk touched, the rounds of pointer
 * jumping, the rulers and their sublists, the scatter by rank. */
#ifndef CH11_LIST_FIGURES_H
#define CH11_LIST_FIGURES_H

#include <stdio.h>

#include "list.h"
#include "list_rank_threads.h"
#include "rank_emulation.h"
#include "wyllie_packed_node.h"

/* 11.1: the cells an array loop and a list walk read, step after step.
 * visit[k] is the node the walk read at step k (k = 0 .. n-1). */
void draw_access(FILE *out, int32_t n, const int32_t *visit);

/* 11.2: one row per round r = 0 .. rounds: each node's dist and an arrow
 * to its next. Round r's arrays start at next + r*stride, dist + r*stride. */
void draw_jump_rounds(FILE *out, int32_t n, int rounds, const int32_t *next, const int32_t *dist, int stride);

/* 11.4: the pool with its ruler slots, the list with its sublists, and the
 * rulers' own short list with the lengths and the ranks pointer jumping
 * gave them. */
void draw_ruling_set(FILE *out, const list *l, const ruling_set_run *run);

/* 11.4: step 2 of sublists on the CPU: the list cut into sublists, and
 * every thread's hops in the order it made them. */
void draw_sublists(FILE *out, const list *l, const sublists_trace *trace);

/* 11.4: the two layouts of pointer jumping's pairs in memory, from the
 * pairs round 1 reads (start[i] = node i's {next, dist}), and the 32-byte
 * sectors that the head's thread fetches to read its successor's pair. */
void draw_packed_layout(FILE *out, const list *l, const jump_link *start);

/* 11.3: every node's write, from its place in the pool to slot
 * n - 1 - dist[i] of the array. */
void draw_scatter(FILE *out, const list *l, const int32_t *dist, const int32_t *array);

#endif
