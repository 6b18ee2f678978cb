/* list.c - building lists in memory (reading them from files: list_io.c). */
#include "list.h"
#include "common.h"

#include <stdlib.h>

int list_alloc(list *l, int32_t n)
{
    l->n = n;
    l->head = LIST_NULL;
    l->node = malloc((size_t)(n > 0 ? n : 1) * sizeof *l->node);
    return l->node ? 0 : -1;
}

void list_free(list *l)
{
    free(l->node);
    l->node = NULL;
    l->n = 0;
}

void list_make_in_order(list *l, int32_t scale)
{
    for (int32_t i = 0; i < l->n; i++) {
        l->node[i].value = (i + 1) * scale;
        l->node[i].next = i + 1 < l->n ? i + 1 : LIST_NULL;
    }
    l->head = 0;
}

int list_make_random(list *l, uint64_t seed, int32_t scale)
{
    uint32_t *perm = malloc((size_t)(l->n > 0 ? l->n : 1) * sizeof *perm); /* perm[p]: node at position p */
    if (perm == NULL)
        return -1;
    for (int32_t p = 0; p < l->n; p++)
        perm[p] = (uint32_t)p;
    splitmix64 g = { seed };
    splitmix64_shuffle_u32(&g, perm, (size_t)l->n);
    for (int32_t p = 0; p < l->n; p++) {
        list_node *node = &l->node[perm[p]];
        node->value = (p + 1) * scale;
        node->next = p + 1 < l->n ? (int32_t)perm[p + 1] : LIST_NULL;
    }
    l->head = (int32_t)perm[0];
    free(perm);
    return 0;
}
