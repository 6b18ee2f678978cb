/* list_rank_threads.h - the strongest CPU rival of the GPU rankers: list
 * ranking by sublists (Helman and JaJa's scheme) on every core of the host,
 * with POSIX threads.
 *
 * Why pthreads and not OpenMP: it needs no extra runtime (libgomp, libomp),
 * builds the same with gcc and clang, and the partition of the work among
 * the threads is written out where the reader can see it.
 *
 * The phases, each one pthread_create ... pthread_join (the join is the
 * barrier between phases):
 *   1. every thread marks the splitters of its own ruler slots (ruler_start
 *      of ruling_set_node.h: one pseudo-random node per `sublist` indices,
 *      plus the head; the choice depends on the seed only, never on T);
 *   2. every thread walks its splitters' sublists, several at once, tagging
 *      each node with (sublist, local rank) and noting each sublist's length
 *      and successor;
 *   3. one thread ranks the short list of sublists (a plain walk);
 *   4. every thread turns the tags of its index range into distances.
 * All arithmetic is on integers, so the distances equal the walk's exactly
 * for every thread count. */
#ifndef CH11_LIST_RANK_THREADS_H
#define CH11_LIST_RANK_THREADS_H

#include <stdint.h>

#include "list.h"
#include "progress.h"
#include "ruling_set_node.h"

/* The most threads --threads accepts. */
#define SUBLISTS_MAX_THREADS 1024

/* How many sublists one thread walks at the same time, one hop of each in
 * turn: independent loads the core overlaps. 1 is the plain walk of one
 * sublist after the other. */
#define SUBLISTS_WALKERS 16

/* The host's online CPUs (host_info.h), at least 1 and at most
 * SUBLISTS_MAX_THREADS: the default thread count. */
int sublists_online_cpus(void);

/* The default splitter spacing for n nodes and `threads` threads: about 64
 * sublists per walker, at most 4096 indices apart; 4 apart (n/4 below 16
 * nodes) when n is too small for that. */
int32_t sublists_default_spacing(int32_t n, int threads);

typedef struct {
    int32_t sublists; /* number of splitters (= sublists) */
    int32_t longest;  /* the longest sublist, in nodes */
} sublists_stats;

/* The ranker's own memory for lists of up to n nodes and one splitter per
 * `spacing` indices (or more), allocated once so that a benchmark times
 * the ranking, not the allocation. */
typedef struct {
    sublist_tag *tag;   /* [n] */
    int32_t *per_ruler; /* [3 * rulers]: lengths, successors, distances to the end */
    int32_t n, rulers;
} sublists_work;

/* 0, or -1 when the memory cannot be had. */
int sublists_work_alloc(sublists_work *w, int32_t n, int32_t spacing);
void sublists_work_free(sublists_work *w);

/* Writes dist (distance to the end) for every node of l, with `threads`
 * threads (1 ... SUBLISTS_MAX_THREADS) and one splitter per `spacing`
 * indices. work: from sublists_work_alloc for at least l->n nodes and this
 * spacing, or NULL to allocate and free it here. progress and stats may be
 * NULL. Returns 0, or -1 when memory or a thread cannot be had. */
int rank_by_sublists_threads(const list *l, int threads, int32_t spacing, uint32_t seed, int32_t *dist,
                             sublists_work *work, progress_meter *progress, sublists_stats *stats);

/* --svg: what one ranking did, for the figure. log[t] holds thread t's
 * hops of step 2 in the order it made them: hop h moved a walker of
 * sublist sublist[h] to node node[h], or ended that sublist (node[h] =
 * LIST_NULL: the hop found the next splitter or the tail). */
typedef struct {
    int32_t *sublist, *node;
    int32_t hops;
} sublists_hop_log;

typedef struct {
    int threads;
    int32_t n, spacing, sublists;
    int32_t *start;        /* [sublists] the splitter sublist j starts from */
    int32_t *owner;        /* [sublists] the thread that walks it */
    int32_t *length;       /* [sublists] its nodes */
    sublist_tag *tag;      /* [n] every node's sublist and local rank */
    sublists_hop_log *log; /* [threads] */
} sublists_trace;

/* rank_by_sublists_threads, keeping the trace above (free it with
 * sublists_trace_free). Returns 0, or -1 when memory or a thread cannot be had. */
int rank_by_sublists_traced(const list *l, int threads, int32_t spacing, uint32_t seed, int32_t *dist,
                            sublists_trace *trace);
void sublists_trace_free(sublists_trace *trace);

#endif
