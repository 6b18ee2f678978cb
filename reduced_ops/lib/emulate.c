/* emulate.c - the serial and warp-tree summation orders in C (see emulate.h).
 *
 * C has no templates, so the float functions come first and their double
 * twins follow, line for line; a macro would hide exactly the arithmetic
 * this chapter is about. */
#include "emulate.h"

#include <float.h>

/* Float arithmetic must round to float after every operation. */
#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "the emulation needs FLT_EVAL_METHOD == 0 (SSE arithmetic, no excess precision)"
#endif

// [listing emulate-partial]
float stage_partial_float(const stage_plan *s, const float *image, int out, int first, int step)
{
    /* BEGIN SOLUTION */
    const int i = out / s->cols, j = out % s->cols;
    float acc = 0.0f;
    for (int k = first; k < s->len; k += step)
        acc += image[s->a + i * s->a_row + k * s->a_k] * image[s->b + k * s->b_k + j * s->b_col];
    return acc;
    /* STUDENT: one lane's partial sum: a(i,k) * b(k,j) for k = first, first + step, ... below s->len, in float, from 0 upwards.
    // Output out is (i, j) = (out / s->cols, out % s->cols); the stage plan's offsets and strides (op_plan.h) locate a and b in image.
    (void)s; (void)image; (void)out; (void)first; (void)step;
    return 0.0f;
    */
    /* END SOLUTION */
}
// [end]

// [listing emulate-tree]
float tree32_sum_float(float p[32])
{
    /* BEGIN SOLUTION */
    for (int offset = 16; offset > 0; offset /= 2)
        for (int lane = 0; lane < offset; lane++)
            p[lane] += p[lane + offset]; /* lane `lane` receives lane+offset's value */
    return p[0];
    /* STUDENT: the warp's tree in the warp's order: for offset = 16, 8, 4, 2, 1, lane l < offset adds lane l + offset; return lane 0.
    (void)p;
    return 0.0f;
    */
    /* END SOLUTION */
}
// [end]

static float contract_float(const stage_plan *s, const float *image, int out, op_mapping mapping)
{
    if (mapping == MAP_SERIAL)
        return stage_partial_float(s, image, out, 0, 1);
    float p[32];
    for (int lane = 0; lane < 32; lane++)
        p[lane] = stage_partial_float(s, image, out, lane, 32);
    return tree32_sum_float(p);
}

void stage_store_float(const stage_plan *s, float *image, int out, float sum, float alpha, float beta)
{
    float *c = &image[s->c + out];
    if (!s->scaled)
        *c = sum;
    else if (beta == 0.0f)
        *c = alpha * sum;
    else
        *c = alpha * sum + beta * *c;
}

void emulate_op_float(const op_plan *plan, op_mapping mapping, float alpha, float beta, float *image)
{
    for (int st = 0; st < plan->n_stages; st++) {
        const stage_plan *s = &plan->stage[st];
        for (int out = 0; out < s->rows * s->cols; out++)
            stage_store_float(s, image, out, contract_float(s, image, out, mapping), alpha, beta);
    }
}

/* ---- the double twins ---------------------------------------------------- */

double stage_partial_double(const stage_plan *s, const double *image, int out, int first, int step)
{
    /* BEGIN SOLUTION */
    const int i = out / s->cols, j = out % s->cols;
    double acc = 0.0;
    for (int k = first; k < s->len; k += step)
        acc += image[s->a + i * s->a_row + k * s->a_k] * image[s->b + k * s->b_k + j * s->b_col];
    return acc;
    /* STUDENT: the double twin of stage_partial_float, line for line.
    (void)s; (void)image; (void)out; (void)first; (void)step;
    return 0.0;
    */
    /* END SOLUTION */
}

double tree32_sum_double(double p[32])
{
    /* BEGIN SOLUTION */
    for (int offset = 16; offset > 0; offset /= 2)
        for (int lane = 0; lane < offset; lane++)
            p[lane] += p[lane + offset];
    return p[0];
    /* STUDENT: the double twin of tree32_sum_float, line for line.
    (void)p;
    return 0.0;
    */
    /* END SOLUTION */
}

static double contract_double(const stage_plan *s, const double *image, int out, op_mapping mapping)
{
    if (mapping == MAP_SERIAL)
        return stage_partial_double(s, image, out, 0, 1);
    double p[32];
    for (int lane = 0; lane < 32; lane++)
        p[lane] = stage_partial_double(s, image, out, lane, 32);
    return tree32_sum_double(p);
}

void stage_store_double(const stage_plan *s, double *image, int out, double sum, double alpha, double beta)
{
    double *c = &image[s->c + out];
    if (!s->scaled)
        *c = sum;
    else if (beta == 0.0)
        *c = alpha * sum;
    else
        *c = alpha * sum + beta * *c;
}

void emulate_op_double(const op_plan *plan, op_mapping mapping, double alpha, double beta, double *image)
{
    for (int st = 0; st < plan->n_stages; st++) {
        const stage_plan *s = &plan->stage[st];
        for (int out = 0; out < s->rows * s->cols; out++)
            stage_store_double(s, image, out, contract_double(s, image, out, mapping), alpha, beta);
    }
}
