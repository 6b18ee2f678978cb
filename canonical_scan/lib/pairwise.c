/* pairwise.c - the pairwise (shift-reduce) rule as a binary counter: the
 * building block of every canonical expression in this chapter. */
#include "canonical_cpu.h"

void pairwise_counter_init(pairwise_counter *c)
{
    c->count = 0;
}

// [listing counter-push]
/* Adding one element is adding 1 to a binary counter: every trailing 1 bit
 * of count is a complete subtree of the same size as the carry, so the two
 * merge (the older, left subtree is the left operand) and carry on upwards. */
void pairwise_counter_push(pairwise_counter *c, double v)
{
    /* BEGIN SOLUTION */
    double carry = v;
    unsigned k = 0;
    for (uint64_t bits = c->count; bits & 1; bits >>= 1, k++)
        carry = c->tree[k] + carry;
    c->tree[k] = carry;
    c->count++;
    /* STUDENT: push v as a binary counter adds 1: each trailing 1 bit of c->count is a complete subtree that merges with the carry.
    // The older (left) subtree is the left operand: c->tree[k] + carry. Store the carry in its slot and count the element.
    (void)c; (void)v;
    */
    /* END SOLUTION */
}
// [end]

// [listing counter-value]
/* Observing the counter folds the live subtrees from the smallest (the most
 * recent elements) to the largest: T_big + (... + (T_mid + T_small)). */
double pairwise_counter_value(const pairwise_counter *c)
{
    /* BEGIN SOLUTION */
    uint64_t bits = c->count;
    if (bits == 0)
        return 0.0;
    unsigned k = 0;
    while (!(bits & 1)) {
        bits >>= 1;
        k++;
    }
    double acc = c->tree[k];
    for (bits >>= 1, k++; bits != 0; bits >>= 1, k++)
        if (bits & 1)
            acc = c->tree[k] + acc;
    return acc;
    /* STUDENT: fold the live subtrees (the 1 bits of c->count) from the smallest upwards: T_big + (... + (T_mid + T_small)).
    // Nothing pushed yet: +0.0.
    (void)c;
    return 0.0;
    */
    /* END SOLUTION */
}
// [end]

double pairwise_value(const double *x, size_t n)
{
    pairwise_counter c;
    pairwise_counter_init(&c);
    for (size_t i = 0; i < n; i++)
        pairwise_counter_push(&c, x[i]);
    return pairwise_counter_value(&c);
}
