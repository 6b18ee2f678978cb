/* scan_policies.c - the three P4229 scan policies and their matching
 * reduces. Each scan computes v, the value of the prefix expression
 * expr(x[0..i]), and only then attaches init outside it; the exclusive form
 * writes the previous prefix's observation. */
#include "canonical_cpu.h"

#include <string.h>

static double attach_init(double r, size_t n, int has_init, double init)
{
    if (!has_init)
        return r;
    return n == 0 ? init : init + r;
}

/* The observation of one prefix value v (of x[0..i]) in the requested form.
 * *before holds the observation of the previous prefix (for exclusive). */
static void observe(double *out, size_t i, double v, int exclusive, int has_init, double init, double *before)
{
    const double seen = has_init ? init + v : v;
    if (exclusive) {
        out[i] = *before;
        *before = seen;
    } else {
        out[i] = seen;
    }
}

static double empty_observation(int has_init, double init)
{
    return has_init ? init : 0.0;
}

double left_fold_reduce(const double *x, size_t n, int has_init, double init)
{
    double acc = n ? x[0] : 0.0;
    for (size_t i = 1; i < n; i++)
        acc = acc + x[i];
    return attach_init(acc, n, has_init, init);
}

void left_fold_scan(const double *x, double *out, size_t n, int exclusive, int has_init, double init)
{
    double before = empty_observation(has_init, init), v = 0.0;
    for (size_t i = 0; i < n; i++) {
        v = i == 0 ? x[0] : v + x[i];
        observe(out, i, v, exclusive, has_init, init, &before);
    }
}

double iterated_pairwise_reduce(const double *x, size_t n, int has_init, double init)
{
    return attach_init(pairwise_value(x, n), n, has_init, init);
}

// [listing iterated-pairwise-scan]
/* The counter is the state; every prefix is observed from it. Keeping the
 * state costs O(1) amortised per element, but observing costs one addition
 * per live subtree beyond the first (popcount(i+1) - 1): no two prefixes share
 * such an addition, because each one ends with a different element. */
void iterated_pairwise_scan(const double *x, double *out, size_t n, int exclusive, int has_init, double init)
{
    double before = empty_observation(has_init, init);
    pairwise_counter c;
    pairwise_counter_init(&c);
    for (size_t i = 0; i < n; i++) {
        pairwise_counter_push(&c, x[i]);
        observe(out, i, pairwise_counter_value(&c), exclusive, has_init, init, &before);
    }
}
// [end]

// [listing block-dyadic-reduce]
double block_dyadic_reduce(const double *x, size_t n, unsigned block, int has_init, double init)
{
    const size_t full = n / block, leftover = n % block;
    pairwise_counter roots; /* D_f: the pairwise value of the block roots */
    pairwise_counter_init(&roots);
    for (size_t b = 0; b < full; b++)
        pairwise_counter_push(&roots, pairwise_value(x + b * block, block));
    double r;
    if (leftover == 0)
        r = pairwise_counter_value(&roots); /* D_f (+0.0 when n == 0) */
    else if (full == 0)
        r = pairwise_value(x, leftover); /* P_0(r - 1) */
    else
        r = pairwise_counter_value(&roots) + pairwise_value(x + full * block, leftover);
    return attach_init(r, n, has_init, init);
}
// [end]

// [listing block-dyadic-scan]
/* Element j of block b: D_{b+1} when j is the block's last element, P_0(j)
 * in block 0, otherwise D_b + P_b(j) -- the carry D_b joins as a peer. */
void block_dyadic_scan(const double *x, double *out, size_t n, unsigned block, int exclusive, int has_init, double init)
{
    /* BEGIN SOLUTION */
    double before = empty_observation(has_init, init);
    pairwise_counter roots, within; /* roots: D_b; within: P_b(j) */
    pairwise_counter_init(&roots);
    pairwise_counter_init(&within);
    double carry = 0.0; /* D_b, valid when b > 0 */
    for (size_t i = 0; i < n; i++) {
        pairwise_counter_push(&within, x[i]);
        double v;
        if (within.count == block) { /* block-final: its root joins the roots */
            pairwise_counter_push(&roots, pairwise_counter_value(&within));
            pairwise_counter_init(&within);
            carry = pairwise_counter_value(&roots);
            v = carry;
        } else if (roots.count == 0) {
            v = pairwise_counter_value(&within);
        } else {
            v = carry + pairwise_counter_value(&within);
        }
        observe(out, i, v, exclusive, has_init, init, &before);
    }
    /* STUDENT: element j of block b is D_{b+1} when it ends the block, P_0(j) in block 0, else D_b + P_b(j).
    // Keep two pairwise counters (the block roots, the current block) and hand each prefix value to observe(),
    // which attaches init and shifts for the exclusive form.
    (void)x; (void)block; (void)exclusive; (void)has_init; (void)init;
    memset(out, 0, n * sizeof *out);
    */
    /* END SOLUTION */
}
// [end]

static const char *const policy_names[] = { "left_fold", "iterated_pairwise", "block_dyadic" };

const char *scan_policy_name(scan_policy policy)
{
    return policy_names[policy];
}

int scan_policy_parse(const char *text, scan_policy *policy)
{
    for (int p = 0; p < 3; p++) {
        if (strcmp(text, policy_names[p]) == 0) {
            *policy = (scan_policy)p;
            return 0;
        }
    }
    return -1;
}

double policy_reduce(scan_policy policy, unsigned block, const double *x, size_t n, int has_init, double init)
{
    switch (policy) {
    case POLICY_LEFT_FOLD: return left_fold_reduce(x, n, has_init, init);
    case POLICY_ITERATED_PAIRWISE: return iterated_pairwise_reduce(x, n, has_init, init);
    case POLICY_BLOCK_DYADIC: return block_dyadic_reduce(x, n, block, has_init, init);
    }
    return 0.0;
}

void policy_scan(scan_policy policy, unsigned block, const double *x, double *out, size_t n, int exclusive,
                 int has_init, double init)
{
    switch (policy) {
    case POLICY_LEFT_FOLD: left_fold_scan(x, out, n, exclusive, has_init, init); break;
    case POLICY_ITERATED_PAIRWISE: iterated_pairwise_scan(x, out, n, exclusive, has_init, init); break;
    case POLICY_BLOCK_DYADIC: block_dyadic_scan(x, out, n, block, exclusive, has_init, init); break;
    }
}
