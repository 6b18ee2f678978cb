/* op_plan.h - the seven contraction ops, written down once as data.
 *
 * Every op is one or two "product stages": out(i,j) = sum over k of
 * a(i,k)*b(k,j), with a and b read through strides from one contiguous
 * image that holds all operands (in shared memory on the GPU, in a plain
 * array on the CPU). The GPU kernels, the C emulation of their summation
 * orders and the bounds test all read the same plan, so the ops are defined
 * in exactly one place. All matrices are row-major: element (i,j) of an
 * r x c matrix is at i*c + j.
 *
 *   op                   operands in the image      result     stages
 *   gemm                 A m*k, B k*n, C m*n        C = a*A*B + b*C          1
 *   gemv                 A m*k, x k,   y m          y = a*A*x + b*y          1
 *   syrk                 A m*k,        C m*m        C = a*A*A^T + b*C        1
 *   tensor_vec_contract  T m*n*k, v k, M m*n        M[i][j] = sum_c T[i][j][c]*v[c]      1
 *   vec_tensor_vec       T m*n*k, u n, w k, s m     s[t] = u^T*T_t*w        2 (z = T_t*w, then u.z)
 *   congruence_sym       X k*m, S k*k, Q m*m        Q = a*X^T*S*X + b*Q     2 (W = S*X, then X^T*W)
 *   bilinear             X k*m, M k*l, Y l*n, R m*n R = a*X^T*M*Y + b*R     2 (W = M*Y, then X^T*W)
 *
 * (a, b are alpha and beta.) The intermediate W or z of a fused op is
 * rounded to the element type and stored in the image's workspace; it is
 * computed with the same mapping as the final stage. */
#ifndef REDUCED_OPS_OP_PLAN_H
#define REDUCED_OPS_OP_PLAN_H

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    OP_GEMM,
    OP_GEMV,
    OP_SYRK,
    OP_TENSOR_VEC_CONTRACT,
    OP_VEC_TENSOR_VEC,
    OP_CONGRUENCE_SYM,
    OP_BILINEAR,
    OP_COUNT
} op_kind;

typedef enum { DTYPE_FLOAT, DTYPE_DOUBLE } op_dtype;

/* serial: one thread per output, k ascending in that thread.
 * warp per output: lane l sums k = l, l+32, ...; a 16-8-4-2-1 tree combines. */
typedef enum { MAP_SERIAL, MAP_WARP_PER_OUTPUT } op_mapping;

/* Who owns one problem: a whole block, one warp, or one
 * cooperative-groups thread_block_tile<32>. */
typedef enum { SCOPE_BLOCK, SCOPE_WARP, SCOPE_TILE } op_scope;

/* m, n, k, l: the sizes in the table above (an op ignores those it lacks). */
typedef struct {
    int m, n, k, l;
} op_shape;

/* Each size must lie in [1, OP_MAX_DIM]; an image holds at most
 * OP_MAX_IMAGE elements. */
#define OP_MAX_DIM 4096
#define OP_MAX_IMAGE (1 << 24)

/* A region of the image: elements [begin, begin + len). */
typedef struct {
    int begin, len;
} op_region;

// [listing stage-plan]
/* out(i,j) = sum_{k < len} a(i,k) * b(k,j) for i < rows, j < cols, where
 *   a(i,k) = image[a + i*a_row + k*a_k]
 *   b(k,j) = image[b + k*b_k + j*b_col]
 *   out(i,j) lands at image[c + i*cols + j]:
 *     scaled: c = alpha*sum + beta*c   (beta == 0: alpha*sum, c is not read)
 *     else:   c = sum                                                       */
typedef struct {
    int rows, cols, len;
    int a, a_row, a_k;
    int b, b_k, b_col;
    int c;
    int scaled;
    op_region a_region, b_region, c_region; /* where a, b, c must stay */
} stage_plan;
// [end]

#define OP_MAX_OPERANDS 4

typedef struct {
    op_kind op;
    op_shape shape;
    int n_stages;
    stage_plan stage[2];
    int image_len;  /* elements */
    int n_operands; /* inputs, then the result */
    op_region operand[OP_MAX_OPERANDS];
    const char *operand_name[OP_MAX_OPERANDS];
    op_region result; /* also an input when beta != 0 */
    op_region work;   /* intermediate of fused ops (len 0 otherwise) */
} op_plan;

/* Fills *plan; returns 0, or -1 (with a reason in *why) when a size is out
 * of range or the image would exceed OP_MAX_IMAGE. */
int op_plan_make(op_kind op, op_shape shape, op_plan *plan, const char **why);

const char *op_name(op_kind op);
/* The op for a name, or -1. */
int op_from_name(const char *name);
/* "7x5x45" with only the sizes the op uses, e.g. "m=7 n=5 k=45". */
void op_shape_text(op_kind op, op_shape shape, char *buf, int size);
/* The formula, e.g. "C = alpha*A*B + beta*C". */
const char *op_formula(op_kind op);

/* Outputs of the op (the length of its result). */
int op_outputs(const op_plan *plan);

/* Problems one block holds: 1 in block scope, one per whole warp (at most
 * `count`) in warp and tile scopes. */
int op_problems_per_block(op_scope scope, int threads, int count);

/* Shared memory one block needs: one image per problem it holds. */
long long op_shared_bytes(const op_plan *plan, op_scope scope, int threads, op_dtype dtype, int count);

#ifdef __cplusplus
}
#endif

#endif
