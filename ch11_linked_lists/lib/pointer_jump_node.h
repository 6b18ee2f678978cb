/* pointer_jump_node.h - what one node does in one round of pointer jumping
 * (Wyllie's list ranking). The kernels in pointer_jump.cu run these for
 * every node at once; rank_emulation.c runs them in a loop on the CPU.
 *
 * Invariant: dist[i] counts the hops from node i to node next[i] (to the
 * tail when next[i] is -1). A jump keeps it true and doubles the reach. */
#ifndef CH11_POINTER_JUMP_NODE_H
#define CH11_POINTER_JUMP_NODE_H

#include "list_types.h"

/* Round 0: every node knows one hop; the tail knows it is the end. */
LIST_HD void pointer_jump_init_node(int32_t i, const list_node *node, int32_t *next, int32_t *dist)
{
    next[i] = node[i].next;
    dist[i] = node[i].next == LIST_NULL ? 0 : 1;
}

// [listing pointer-jump-node]
/* Double-buffered: reads only the previous round (_in), writes only the
 * next one (_out), so no node can see a neighbour's half-finished update.
 * Returns 1 while node i still has somewhere to jump. */
LIST_HD int pointer_jump_node(int32_t i, const int32_t *next_in, const int32_t *dist_in, int32_t *next_out,
                              int32_t *dist_out)
{
    /* BEGIN SOLUTION */
    const int32_t succ = next_in[i];
    if (succ == LIST_NULL) { /* already reaches the end: carry over */
        next_out[i] = LIST_NULL;
        dist_out[i] = dist_in[i];
        return 0;
    }
    const int32_t succ_next = next_in[succ];
    dist_out[i] = dist_in[i] + dist_in[succ];
    next_out[i] = succ_next;
    return succ_next != LIST_NULL;
    /* STUDENT: one jump of node i: add the successor's distance to its own and take the successor's successor (11.2).
    // Read only next_in and dist_in, write only next_out[i] and dist_out[i]; a node at the end carries its pair over.
    // Return 1 while node i still has somewhere to jump.
    (void)next_in; (void)dist_in;
    next_out[i] = LIST_NULL;
    dist_out[i] = 0;
    return 0;
    */
    /* END SOLUTION */
}
// [end]

// [listing pointer-jump-node-in-place]
/* The trap: one pair of arrays, read and written in the same round. The
 * successor's (next, dist) pair may be rewritten by its own thread between
 * our two loads, and then we combine one field of the old pair with one of
 * the new. */
LIST_HD int pointer_jump_node_in_place(int32_t i, int32_t *next, int32_t *dist)
{
    /* BEGIN SOLUTION */
    const int32_t succ = next[i];
    if (succ == LIST_NULL)
        return 0;
    dist[i] = dist[i] + dist[succ];       /* load 1: the successor's dist */
    const int32_t succ_next = next[succ]; /* load 2: its next, possibly newer */
    next[i] = succ_next;
    return succ_next != LIST_NULL;
    /* STUDENT: optional: the same jump as pointer_jump_node, reading and writing one pair of arrays (the trap of 11.2).
    // Not graded; blanked so that it does not give pointer_jump_node away.
    (void)i; (void)next; (void)dist;
    return 0;
    */
    /* END SOLUTION */
}
// [end]

#endif
