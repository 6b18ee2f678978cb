/* list_rank_threads.c - see list_rank_threads.h. */
#define _POSIX_C_SOURCE 200112L /* nanosleep under -std=c11 */
#include "list_rank_threads.h"
#include "host_info.h"
#include "ruling_set_node.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* How many hops a thread walks between two updates of the shared counter
 * that the progress line reads. */
#define HOPS_PER_REPORT 65536

int sublists_online_cpus(void)
{
    const int cpus = host_online_cpus();
    return cpus > SUBLISTS_MAX_THREADS ? SUBLISTS_MAX_THREADS : cpus;
}

int32_t sublists_default_spacing(int32_t n, int threads)
{
    const int64_t wanted = (int64_t)threads * SUBLISTS_WALKERS * 64; /* sublists */
    int64_t spacing = n / wanted;
    if (spacing > 4096)
        spacing = 4096;
    if (spacing < 4) /* a small list: a few sublists of a few nodes, still more than one */
        spacing = n / 4 < 4 ? n / 4 : 4;
    return spacing < 1 ? 1 : (int32_t)spacing;
}

/* What all threads of one ranking share. Each phase writes disjoint parts. */
typedef struct {
    const list *l;
    int threads;
    int32_t spacing, slots, rulers;
    uint32_t seed;
    sublist_tag *tag;    /* [n] (sublist, local rank); sublist LIST_NULL: not reached yet */
    int32_t *length;     /* [rulers] nodes in each sublist */
    int32_t *next_ruler; /* [rulers] the sublist after it, LIST_NULL for the last */
    int32_t *to_end;     /* [rulers] nodes from its splitter to the tail */
    int32_t *dist;
    _Atomic int64_t walked; /* hops so far, for the progress line */
    _Atomic int finished;   /* threads done with the current phase */
    sublists_trace *trace;  /* --svg only; NULL otherwise */
} sublists_shared;

typedef struct {
    sublists_shared *s;
    int t;
    void (*phase)(sublists_shared *s, int t);
} thread_arg;

/* [first, end) of `count` items for thread t of `threads`: contiguous
 * shares that differ by at most one item. */
static void share_of(int64_t count, int t, int threads, int64_t *first, int64_t *end)
{
    *first = count * t / threads;
    *end = count * (t + 1) / threads;
}

/* Phase 1, thread t: its ruler slots and the indices they cover. The
 * splitter of slot j lies among the slot's own indices, and so does the
 * head, so every mark lands in this thread's range: no barrier is needed
 * between clearing the tags and marking. */
static void phase_mark(sublists_shared *s, int t)
{
    int64_t s0, s1;
    share_of(s->slots, t, s->threads, &s0, &s1);
    const int64_t i1 = s1 * s->spacing < s->l->n ? s1 * s->spacing : s->l->n;
    for (int64_t i = s0 * s->spacing; i < i1; i++)
        s->tag[i].sublist = LIST_NULL;
    for (int64_t j = s0; j < s1; j++) {
        const int32_t start = ruler_start((int32_t)j, s->slots, s->spacing, s->l->n, s->seed, s->l->head);
        s->tag[start].sublist = (int32_t)j;
        s->tag[start].local = 0;
    }
    const int64_t head_slot = s->l->head / s->spacing;
    if (s->rulers > s->slots && head_slot >= s0 && head_slot < s1) {
        s->tag[s->l->head].sublist = s->slots; /* the extra splitter: the head */
        s->tag[s->l->head].local = 0;
    }
}

/* One sublist being walked: its splitter id, the node reached, its local
 * rank, and the hop log of its thread (--svg only, else NULL). */
typedef struct {
    int32_t j, cur, local;
    sublists_hop_log *log;
} walker;

static walker walker_start(const sublists_shared *s, int t, int32_t j)
{
    const walker w = { j, ruler_start(j, s->slots, s->spacing, s->l->n, s->seed, s->l->head), 0,
                       s->trace != NULL ? &s->trace->log[t] : NULL };
    return w;
}

/* For the figure: walker w's hop reached node `tagged` (LIST_NULL: it
 * ended the sublist). The thread's hops land in its log in the order it
 * made them. */
static void log_hop(const walker *w, int32_t tagged)
{
    if (w->log == NULL)
        return;
    w->log->sublist[w->log->hops] = w->j;
    w->log->node[w->log->hops++] = tagged;
}

// [listing sublists-hop]
/* One hop of walker w. Returns 0 when its sublist has ended (at the tail
 * or just before the next splitter), after writing its length and
 * successor. Only walker w ever touches the tags of its sublist's nodes,
 * and the splitters' tags were written in phase 1: no two threads write
 * the same element. */
static int walker_hop(sublists_shared *s, walker *w)
{
    const int32_t next = s->l->node[w->cur].next;
    const int32_t ruler = next == LIST_NULL ? LIST_NULL : s->tag[next].sublist;
    if (next == LIST_NULL || ruler != LIST_NULL) {
        s->length[w->j] = w->local + 1;
        s->next_ruler[w->j] = ruler;
        log_hop(w, LIST_NULL); /* the figure's trace; nothing without --svg */
        return 0;
    }
    w->local++;
    s->tag[next].sublist = w->j;
    s->tag[next].local = w->local;
    w->cur = next;
    log_hop(w, next);
    return 1;
}
// [end]

// [listing sublists-walk]
/* Phase 2, thread t: its share of the splitters, SUBLISTS_WALKERS sublists
 * at a time, one hop of each in turn, so that the core has that many
 * independent loads in flight instead of one. A walker whose sublist ends
 * takes the next splitter of the share. */
static void phase_walk(sublists_shared *s, int t)
{
    int64_t first, end;
    share_of(s->rulers, t, s->threads, &first, &end);
    walker w[SUBLISTS_WALKERS];
    int active = 0;
    int32_t next_j = (int32_t)first;
    while (active < SUBLISTS_WALKERS && next_j < end)
        w[active++] = walker_start(s, t, next_j++);
    int64_t hops = 0;
    while (active > 0) {
        for (int a = 0; a < active;) {
            if (++hops % HOPS_PER_REPORT == 0)
                atomic_fetch_add_explicit(&s->walked, HOPS_PER_REPORT, memory_order_relaxed);
            if (walker_hop(s, &w[a]))
                a++;
            else if (next_j < end)
                w[a++] = walker_start(s, t, next_j++);
            else
                w[a] = w[--active]; /* look at the moved walker next */
        }
    }
}
// [end]

/* Phase 4, thread t: a contiguous range of node indices; reads the tags in
 * order and the small to_end table at random (it stays in cache). */
static void phase_finish(sublists_shared *s, int t)
{
    int64_t first, end;
    share_of(s->l->n, t, s->threads, &first, &end);
    for (int64_t i = first; i < end; i++)
        s->dist[i] = sublist_distance_to_end(s->tag[i], s->to_end);
}

static void *thread_main(void *p)
{
    thread_arg *a = p;
    a->phase(a->s, a->t);
    atomic_fetch_add_explicit(&a->s->finished, 1, memory_order_release);
    return NULL;
}

/* Runs phase on s->threads threads and waits for all of them: the joins
 * are the barrier between two phases. While the walk runs, the calling
 * thread prints the progress. Returns 0, or -1 when a thread cannot start. */
static int run_phase(sublists_shared *s, void (*phase)(sublists_shared *, int), progress_meter *progress)
{
    pthread_t id[SUBLISTS_MAX_THREADS];
    thread_arg arg[SUBLISTS_MAX_THREADS];
    int started = 0;
    atomic_store(&s->finished, 0);
    for (; started < s->threads; started++) {
        arg[started] = (thread_arg){ s, started, phase };
        if (pthread_create(&id[started], NULL, thread_main, &arg[started]) != 0)
            break;
    }
    while (progress != NULL && progress->on && started == s->threads &&
           atomic_load_explicit(&s->finished, memory_order_acquire) < started) {
        const struct timespec pause = { 0, 50 * 1000 * 1000 };
        nanosleep(&pause, NULL);
        progress_report(progress, "sublists walk", atomic_load(&s->walked), s->l->n, "nodes");
    }
    for (int t = 0; t < started; t++)
        pthread_join(id[t], NULL);
    return started == s->threads ? 0 : -1;
}

/* Phase 3, one thread: the sublists form one short list, from the head's
 * splitter to the one that reaches the tail. Walking it gives each
 * splitter the number of nodes from it to the end. Returns 0, or -1 when
 * the lengths do not add up to n (a list that was not validated). */
static int rank_the_sublists(sublists_shared *s)
{
    const int32_t n = s->l->n, head = s->l->head;
    const int32_t head_slot = head / s->spacing;
    int32_t j = ruler_start(head_slot, s->slots, s->spacing, n, s->seed, head) == head ? head_slot : s->slots;
    int64_t before = 0; /* nodes ahead of splitter j */
    for (int32_t steps = 0; j != LIST_NULL && steps < s->rulers; steps++) {
        s->to_end[j] = (int32_t)(n - before);
        before += s->length[j];
        j = s->next_ruler[j];
    }
    return before == n && j == LIST_NULL ? 0 : -1;
}

int sublists_work_alloc(sublists_work *w, int32_t n, int32_t spacing)
{
    w->n = n;
    w->rulers = ruler_slots(n, spacing) + 1; /* the slots and perhaps the head */
    w->tag = malloc((size_t)(n > 0 ? n : 1) * sizeof *w->tag);
    w->per_ruler = malloc(3 * (size_t)w->rulers * sizeof *w->per_ruler);
    if (w->tag == NULL || w->per_ruler == NULL) {
        sublists_work_free(w);
        return -1;
    }
    return 0;
}

void sublists_work_free(sublists_work *w)
{
    free(w->tag);
    free(w->per_ruler);
    w->tag = NULL;
    w->per_ruler = NULL;
}

/* Allocates the trace for s (--svg): the per-sublist arrays and one hop
 * log per thread, each long enough for every hop (n hops in all). */
static int trace_alloc(sublists_trace *tr, const sublists_shared *s)
{
    const size_t r = (size_t)s->rulers, n = (size_t)s->l->n;
    *tr = (sublists_trace){ .threads = s->threads, .n = s->l->n, .spacing = s->spacing, .sublists = s->rulers };
    tr->start = malloc(3 * r * sizeof *tr->start);
    tr->tag = malloc(n * sizeof *tr->tag);
    tr->log = calloc((size_t)s->threads, sizeof *tr->log);
    if (tr->start == NULL || tr->tag == NULL || tr->log == NULL)
        return -1;
    tr->owner = tr->start + r;
    tr->length = tr->start + 2 * r;
    for (int t = 0; t < s->threads; t++) {
        tr->log[t].sublist = malloc(2 * n * sizeof *tr->log[t].sublist);
        if (tr->log[t].sublist == NULL)
            return -1;
        tr->log[t].node = tr->log[t].sublist + n;
    }
    for (int t = 0; t < s->threads; t++) {
        int64_t first, end;
        share_of(s->rulers, t, s->threads, &first, &end);
        for (int64_t j = first; j < end; j++) {
            tr->start[j] = ruler_start((int32_t)j, s->slots, s->spacing, s->l->n, s->seed, s->l->head);
            tr->owner[j] = t;
        }
    }
    return 0;
}

void sublists_trace_free(sublists_trace *tr)
{
    if (tr->log != NULL)
        for (int t = 0; t < tr->threads; t++)
            free(tr->log[t].sublist);
    free(tr->log);
    free(tr->start);
    free(tr->tag);
    *tr = (sublists_trace){ 0 };
}

static int rank_sublists(const list *l, int threads, int32_t spacing, uint32_t seed, int32_t *dist, sublists_work *work,
                         progress_meter *progress, sublists_stats *stats, sublists_trace *trace)
{
    sublists_work own;
    if (work == NULL && sublists_work_alloc(&own, l->n, spacing) != 0)
        return -1;
    sublists_work *w = work != NULL ? work : &own;
    sublists_shared s = { .l = l, .threads = threads, .spacing = spacing, .seed = seed, .dist = dist };
    atomic_init(&s.walked, 0);
    atomic_init(&s.finished, 0);
    s.slots = ruler_slots(l->n, spacing);
    const int32_t head_slot = l->head / spacing;
    s.rulers = s.slots + (ruler_start(head_slot, s.slots, spacing, l->n, seed, l->head) != l->head);
    int status = w->n >= l->n && w->rulers >= s.rulers ? 0 : -1; /* work too small */
    s.tag = w->tag;
    s.length = w->per_ruler;
    s.next_ruler = s.length + s.rulers;
    s.to_end = s.next_ruler + s.rulers;
    if (status == 0 && trace != NULL) {
        status = trace_alloc(trace, &s);
        s.trace = trace;
    }
    if (status == 0)
        status = run_phase(&s, phase_mark, NULL);
    if (status == 0)
        status = run_phase(&s, phase_walk, progress);
    if (status == 0)
        status = rank_the_sublists(&s);
    if (status == 0)
        status = run_phase(&s, phase_finish, NULL);
    if (status == 0 && stats != NULL) {
        stats->sublists = s.rulers;
        stats->longest = 0;
        for (int32_t j = 0; j < s.rulers; j++)
            stats->longest = s.length[j] > stats->longest ? s.length[j] : stats->longest;
    }
    if (status == 0 && trace != NULL) {
        memcpy(trace->tag, s.tag, (size_t)l->n * sizeof *trace->tag);
        memcpy(trace->length, s.length, (size_t)s.rulers * sizeof *trace->length);
    }
    if (work == NULL)
        sublists_work_free(&own);
    return status;
}

int rank_by_sublists_threads(const list *l, int threads, int32_t spacing, uint32_t seed, int32_t *dist,
                             sublists_work *work, progress_meter *progress, sublists_stats *stats)
{
    return rank_sublists(l, threads, spacing, seed, dist, work, progress, stats, NULL);
}

int rank_by_sublists_traced(const list *l, int threads, int32_t spacing, uint32_t seed, int32_t *dist,
                            sublists_trace *trace)
{
    *trace = (sublists_trace){ 0 };
    const int status = rank_sublists(l, threads, spacing, seed, dist, NULL, NULL, NULL, trace);
    if (status != 0)
        sublists_trace_free(trace);
    return status;
}
