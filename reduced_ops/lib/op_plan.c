/* op_plan.c - lays out each op's operands in one image and describes its
 * stages; see op_plan.h for the table of ops. */
#include "op_plan.h"

#include <stdio.h>
#include <string.h>

static const char *const names[OP_COUNT] = {
    "gemm", "gemv", "syrk", "tensor_vec_contract", "vec_tensor_vec", "congruence_sym", "bilinear",
};

static const char *const formulas[OP_COUNT] = {
    "C = alpha*A*B + beta*C",          "y = alpha*A*x + beta*y", "C = alpha*A*A^T + beta*C",
    "M[i][j] = sum_c T[i][j][c]*v[c]", "s[t] = u^T * T_t * w",   "Q = alpha*X^T*S*X + beta*Q",
    "R = alpha*X^T*M*Y + beta*R",
};

const char *op_name(op_kind op)
{
    return (op >= 0 && op < OP_COUNT) ? names[op] : "?";
}
const char *op_formula(op_kind op)
{
    return (op >= 0 && op < OP_COUNT) ? formulas[op] : "?";
}

int op_from_name(const char *name)
{
    for (int op = 0; op < OP_COUNT; op++)
        if (strcmp(names[op], name) == 0)
            return op;
    return -1;
}

void op_shape_text(op_kind op, op_shape s, char *buf, int size)
{
    switch (op) {
    case OP_GEMV:
    case OP_SYRK:
    case OP_CONGRUENCE_SYM: snprintf(buf, (size_t)size, "m=%d k=%d", s.m, s.k); break;
    case OP_BILINEAR: snprintf(buf, (size_t)size, "m=%d n=%d k=%d l=%d", s.m, s.n, s.k, s.l); break;
    default: snprintf(buf, (size_t)size, "m=%d n=%d k=%d", s.m, s.n, s.k); break;
    }
}

/* Hands out consecutive regions of the image; counts in 64 bits so that an
 * oversized shape is refused instead of wrapping around. */
typedef struct {
    long long next;
    int too_big;
} image_cursor;

static op_region take(image_cursor *cur, long long len)
{
    op_region r = { 0, 0 };
    if (cur->too_big || len > OP_MAX_IMAGE || cur->next + len > OP_MAX_IMAGE) {
        cur->too_big = 1;
        return r;
    }
    r.begin = (int)cur->next;
    r.len = (int)len;
    cur->next += len;
    return r;
}

static stage_plan product(int rows, int cols, int len, op_region a, int a_row, int a_k, op_region b, int b_k, int b_col,
                          op_region c, int scaled)
{
    stage_plan s;
    s.rows = rows;
    s.cols = cols;
    s.len = len;
    s.a = a.begin;
    s.a_row = a_row;
    s.a_k = a_k;
    s.b = b.begin;
    s.b_k = b_k;
    s.b_col = b_col;
    s.c = c.begin;
    s.scaled = scaled;
    s.a_region = a;
    s.b_region = b;
    s.c_region = c;
    return s;
}

static void add_operand(op_plan *p, const char *name, op_region r)
{
    p->operand_name[p->n_operands] = name;
    p->operand[p->n_operands] = r;
    p->n_operands++;
}

int op_plan_make(op_kind op, op_shape sh, op_plan *p, const char **why)
{
    memset(p, 0, sizeof *p);
    if (op < 0 || op >= OP_COUNT) {
        *why = "unknown op";
        return -1;
    }
    if (sh.m < 1 || sh.n < 1 || sh.k < 1 || sh.l < 1 || sh.m > OP_MAX_DIM || sh.n > OP_MAX_DIM || sh.k > OP_MAX_DIM ||
        sh.l > OP_MAX_DIM) {
        *why = "every size must lie in [1, 4096]";
        return -1;
    }
    p->op = op;
    p->shape = sh;
    const long long m = sh.m, n = sh.n, k = sh.k, l = sh.l;
    image_cursor cur = { 0, 0 };
    op_region A, B, C, D, W = { 0, 0 };
    switch (op) {
    case OP_GEMM:
        A = take(&cur, m * k);
        B = take(&cur, k * n);
        C = take(&cur, m * n);
        add_operand(p, "A", A);
        add_operand(p, "B", B);
        add_operand(p, "C", C);
        p->stage[0] = product(sh.m, sh.n, sh.k, A, sh.k, 1, B, sh.n, 1, C, 1);
        p->n_stages = 1;
        break;
    case OP_GEMV:
        A = take(&cur, m * k);
        B = take(&cur, k);
        C = take(&cur, m);
        add_operand(p, "A", A);
        add_operand(p, "x", B);
        add_operand(p, "y", C);
        p->stage[0] = product(sh.m, 1, sh.k, A, sh.k, 1, B, 1, 0, C, 1);
        p->n_stages = 1;
        break;
    case OP_SYRK: /* b(k,j) = A[j][k]: A read as its own transpose */
        A = take(&cur, m * k);
        C = take(&cur, m * m);
        add_operand(p, "A", A);
        add_operand(p, "C", C);
        p->stage[0] = product(sh.m, sh.m, sh.k, A, sh.k, 1, A, 1, sh.k, C, 1);
        p->n_stages = 1;
        break;
    case OP_TENSOR_VEC_CONTRACT: /* the m*n fibres of T are the rows of a matrix */
        A = take(&cur, m * n * k);
        B = take(&cur, k);
        C = take(&cur, m * n);
        add_operand(p, "T", A);
        add_operand(p, "v", B);
        add_operand(p, "M", C);
        p->stage[0] = product(sh.m * sh.n, 1, sh.k, A, sh.k, 1, B, 1, 0, C, 0);
        p->n_stages = 1;
        break;
    case OP_VEC_TENSOR_VEC: /* z[t][i] = sum_j T[t][i][j]*w[j]; s[t] = sum_i z[t][i]*u[i] */
        A = take(&cur, m * n * k);
        B = take(&cur, n);
        D = take(&cur, k);
        C = take(&cur, m);
        W = take(&cur, m * n);
        add_operand(p, "T", A);
        add_operand(p, "u", B);
        add_operand(p, "w", D);
        add_operand(p, "s", C);
        p->stage[0] = product(sh.m * sh.n, 1, sh.k, A, sh.k, 1, D, 1, 0, W, 0);
        p->stage[1] = product(sh.m, 1, sh.n, W, sh.n, 1, B, 1, 0, C, 0);
        p->n_stages = 2;
        break;
    case OP_CONGRUENCE_SYM: /* W = S*X (k x m); Q = alpha*X^T*W + beta*Q */
        A = take(&cur, k * m);
        B = take(&cur, k * k);
        C = take(&cur, m * m);
        W = take(&cur, k * m);
        add_operand(p, "X", A);
        add_operand(p, "S", B);
        add_operand(p, "Q", C);
        p->stage[0] = product(sh.k, sh.m, sh.k, B, sh.k, 1, A, sh.m, 1, W, 0);
        p->stage[1] = product(sh.m, sh.m, sh.k, A, 1, sh.m, W, sh.m, 1, C, 1);
        p->n_stages = 2;
        break;
    case OP_BILINEAR: /* W = M*Y (k x n); R = alpha*X^T*W + beta*R */
        A = take(&cur, k * m);
        B = take(&cur, k * l);
        D = take(&cur, l * n);
        C = take(&cur, m * n);
        W = take(&cur, k * n);
        add_operand(p, "X", A);
        add_operand(p, "M", B);
        add_operand(p, "Y", D);
        add_operand(p, "R", C);
        p->stage[0] = product(sh.k, sh.n, sh.l, B, sh.l, 1, D, sh.n, 1, W, 0);
        p->stage[1] = product(sh.m, sh.n, sh.k, A, 1, sh.m, W, sh.n, 1, C, 1);
        p->n_stages = 2;
        break;
    default: break;
    }
    if (cur.too_big) {
        *why = "the operands would exceed 2^24 elements";
        return -1;
    }
    p->image_len = (int)cur.next;
    p->result = p->operand[p->n_operands - 1];
    p->work = W;
    return 0;
}

int op_outputs(const op_plan *plan)
{
    return plan->result.len;
}

int op_problems_per_block(op_scope scope, int threads, int count)
{
    if (scope == SCOPE_BLOCK)
        return 1;
    const int warps = threads / 32;
    return warps < count ? warps : count;
}

long long op_shared_bytes(const op_plan *plan, op_scope scope, int threads, op_dtype dtype, int count)
{
    const long long element = dtype == DTYPE_FLOAT ? 4 : 8;
    return (long long)op_problems_per_block(scope, threads, count) * plan->image_len * element;
}
