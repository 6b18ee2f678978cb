/* tree_trace.c - see tree_trace.h. */
#include "tree_trace.h"

#include <string.h>

// [listing cpu-tree-level]
void tree_sum_traced(const long long *x, size_t n, long long *scratch, tree_trace *t)
{
    memset(t, 0, sizeof *t);
    memcpy(scratch, x, n * sizeof *x);
    /* BEGIN SOLUTION */
    size_t m = n; /* values alive at the start of this level */
    while (m > 1) {
        tree_level *lv = &t->level[t->span];
        const size_t pairs = m / 2;
        for (size_t i = 0; i < pairs; i++) /* independent of each other */
            scratch[i] = scratch[2 * i] + scratch[2 * i + 1];
        lv->odd_carry = (int)(m % 2);
        if (lv->odd_carry)
            scratch[pairs] = scratch[m - 1]; /* carried, no addition */
        lv->elements_before = (long long)m;
        lv->additions = (long long)pairs;
        lv->elements_after = (long long)(pairs + m % 2);
        t->work += (long long)pairs;
        t->span++; /* one more level: one more link in the chain */
        m = pairs + m % 2;
    }
    t->sum = scratch[0];
    /* STUDENT: add neighbours pairwise in scratch, one level per step, until one value is left (3.2).
    // t is zeroed and scratch holds a copy of x: fill t->level[] level by level, count t->work and t->span, leave the sum in t->sum.
    */
    /* END SOLUTION */
}
// [end]

int ceil_log2_u64(uint64_t n)
{
    int k = 0;
    while (k < 64 && (UINT64_C(1) << k) < n)
        k++;
    return k;
}

int tree_odd_carry_levels(const tree_trace *t)
{
    int count = 0;
    for (int k = 0; k < t->span; k++)
        count += t->level[k].odd_carry;
    return count;
}
