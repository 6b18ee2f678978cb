/* wyllie_packed_node.h - one round of pointer jumping on packed nodes: a
 * node's successor and its distance to that successor live side by side in
 * 8 bytes, so reading the successor's pair is ONE 8-byte load (one 32-byte
 * memory sector) instead of two 4-byte loads from two arrays (two sectors).
 * Compiled by nvcc for gpu/wyllie_packed.cu; the rules are those of
 * pointer_jump_node.h. */
#ifndef CH11_WYLLIE_PACKED_NODE_H
#define CH11_WYLLIE_PACKED_NODE_H

#include "list_types.h"

/* next and dist of one node; the 8-byte alignment lets the compiler load
 * both with one 64-bit instruction. */
typedef struct {
    LIST_ALIGN8 int32_t next;
    int32_t dist;
} jump_link;

/* Round 0: the pool's successor, and one hop to it (0 at the tail). */
LIST_HD jump_link jump_link_init(list_node node)
{
    jump_link j;
    j.next = node.next;
    j.dist = node.next == LIST_NULL ? 0 : 1;
    return j;
}

// [listing wyllie-packed-node]
/* Double-buffered like pointer_jump_node: reads round r (in), writes round
 * r + 1 (out). Returns 1 while node i still has somewhere to jump. */
LIST_HD int pointer_jump_packed_node(int32_t i, const jump_link *in, jump_link *out)
{
    const jump_link self = in[i]; /* coalesced: neighbouring threads, neighbouring nodes */
    if (self.next == LIST_NULL) {
        out[i] = self;
        return 0;
    }
    const jump_link succ = in[self.next]; /* the random gather: one load, both fields */
    jump_link jumped;
    jumped.next = succ.next;
    jumped.dist = self.dist + succ.dist;
    out[i] = jumped;
    return succ.next != LIST_NULL;
}
// [end]

#endif
