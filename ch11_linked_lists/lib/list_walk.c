/* list_walk.c - see list_walk.h. */
#include "list_walk.h"

int64_t array_sum(const int32_t *a, int32_t n)
{
    int64_t sum = 0;
    for (int32_t i = 0; i < n; i++)
        sum += a[i];
    return sum;
}

// [listing rank-by-walk]
void rank_by_walk(const list *l, int32_t *dist)
{
    int32_t position = 0;
    for (int32_t cur = l->head; cur != LIST_NULL; cur = l->node[cur].next)
        dist[cur] = l->n - 1 - position++; /* nodes still to come after cur */
}
// [end]

void list_to_array_walk(const list *l, int32_t *out)
{
    int32_t position = 0;
    for (int32_t cur = l->head; cur != LIST_NULL; cur = l->node[cur].next)
        out[position++] = l->node[cur].value;
}

void list_walk_visits(const list *l, int32_t *visit)
{
    int32_t position = 0;
    for (int32_t cur = l->head; cur != LIST_NULL; cur = l->node[cur].next)
        visit[position++] = cur;
}

int ranks_consistent(const list *l, const int32_t *dist)
{
    for (int32_t i = 0; i < l->n; i++) {
        const int32_t next = l->node[i].next;
        const int64_t want = next == LIST_NULL ? 0 : (int64_t)dist[next] + 1;
        if (dist[i] != want)
            return 0;
    }
    return 1;
}

int32_t count_differences(const int32_t *a, const int32_t *b, int32_t n, int32_t *first)
{
    int32_t count = 0;
    *first = -1;
    for (int32_t i = 0; i < n; i++) {
        if (a[i] != b[i]) {
            if (count == 0)
                *first = i;
            count++;
        }
    }
    return count;
}

int ceil_log2(int64_t n)
{
    int r = 0;
    while (((int64_t)1 << r) < n)
        r++;
    return r;
}
