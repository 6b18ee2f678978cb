/* rank_emulation.c - see rank_emulation.h. */
#include "rank_emulation.h"
#include "list_source.h"
#include "list_walk.h"
#include "pointer_jump_node.h"
#include "ruling_set_node.h"

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
        int32_t *t = next[0]; next[0] = next[1]; next[1] = t;
        t = dist[0]; dist[0] = dist[1]; dist[1] = t;
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

int32_t ruling_set_rank_cpu(const list *l, int32_t sublist, uint32_t seed, int32_t *dist, FILE *trace)
{
    const int32_t n = l->n, slots = ruler_slots(n, sublist);
    const int extra = ruler_start(l->head / sublist, slots, sublist, n, seed, l->head) != l->head;
    const int32_t rulers = slots + extra;
    ruler_link *link = malloc((size_t)n * sizeof *link);
    sublist_tag *tag = malloc((size_t)n * sizeof *tag);
    int32_t *rbuf = malloc(4 * (size_t)rulers * sizeof *rbuf);
    if (link == NULL || tag == NULL || rbuf == NULL) {
        free(link); free(tag); free(rbuf);
        return -1;
    }
    int32_t *rnext[2] = { rbuf, rbuf + rulers }, *rdist[2] = { rbuf + 2 * (size_t)rulers, rbuf + 3 * (size_t)rulers };
    /* step 1: links without marks, then mark the rulers */
    for (int32_t i = 0; i < n; i++) {
        link[i].next = l->node[i].next;
        link[i].ruler = LIST_NULL;
    }
    for (int32_t j = 0; j < rulers; j++)
        link[ruler_start(j, slots, sublist, n, seed, l->head)].ruler = j;
    /* step 2: every ruler walks its sublist; the rulers form a short list
     * weighted by sublist length */
    for (int32_t j = 0; j < rulers; j++)
        rdist[0][j] = ruler_walk(j, ruler_start(j, slots, sublist, n, seed, l->head), link, tag, &rnext[0][j]);
    if (trace) {
        fprintf(trace, "ruling set: %d rulers for %d nodes (one slot per %d indices%s)\n", (int)rulers,
                (int)n, (int)sublist, extra ? ", plus the head" : "");
        int32_t *row = malloc((size_t)(n > rulers ? n : rulers) * sizeof *row);
        if (row) {
            for (int32_t j = 0; j < rulers; j++)
                row[j] = ruler_start(j, slots, sublist, n, seed, l->head);
            print_int_row(trace, "ruler node", row, rulers);
            print_int_row(trace, "sublist length", rdist[0], rulers);
            print_int_row(trace, "next ruler", rnext[0], rulers);
            for (int32_t i = 0; i < n; i++)
                row[i] = tag[i].sublist;
            print_int_row(trace, "node: sublist", row, n);
            for (int32_t i = 0; i < n; i++)
                row[i] = tag[i].local;
            print_int_row(trace, "node: local", row, n);
            free(row);
        }
    }
    /* step 3: rank the rulers by pointer jumping on their weighted list */
    const int rounds = jump_until_done(rnext, rdist, rulers, NULL, NULL);
    if (trace) {
        fprintf(trace, "rulers ranked by pointer jumping in %d rounds\n", rounds);
        print_int_row(trace, "ruler to end", rdist[0], rulers);
    }
    /* step 4: every node adds its ruler's distance to its local rank */
    for (int32_t i = 0; i < n; i++)
        dist[i] = sublist_distance_to_end(tag[i], rdist[0]);
    free(link); free(tag); free(rbuf);
    return rounds < 0 ? -1 : rulers;
}
