/* ruling_set_node.h - the per-thread steps of list ranking by a sparse
 * ruling set (Helman and JaJa's idea): a few nodes become rulers, each
 * ruler walks its own stretch of the list (its sublist) up to the next
 * ruler, the short list of rulers is ranked by pointer jumping, and every
 * node adds its ruler's distance to its own local rank.
 * Compiled twice, like pointer_jump_node.h: CPU emulation and kernels. */
#ifndef CH11_RULING_SET_NODE_H
#define CH11_RULING_SET_NODE_H

#include "list_types.h"

/* What a walk loads per hop: the successor and whether this node is a
 * ruler (its sublist id) or not (LIST_NULL), in one 8-byte load. */
typedef struct {
    LIST_ALIGN8 int32_t next;
    int32_t ruler;
} ruler_link;

/* What a walk stores per node: its sublist and its position in it. */
typedef struct {
    LIST_ALIGN8 int32_t sublist;
    int32_t local;
} sublist_tag;

/* A 32-bit mixing function (Wellons' lowbias32): neighbouring slots get
 * unrelated picks. */
LIST_HD uint32_t ruler_hash(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

/* Number of ruler slots: one per block of `sublist` consecutive indices. */
LIST_HD int32_t ruler_slots(int32_t n, int32_t sublist)
{
    return (int32_t)(((int64_t)n + sublist - 1) / sublist);
}

// [listing ruler-pick]
/* Ruler j is one pseudo-random node among the indices [j*k, j*k + k). In
 * a list stored in random order that is a random position in the list;
 * one extra ruler, number `slots`, is the head when no slot picked it. */
LIST_HD int32_t ruler_start(int32_t j, int32_t slots, int32_t k, int32_t n, uint32_t seed, int32_t head)
{
    if (j == slots)
        return head;
    const int64_t first = (int64_t)j * k;
    const int64_t width = n - first < k ? n - first : k;
    return (int32_t)(first + ruler_hash((uint32_t)j * 0x9E3779B9U ^ seed) % (uint64_t)width);
}
// [end]

// [listing ruler-walk]
/* Ruler j walks from its own node to just before the next ruler, tagging
 * each node with (j, local rank). Returns the sublist's length and puts
 * the next ruler's id (LIST_NULL after the last sublist) in *next_ruler. */
LIST_HD int32_t ruler_walk(int32_t j, int32_t start, const ruler_link *link, sublist_tag *tag, int32_t *next_ruler)
{
    sublist_tag t;
    t.sublist = j;
    t.local = 0;
    tag[start] = t;
    int32_t cur = link[start].next;
    int32_t reached = LIST_NULL;
    while (cur != LIST_NULL) {
        const ruler_link here = link[cur]; /* successor and ruler mark at once */
        if (here.ruler != LIST_NULL) {
            reached = here.ruler;
            break;
        }
        t.local++;
        tag[cur] = t;
        cur = here.next;
    }
    *next_ruler = reached;
    return t.local + 1;
}
// [end]

// [listing sublist-finish]
/* After the rulers are ranked, to_end[j] counts the nodes from ruler j to
 * the tail (both included); a node local steps after its ruler is that
 * many steps closer to the end. */
LIST_HD int32_t sublist_distance_to_end(sublist_tag t, const int32_t *to_end)
{
    return to_end[t.sublist] - 1 - t.local;
}
// [end]

#endif
