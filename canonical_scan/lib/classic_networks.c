/* classic_networks.c - see classic_networks.h. The networks are written as
 * the textbooks draw them, one loop per level; the evaluator below runs any
 * of them on values, on expressions and on depths at once. */
#include "classic_networks.h"

#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "canonical_cpu.h"

static const char *const names[NET_COUNT] = { "kogge_stone", "brent_kung", "blelloch", "sklansky",
                                              "kogge_stone_reversed" };
static const char *const titles[NET_COUNT] = { "Kogge-Stone", "Brent-Kung", "Blelloch", "Sklansky",
                                               "Kogge-Stone, distances reversed" };

const char *network_name(classic_network net)
{
    return names[net];
}

const char *network_title(classic_network net)
{
    return titles[net];
}

int network_parse(const char *text, classic_network *net)
{
    for (int k = 0; k < NET_COUNT; k++) {
        if (strcmp(text, names[k]) == 0) {
            *net = (classic_network)k;
            return 0;
        }
    }
    return -1;
}

int network_is_exclusive(classic_network net)
{
    return net == NET_BLELLOCH;
}

size_t network_wires(size_t n)
{
    size_t w = 1;
    while (w < n)
        w *= 2;
    return w;
}

static void emit(net_op_fn fn, void *ctx, netop_kind kind, size_t target, size_t left, size_t right)
{
    const net_op op = { kind, target, left, right };
    fn(ctx, &op);
}

static void end_level(net_op_fn fn, void *ctx)
{
    emit(fn, ctx, NETOP_END_LEVEL, 0, 0, 0);
}

// [listing network-kogge-stone]
/* Level d: every wire i >= d adds the wire d below it. */
static void kogge_stone(size_t w, int reversed, net_op_fn fn, void *ctx)
{
    size_t d = reversed ? w / 2 : 1;
    for (; reversed ? d >= 1 : d < w; d = reversed ? d / 2 : d * 2) {
        for (size_t i = d; i < w; i++)
            emit(fn, ctx, NETOP_ADD, i, i - d, i);
        end_level(fn, ctx);
    }
}
// [end]

// [listing network-brent-kung]
/* Up: a tree whose node of span 2d sits on its last wire. Down: each wire
 * 3d-1, 5d-1, ... (the last of a left half not yet complete) adds the
 * prefix that ends d below it. */
static void brent_kung(size_t w, net_op_fn fn, void *ctx)
{
    for (size_t d = 1; d < w; d *= 2) {
        for (size_t i = 2 * d - 1; i < w; i += 2 * d)
            emit(fn, ctx, NETOP_ADD, i, i - d, i);
        end_level(fn, ctx);
    }
    for (size_t d = w / 4; d >= 1; d /= 2) {
        for (size_t i = 3 * d - 1; i < w; i += 2 * d)
            emit(fn, ctx, NETOP_ADD, i, i - d, i);
        end_level(fn, ctx);
    }
}
// [end]

// [listing network-blelloch]
/* Up: Brent-Kung's tree. Then the root is cleared, and on the way down each
 * node hands its prefix (everything before its subtree) to its left child,
 * and that prefix plus the left child's sum to its right child. */
static void blelloch(size_t w, int inclusive, net_op_fn fn, void *ctx)
{
    for (size_t d = 1; d < w; d *= 2) {
        for (size_t i = 2 * d - 1; i < w; i += 2 * d)
            emit(fn, ctx, NETOP_ADD, i, i - d, i);
        end_level(fn, ctx);
    }
    emit(fn, ctx, NETOP_CLEAR, w - 1, 0, 0);
    end_level(fn, ctx);
    for (size_t d = w / 2; d >= 1; d /= 2) {
        for (size_t r = 2 * d - 1; r < w; r += 2 * d) {
            emit(fn, ctx, NETOP_COPY, r - d, r, 0); /* left child: the parent's prefix */
            emit(fn, ctx, NETOP_ADD, r, r, r - d);  /* right child: prefix + left sum */
        }
        end_level(fn, ctx);
    }
    if (inclusive) { /* E[i] + x[i] */
        for (size_t i = 0; i < w; i++)
            emit(fn, ctx, NETOP_ADD_INPUT, i, i, i);
        end_level(fn, ctx);
    }
}
// [end]

// [listing network-sklansky]
/* Level d: in every block of 2d wires, the upper half adds the last wire of
 * the lower half (one value fanned out to d wires). */
static void sklansky(size_t w, net_op_fn fn, void *ctx)
{
    for (size_t d = 1; d < w; d *= 2) {
        for (size_t i = 0; i < w; i++)
            if (i & d)
                emit(fn, ctx, NETOP_ADD, i, (i & ~(2 * d - 1)) + d - 1, i);
        end_level(fn, ctx);
    }
}
// [end]

void network_enumerate(classic_network net, size_t n, int inclusive, net_op_fn fn, void *ctx)
{
    const size_t w = network_wires(n);
    switch (net) {
    case NET_KOGGE_STONE: kogge_stone(w, 0, fn, ctx); break;
    case NET_KOGGE_STONE_REVERSED: kogge_stone(w, 1, fn, ctx); break;
    case NET_BRENT_KUNG: brent_kung(w, fn, ctx); break;
    case NET_BLELLOCH: blelloch(w, inclusive, fn, ctx); break;
    case NET_SKLANSKY: sklansky(w, fn, ctx); break;
    case NET_COUNT: break;
    }
}

/* ---- the evaluator -------------------------------------------------------
 * One wire carries a value, its expression and the depth of additions
 * behind it; `present` is 0 for an empty wire. Each level reads `now` and
 * writes `next` (a copy of `now` when the level starts). */
typedef struct {
    double value;
    int node;
    unsigned depth;
    int present;
} wire;

typedef struct {
    wire *now, *next, *input; /* input: the leaves x[0..n-1], empty beyond */
    size_t w;
    const double *x;   /* NULL: no values */
    expr_arena *arena; /* NULL: no expressions */
    uint64_t work, levels, level_work;
} network_run;

/* a + b on two wires, where an empty operand is no addition. */
static wire combine(network_run *r, wire a, wire b)
{
    if (!a.present)
        return b;
    if (!b.present)
        return a;
    wire s = { a.value + b.value, -1, (a.depth > b.depth ? a.depth : b.depth) + 1, 1 };
    if (r->arena)
        s.node = expr_add(r->arena, a.node, b.node);
    r->level_work++;
    return s;
}

static void run_op(void *ctx, const net_op *op)
{
    network_run *r = ctx;
    switch (op->kind) {
    case NETOP_ADD: r->next[op->target] = combine(r, r->now[op->left], r->now[op->right]); break;
    case NETOP_ADD_INPUT: /* the prefix before x[i], then x[i] itself */
        r->next[op->target] = combine(r, r->now[op->target], r->input[op->target]);
        break;
    case NETOP_COPY: r->next[op->target] = r->now[op->left]; break;
    case NETOP_CLEAR: r->next[op->target] = (wire){ 0.0, EXPR_EMPTY, 0, 0 }; break;
    case NETOP_END_LEVEL:
        memcpy(r->now, r->next, r->w * sizeof *r->now);
        r->work += r->level_work;
        r->levels += r->level_work > 0;
        r->level_work = 0;
        break;
    }
}

/* Runs the network on n leaves; `out` gets the n outputs of the scan form
 * asked for, and the cost is counted on the way. */
static network_cost run_network(classic_network net, size_t n, int exclusive, const double *x, expr_arena *arena,
                                wire *out)
{
    network_run r = { NULL, NULL, NULL, network_wires(n), x, arena, 0, 0, 0 };
    r.now = alloc_or_exit(r.w, sizeof *r.now, "the network's wires");
    r.next = alloc_or_exit(r.w, sizeof *r.next, "the network's wires");
    r.input = alloc_or_exit(r.w, sizeof *r.input, "the network's inputs");
    for (size_t i = 0; i < r.w; i++) {
        r.input[i] = (wire){ 0.0, EXPR_EMPTY, 0, 0 };
        if (i < n) {
            r.input[i].present = 1;
            r.input[i].value = x ? x[i] : 0.0;
            r.input[i].node = arena ? expr_leaf(arena, i) : -1;
        }
    }
    memcpy(r.now, r.input, r.w * sizeof *r.now);
    memcpy(r.next, r.input, r.w * sizeof *r.next);
    const int native_exclusive = network_is_exclusive(net);
    network_enumerate(net, n, !exclusive, run_op, &r);
    /* Blelloch gives its form directly; the others are inclusive, and
     * their exclusive form is the shift S[i-1] (empty for i == 0). */
    for (size_t i = 0; i < n; i++) {
        if (native_exclusive || !exclusive)
            out[i] = r.now[i];
        else
            out[i] = i == 0 ? (wire){ 0.0, EXPR_EMPTY, 0, 0 } : r.now[i - 1];
    }
    network_cost cost = { r.work, 0, r.levels };
    for (size_t i = 0; i < n; i++)
        if (out[i].present && out[i].depth > cost.span)
            cost.span = out[i].depth;
    free(r.now);
    free(r.next);
    free(r.input);
    return cost;
}

void classic_scan(classic_network net, const double *x, double *out, size_t n, int exclusive, int has_init, double init)
{
    wire *o = alloc_or_exit(n ? n : 1, sizeof *o, "the network's outputs");
    run_network(net, n, exclusive, x, NULL, o);
    for (size_t i = 0; i < n; i++) {
        if (!o[i].present)
            out[i] = has_init ? init : 0.0; /* the empty prefix */
        else
            out[i] = has_init ? init + o[i].value : o[i].value;
    }
    free(o);
}

void classic_scan_expressions(classic_network net, size_t n, int exclusive, expr_arena *a, int *root)
{
    wire *o = alloc_or_exit(n ? n : 1, sizeof *o, "the network's outputs");
    run_network(net, n, exclusive, NULL, a, o);
    for (size_t i = 0; i < n; i++)
        root[i] = o[i].present ? o[i].node : EXPR_EMPTY;
    free(o);
}

network_cost classic_scan_cost(classic_network net, size_t n, int exclusive)
{
    wire *o = alloc_or_exit(n ? n : 1, sizeof *o, "the network's outputs");
    const network_cost cost = run_network(net, n, exclusive, NULL, NULL, o);
    free(o);
    return cost;
}

// [listing network-formulas]
network_cost classic_scan_cost_formula(classic_network net, unsigned k, int exclusive)
{
    const uint64_t n = (uint64_t)1 << k;
    switch (net) {
    case NET_KOGGE_STONE:
    case NET_KOGGE_STONE_REVERSED: /* n - d additions at each distance d */
        return (network_cost){ k * n - (n - 1), k, k };
    case NET_BRENT_KUNG: /* n - 1 up, n - 1 - k down */ return (network_cost){ 2 * n - 2 - k, 2 * k - 2, 2 * k - 1 };
    case NET_BLELLOCH: /* n - 1 up, n - 1 - k down (one empty prefix a level); + n - 1 inclusive */
        return exclusive ? (network_cost){ 2 * n - 2 - k, 2 * k - 2, 2 * k - 1 }
                         : (network_cost){ 3 * n - 3 - k, 2 * k - 1, 2 * k };
    case NET_SKLANSKY: /* n / 2 additions at every level */ return (network_cost){ n / 2 * k, k, k };
    case NET_COUNT: break;
    }
    return (network_cost){ 0, 0, 0 };
}
// [end]

// [listing classic-device-reference]
void classic_device_scan_reference(classic_network net, unsigned tile, const double *x, double *out, size_t n)
{
    pairwise_counter roots; /* D_b: the pairwise value of the tile totals so far */
    pairwise_counter_init(&roots);
    for (size_t first = 0; first < n; first += tile) {
        const size_t m = n - first < tile ? n - first : tile;
        const double carry = pairwise_counter_value(&roots);     /* D_b */
        classic_scan(net, x + first, out + first, m, 0, 0, 0.0); /* N_b(j) */
        for (size_t j = 0; first > 0 && j < m; j++)
            out[first + j] = carry + out[first + j]; /* D_b + N_b(j) */
        if (m == tile) {                             /* a full tile ends in D_{b+1} */
            pairwise_counter_push(&roots, pairwise_value(x + first, m));
            out[first + m - 1] = pairwise_counter_value(&roots);
        }
    }
}
// [end]
