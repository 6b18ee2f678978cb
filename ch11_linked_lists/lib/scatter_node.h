/* scatter_node.h - list to array once the ranks are known (11.3). */
#ifndef CH11_SCATTER_NODE_H
#define CH11_SCATTER_NODE_H

#include "list_types.h"

// [listing scatter-node]
/* Node i knows its own position from its own distance to the end; no
 * other node's answer is needed, and no two nodes write the same slot. */
LIST_HD void scatter_node(int32_t i, int32_t n, const list_node *node, const int32_t *dist, int32_t *out)
{
    /* BEGIN SOLUTION */
    const int32_t position = n - 1 - dist[i];
    if (position >= 0 && position < n) /* a wrong rank must not write out of bounds */
        out[position] = node[i].value;
    /* STUDENT: write node i's value where its distance to the end puts it in the list's order (11.3).
    // dist[i] counts the hops to the tail; never write outside out[0..n-1], even for a wrong dist.
    (void)i; (void)n; (void)node; (void)dist; (void)out;
    */
    /* END SOLUTION */
}
// [end]

#endif
