/* list_walk.h - the sequential walks: one thread following `next` from the
 * head. They are the chapter's reference answers, and list_walk_sum is
 * also what the single GPU thread of 11.1 runs (same code, both sides). */
#ifndef CH11_LIST_WALK_H
#define CH11_LIST_WALK_H

#include <stdint.h>

#include "list_types.h"

// [listing list-walk-sum]
/* Sum of the values, head to tail. Each hop's address is the `next` that
 * the previous hop just loaded: a chain of n dependent loads. The step
 * limit makes a corrupted list end the walk instead of looping forever. */
LIST_HD int64_t list_walk_sum(const list_node *node, int32_t head, int32_t n)
{
    int64_t sum = 0;
    int32_t cur = head;
    for (int32_t steps = 0; cur != LIST_NULL && steps < n; steps++) {
        const list_node here = node[cur];
        sum += here.value;
        cur = here.next;
    }
    return sum;
}
// [end]

// [listing list-split-walk]
/* The "launch more threads" trap, for thread t of `threads`: its share is
 * the nodes at positions [t*share, (t+1)*share) from the head, but the only
 * way to find position t*share is to walk there from the head. Returns the
 * share's sum; *loads gets the nodes this thread had to read, one after
 * the other. */
LIST_HD int64_t list_split_walk_thread(const list_node *node, int32_t head, int32_t n, int32_t t, int32_t threads,
                                       int64_t *loads)
{
    const int64_t share = ((int64_t)n + threads - 1) / threads, first = t * share;
    int64_t sum = 0, pos = 0;
    int32_t cur = head;
    *loads = 0;
    for (; cur != LIST_NULL && pos < first + share; pos++) {
        const list_node here = node[cur]; /* also the hops before the share */
        ++*loads;
        if (pos >= first)
            sum += here.value;
        cur = here.next;
    }
    return sum;
}
// [end]

#ifndef __CUDACC__
#include "list.h"

/* The nodes in the order a walk from the head reads them: visit[p] is
 * the node at position p. */
void list_walk_visits(const list *l, int32_t *visit);

/* Plain loop over an array: the addresses are known in advance. */
int64_t array_sum(const int32_t *a, int32_t n);

/* Distance to the end of every node by one walk from the head. */
void rank_by_walk(const list *l, int32_t *dist);

/* The values in list order: out[p] = value of the p-th node from the head. */
void list_to_array_walk(const list *l, int32_t *out);

/* 1 when dist satisfies the definition of distance to end on l: the tail
 * has 0 and every other node has one more than its successor. */
int ranks_consistent(const list *l, const int32_t *dist);

/* How many of a[0..n-1] and b[0..n-1] differ; the first such index goes
 * to *first (-1 when none). */
int32_t count_differences(const int32_t *a, const int32_t *b, int32_t n, int32_t *first);

/* ceil(log2(n)) for n >= 1: the rounds pointer jumping needs on n nodes. */
int ceil_log2(int64_t n);
#endif

#endif
