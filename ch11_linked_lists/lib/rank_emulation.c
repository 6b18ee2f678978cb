/* rank_emulation.c - see rank_emulation.h. */
#include "rank_emulation.h"
#include "list_source.h"
#include "list_walk.h"
#include "pointer_jump_node.h"
#include "ruling_set_node.h"
#include "wyllie_packed_node.h"

#include <stdlib.h>
#include <string.h>

#define MAX_ROUNDS 64

/* Pointer jumping over arrays already initialised in next[0], dist[0].
 * Returns the rounds and leaves the answer in dist[0]. */
static int jump_until_done(int32_t *next[2], int32_t *dist[2], int32_t n, round_observer obs, void *ctx)
{
    int rounds = 0, linked = 0;
    for (int32_t i = 0; i < n; i++)
        linked |= next[0][i] != LIST_NULL;
    while (linked) {
        if (rounds == MAX_ROUNDS)
            return -1;
        linked = 0;
        for (int32_t i = 0; i < n; i++)
            linked |= pointer_jump_node(i, next[0], dist[0], next[1], dist[1]);
        int32_t *t = next[0];
        next[0] = next[1];
        next[1] = t;
        t = dist[0];
        dist[0] = dist[1];
        dist[1] = t;
        rounds++;
        if (obs)
            obs(rounds, next[0], dist[0], n, ctx);
    }
    return rounds;
}

int wyllie_rank_cpu(const list *l, int32_t *dist, round_observer obs, void *ctx)
{
    const size_t bytes = (size_t)l->n * sizeof(int32_t);
    int32_t *buf = malloc(4 * bytes);
    if (buf == NULL)
        return -1;
    int32_t *next[2] = { buf, buf + l->n }, *d[2] = { buf + 2 * (size_t)l->n, buf + 3 * (size_t)l->n };
    for (int32_t i = 0; i < l->n; i++)
        pointer_jump_init_node(i, l->node, next[0], d[0]);
    if (obs)
        obs(0, next[0], d[0], l->n, ctx);
    const int rounds = jump_until_done(next, d, l->n, obs, ctx);
    memcpy(dist, d[0], bytes);
    free(buf);
    return rounds;
}

int wyllie_in_place_cpu(const list *l, int32_t *dist, round_observer obs, void *ctx)
{
    int32_t *next = malloc((size_t)l->n * sizeof *next);
    if (next == NULL)
        return -1;
    for (int32_t i = 0; i < l->n; i++)
        pointer_jump_init_node(i, l->node, next, dist);
    if (obs)
        obs(0, next, dist, l->n, ctx);
    int rounds = 0, linked = l->n > 1;
    while (linked && rounds < MAX_ROUNDS) {
        linked = 0;
        for (int32_t i = 0; i < l->n; i++)
            linked |= pointer_jump_node_in_place(i, next, dist);
        rounds++;
        if (obs)
            obs(rounds, next, dist, l->n, ctx);
    }
    free(next);
    return linked ? -1 : rounds;
}

int wyllie_packed_cpu(const list *l, int32_t *dist, jump_link *start)
{
    jump_link *link[2] = { malloc((size_t)l->n * sizeof *link[0]), malloc((size_t)l->n * sizeof *link[1]) };
    int rounds = 0, linked = l->n > 1;
    if (link[0] == NULL || link[1] == NULL)
        linked = -1;
    for (int32_t i = 0; linked >= 0 && i < l->n; i++)
        link[0][i] = jump_link_init(l->node[i]);
    if (linked >= 0 && start != NULL)
        memcpy(start, link[0], (size_t)l->n * sizeof *start);
    while (linked > 0 && rounds < MAX_ROUNDS) {
        linked = 0;
        for (int32_t i = 0; i < l->n; i++)
            linked |= pointer_jump_packed_node(i, link[0], link[1]);
        jump_link *t = link[0];
        link[0] = link[1];
        link[1] = t;
        rounds++;
    }
    for (int32_t i = 0; linked == 0 && i < l->n; i++)
        dist[i] = link[0][i].dist;
    free(link[0]);
    free(link[1]);
    return linked == 0 ? rounds : -1;
}

void ruling_set_run_free(ruling_set_run *run)
{
    free(run->start); /* one block holds every per-ruler array */
    free(run->tag);
    run->start = run->length = run->next_ruler = run->to_end = NULL;
    run->tag = NULL;
}

/* Step 1: links without marks, then every ruler marks its node. */
static void mark_rulers(const list *l, const ruling_set_run *run, ruler_link *link)
{
    for (int32_t i = 0; i < l->n; i++) {
        link[i].next = l->node[i].next;
        link[i].ruler = LIST_NULL;
    }
    for (int32_t j = 0; j < run->rulers; j++)
        link[run->start[j]].ruler = j;
}

/* Step 2: every ruler walks its sublist; the rulers form a short list
 * weighted by sublist length. */
static void walk_sublists(ruling_set_run *run, const ruler_link *link)
{
    run->longest = 0;
    for (int32_t j = 0; j < run->rulers; j++) {
        run->length[j] = ruler_walk(j, run->start[j], link, run->tag, &run->next_ruler[j]);
        if (run->length[j] > run->longest)
            run->longest = run->length[j];
    }
}

/* Step 3: rank the rulers by pointer jumping on their weighted list, in
 * the work arrays, so that next_ruler and length stay for the trace. */
static void rank_rulers(ruling_set_run *run, int32_t *work)
{
    const size_t r = (size_t)run->rulers;
    int32_t *next[2] = { work, work + r }, *dist[2] = { run->to_end, work + 2 * r };
    memcpy(next[0], run->next_ruler, r * sizeof *next[0]);
    memcpy(dist[0], run->length, r * sizeof *dist[0]);
    run->rounds = jump_until_done(next, dist, run->rulers, NULL, NULL);
    if (dist[0] != run->to_end) /* an odd number of rounds ends in the work array */
        memcpy(run->to_end, dist[0], r * sizeof *run->to_end);
}

int ruling_set_run_cpu(const list *l, int32_t sublist, uint32_t seed, int32_t *dist, ruling_set_run *run)
{
    const int32_t n = l->n, slots = ruler_slots(n, sublist);
    const int extra = ruler_start(l->head / sublist, slots, sublist, n, seed, l->head) != l->head;
    *run = (ruling_set_run){ .n = n, .sublist = sublist, .slots = slots, .rulers = slots + extra };
    const size_t r = (size_t)run->rulers;
    run->start = malloc(7 * r * sizeof *run->start); /* 4 results + 3 work arrays */
    run->tag = malloc((size_t)n * sizeof *run->tag);
    ruler_link *link = malloc((size_t)n * sizeof *link);
    if (run->start == NULL || run->tag == NULL || link == NULL) {
        free(link);
        ruling_set_run_free(run);
        return -1;
    }
    run->length = run->start + r;
    run->next_ruler = run->start + 2 * r;
    run->to_end = run->start + 3 * r;
    for (int32_t j = 0; j < run->rulers; j++)
        run->start[j] = ruler_start(j, slots, sublist, n, seed, l->head);
    mark_rulers(l, run, link);
    walk_sublists(run, link);
    rank_rulers(run, run->start + 4 * r);
    /* step 4: every node adds its ruler's distance to its local rank */
    for (int32_t i = 0; i < n; i++)
        dist[i] = sublist_distance_to_end(run->tag[i], run->to_end);
    free(link);
    return run->rounds < 0 ? -1 : 0;
}

void ruling_set_print(FILE *out, const ruling_set_run *run)
{
    const int32_t n = run->n, rulers = run->rulers;
    fprintf(out, "ruling set: %d rulers for %d nodes (one slot per %d indices%s)\n", (int)rulers, (int)n,
            (int)run->sublist, rulers > run->slots ? ", plus the head" : "");
    print_int_row(out, "ruler node", run->start, rulers);
    print_int_row(out, "sublist length", run->length, rulers);
    print_int_row(out, "next ruler", run->next_ruler, rulers);
    int32_t *row = malloc((size_t)n * sizeof *row);
    if (row) {
        for (int32_t i = 0; i < n; i++)
            row[i] = run->tag[i].sublist;
        print_int_row(out, "node: sublist", row, n);
        for (int32_t i = 0; i < n; i++)
            row[i] = run->tag[i].local;
        print_int_row(out, "node: local", row, n);
        free(row);
    }
    fprintf(out, "rulers ranked by pointer jumping in %d rounds\n", run->rounds);
    print_int_row(out, "ruler to end", run->to_end, rulers);
}

int32_t ruling_set_rank_cpu(const list *l, int32_t sublist, uint32_t seed, int32_t *dist, FILE *trace)
{
    ruling_set_run run;
    if (ruling_set_run_cpu(l, sublist, seed, dist, &run) != 0)
        return -1;
    if (trace)
        ruling_set_print(trace, &run);
    const int32_t rulers = run.rulers;
    ruling_set_run_free(&run);
    return rulers;
}
