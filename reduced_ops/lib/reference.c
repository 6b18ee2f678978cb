/* reference.c - see reference.h. */
#include "reference.h"

#include <math.h>
#include <stddef.h>

/* One operand value: itself, or its absolute value for the magnitude. */
static double v(double x, int magnitude)
{
    return magnitude ? fabs(x) : x;
}

/* alpha*sum + beta*old, with beta == 0 meaning "old is not read". */
static double epilogue(double alpha, double sum, double beta, double old, int magnitude)
{
    double r = v(alpha, magnitude) * sum;
    if (beta != 0.0)
        r += v(beta, magnitude) * v(old, magnitude);
    return r;
}

void reference_op(const op_plan *plan, double alpha, double beta, const double *image, int magnitude, double *result)
{
    const int m = plan->shape.m, n = plan->shape.n, k = plan->shape.k, l = plan->shape.l;
    const double *op0 = image + plan->operand[0].begin;
    const double *op1 = plan->n_operands > 2 ? image + plan->operand[1].begin : NULL;
    const double *op2 = plan->n_operands > 3 ? image + plan->operand[2].begin : NULL;
    const double *old = image + plan->result.begin;
    const int mg = magnitude;
    switch (plan->op) {
    case OP_GEMM: /* A m*k, B k*n */
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                double s = 0.0;
                for (int c = 0; c < k; c++)
                    s += v(op0[i * k + c], mg) * v(op1[c * n + j], mg);
                result[i * n + j] = epilogue(alpha, s, beta, old[i * n + j], mg);
            }
        break;
    case OP_GEMV: /* A m*k, x k */
        for (int i = 0; i < m; i++) {
            double s = 0.0;
            for (int c = 0; c < k; c++)
                s += v(op0[i * k + c], mg) * v(op1[c], mg);
            result[i] = epilogue(alpha, s, beta, old[i], mg);
        }
        break;
    case OP_SYRK: /* A m*k; C = A*A^T */
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++) {
                double s = 0.0;
                for (int c = 0; c < k; c++)
                    s += v(op0[i * k + c], mg) * v(op0[j * k + c], mg);
                result[i * m + j] = epilogue(alpha, s, beta, old[i * m + j], mg);
            }
        break;
    case OP_TENSOR_VEC_CONTRACT: /* T m*n*k, v k */
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                double s = 0.0;
                for (int c = 0; c < k; c++)
                    s += v(op0[(i * n + j) * k + c], mg) * v(op1[c], mg);
                result[i * n + j] = s;
            }
        break;
    case OP_VEC_TENSOR_VEC: /* T m*n*k, u n, w k */
        for (int t = 0; t < m; t++) {
            double s = 0.0;
            for (int i = 0; i < n; i++)
                for (int j = 0; j < k; j++)
                    s += v(op1[i], mg) * v(op0[(t * n + i) * k + j], mg) * v(op2[j], mg);
            result[t] = s;
        }
        break;
    case OP_CONGRUENCE_SYM: /* X k*m, S k*k */
        for (int i = 0; i < m; i++)
            for (int j = 0; j < m; j++) {
                double s = 0.0;
                for (int r = 0; r < k; r++)
                    for (int q = 0; q < k; q++)
                        s += v(op0[r * m + i], mg) * v(op1[r * k + q], mg) * v(op0[q * m + j], mg);
                result[i * m + j] = epilogue(alpha, s, beta, old[i * m + j], mg);
            }
        break;
    case OP_BILINEAR: /* X k*m, M k*l, Y l*n */
        for (int i = 0; i < m; i++)
            for (int j = 0; j < n; j++) {
                double s = 0.0;
                for (int r = 0; r < k; r++)
                    for (int q = 0; q < l; q++)
                        s += v(op0[r * m + i], mg) * v(op1[r * l + q], mg) * v(op2[q * n + j], mg);
                result[i * n + j] = epilogue(alpha, s, beta, old[i * n + j], mg);
            }
        break;
    default: break;
    }
}

double reference_tolerance(const op_plan *plan, op_dtype dtype, double scale)
{
    int depth = 0;
    for (int s = 0; s < plan->n_stages; s++)
        depth += plan->stage[s].len;
    const double u = dtype == DTYPE_FLOAT ? ldexp(1.0, -24) : ldexp(1.0, -53);
    return 2.0 * (depth + 4) * u * scale;
}

double reference_work(const op_plan *plan)
{
    const double m = plan->shape.m, n = plan->shape.n, k = plan->shape.k, l = plan->shape.l;
    switch (plan->op) {
    case OP_GEMM: return m * n * k;
    case OP_GEMV: return m * k;
    case OP_SYRK: return m * m * k;
    case OP_TENSOR_VEC_CONTRACT: return m * n * k;
    case OP_VEC_TENSOR_VEC: return m * n * k;
    case OP_CONGRUENCE_SYM: return m * m * k * k;
    case OP_BILINEAR: return m * n * k * l;
    default: return 0.0;
    }
}
