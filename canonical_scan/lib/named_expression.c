/* named_expression.c - see named_expression.h. Written to mirror the
 * definitions line by line, not to be fast. */
#include "named_expression.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "alloc.h"
#include "exit_codes.h"

int expr_arena_init(expr_arena *a, size_t capacity)
{
    a->node = malloc(capacity * sizeof *a->node);
    a->count = 0;
    a->capacity = a->node ? capacity : 0;
    return a->node ? 0 : -1;
}

void expr_arena_free(expr_arena *a)
{
    free(a->node);
    a->node = NULL;
    a->count = a->capacity = 0;
}

void expr_arena_reset(expr_arena *a)
{
    a->count = 0;
}

static int expr_new(expr_arena *a, int left, int right)
{
    if (a->count == a->capacity) { /* a sizing bug in the caller, not bad input */
        fprintf(stderr, "error: expression arena of %zu nodes is full\n", a->capacity);
        exit(EXIT_MISMATCH);
    }
    a->node[a->count] = (expr_node){ left, right };
    return (int)a->count++;
}

int expr_leaf(expr_arena *a, size_t index)
{
    return expr_new(a, EXPR_LEAF, (int)index);
}

int expr_add(expr_arena *a, int left, int right)
{
    return expr_new(a, left, right);
}

// [listing pairwise-levels]
int expr_pairwise_levels(expr_arena *a, const int *terms, size_t m)
{
    if (m == 0)
        return EXPR_EMPTY;
    int *t = alloc_or_exit(m, sizeof *t, "the expression terms");
    memcpy(t, terms, m * sizeof *t);
    while (m > 1) {
        size_t next = 0;
        for (size_t k = 0; k + 1 < m; k += 2)
            t[next++] = expr_add(a, t[k], t[k + 1]); /* neighbours (0,1), (2,3), ... */
        if (m % 2)
            t[next++] = t[m - 1]; /* an odd last term goes up unchanged */
        m = next;
    }
    const int root = t[0];
    free(t);
    return root;
}
// [end]

int literal_pairwise(expr_arena *a, size_t first, size_t count)
{
    int *t = alloc_or_exit(count, sizeof *t, "the expression terms");
    for (size_t k = 0; k < count; k++)
        t[k] = expr_leaf(a, first + k);
    const int root = expr_pairwise_levels(a, t, count);
    free(t);
    return root;
}

int literal_lanes_reduce(expr_arena *a, size_t n, unsigned lanes)
{
    const size_t used = lanes < n ? lanes : n;
    int *lane_root = alloc_or_exit(used, sizeof *lane_root, "the lane roots");
    int *t = alloc_or_exit(n / lanes + 1, sizeof *t, "the expression terms");
    for (size_t lane = 0; lane < used; lane++) {
        size_t m = 0;
        for (size_t i = lane; i < n; i += lanes)
            t[m++] = expr_leaf(a, i);
        lane_root[lane] = expr_pairwise_levels(a, t, m);
    }
    const int root = expr_pairwise_levels(a, lane_root, used);
    free(lane_root);
    free(t);
    return root;
}

static int literal_left_fold(expr_arena *a, size_t count)
{
    if (count == 0)
        return EXPR_EMPTY;
    int acc = expr_leaf(a, 0);
    for (size_t i = 1; i < count; i++)
        acc = expr_add(a, acc, expr_leaf(a, i));
    return acc;
}

/* D_b: the pairwise value of the roots of blocks 0 .. b-1. */
static int literal_block_carry(expr_arena *a, unsigned block, size_t b)
{
    int *roots = alloc_or_exit(b, sizeof *roots, "the block roots");
    for (size_t k = 0; k < b; k++)
        roots[k] = literal_pairwise(a, k * block, block);
    const int root = expr_pairwise_levels(a, roots, b);
    free(roots);
    return root;
}

int literal_scan_prefix(expr_arena *a, scan_policy policy, unsigned block, size_t i)
{
    if (policy == POLICY_LEFT_FOLD)
        return literal_left_fold(a, i + 1);
    if (policy == POLICY_ITERATED_PAIRWISE)
        return literal_pairwise(a, 0, i + 1);
    const size_t b = i / block, j = i % block;
    if (j == block - 1)
        return literal_block_carry(a, block, b + 1); /* D_{b+1} */
    if (b == 0)
        return literal_pairwise(a, 0, j + 1);                         /* P_0(j) */
    const int carry = literal_block_carry(a, block, b);               /* D_b */
    return expr_add(a, carry, literal_pairwise(a, b * block, j + 1)); /* D_b + P_b(j) */
}

int literal_reduce(expr_arena *a, scan_policy policy, unsigned block, size_t n)
{
    if (policy == POLICY_LEFT_FOLD)
        return literal_left_fold(a, n);
    if (policy == POLICY_ITERATED_PAIRWISE)
        return literal_pairwise(a, 0, n);
    const size_t f = n / block, r = n % block;
    if (r == 0)
        return literal_block_carry(a, block, f); /* D_f */
    if (f == 0)
        return literal_pairwise(a, 0, r); /* P_0(r-1) */
    const int carry = literal_block_carry(a, block, f);
    return expr_add(a, carry, literal_pairwise(a, f * block, r)); /* D_f + leftover */
}

int literal_attach_init(expr_arena *a, int has_init, int root)
{
    if (!has_init)
        return root;
    const int init = expr_new(a, EXPR_INIT, 0);
    return root == EXPR_EMPTY ? init : expr_add(a, init, root);
}

double expr_eval(const expr_arena *a, int root, const double *x, double init)
{
    if (root == EXPR_EMPTY)
        return 0.0;
    const expr_node *e = &a->node[root];
    if (e->left == EXPR_LEAF)
        return x[e->right];
    if (e->left == EXPR_INIT)
        return init;
    const double left = expr_eval(a, e->left, x, init);
    return left + expr_eval(a, e->right, x, init);
}

typedef struct {
    char *buf;
    size_t size, used;
    int overflow;
} text_buffer;

static void append(text_buffer *t, const char *s)
{
    const size_t len = strlen(s);
    if (t->overflow || t->used + len >= t->size) {
        t->overflow = 1;
        return;
    }
    memcpy(t->buf + t->used, s, len + 1);
    t->used += len;
}

static void print_node(const expr_arena *a, int root, int outer, text_buffer *t)
{
    const expr_node *e = &a->node[root];
    char leaf[32];
    if (e->left == EXPR_LEAF) {
        snprintf(leaf, sizeof leaf, "x%d", e->right);
        append(t, leaf);
    } else if (e->left == EXPR_INIT) {
        append(t, "init");
    } else {
        append(t, outer ? "" : "(");
        print_node(a, e->left, 0, t);
        append(t, " + ");
        print_node(a, e->right, 0, t);
        append(t, outer ? "" : ")");
    }
}

const char *expr_print(const expr_arena *a, int root, char *buf, size_t size)
{
    text_buffer t = { buf, size, 0, 0 };
    if (size == 0)
        return "";
    buf[0] = '\0';
    if (root == EXPR_EMPTY)
        append(&t, "0");
    else
        print_node(a, root, 1, &t);
    if (t.overflow)
        snprintf(buf, size, "(too long)");
    return buf;
}
