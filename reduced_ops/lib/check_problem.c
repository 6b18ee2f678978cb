/* check_problem.c - see check_problem.h. */
#include "check_problem.h"
#include "common.h"
#include "emulate.h"
#include "op_image.h"
#include "reference.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* M != N != K, K below, at and above 32 and not a multiple of it, K = 1,
 * a single output, and more outputs than the largest block. */
const op_shape check_shapes[] = {
    { 7, 5, 45, 3 }, { 3, 9, 20, 11 }, { 6, 4, 1, 1 }, { 2, 3, 64, 33 }, { 1, 1, 1, 1 }, { 21, 14, 21, 7 },
};
const int check_shape_count = (int)(sizeof check_shapes / sizeof check_shapes[0]);

const op_shape *check_shapes_or_one(const char *shape_text, uint64_t n, op_shape *one, int *count)
{
    if (!op_shape_from_options(shape_text, n, one)) {
        *count = check_shape_count;
        return check_shapes;
    }
    *count = 1;
    return one;
}

static const char *const too_much_reference_work =
    "the double reference would need more than 2^28 multiply-adds; choose a smaller shape";

void check_shapes_fit_or_exit(int op, const op_shape *shapes, int count)
{
    for (int o = 0; o < OP_COUNT; o++) {
        if (op >= 0 && o != op)
            continue;
        for (int s = 0; s < count; s++) {
            op_plan plan;
            const char *why = NULL;
            if (op_plan_make((op_kind)o, shapes[s], &plan, &why) == 0 && reference_work(&plan) > REFERENCE_MAX_WORK)
                why = too_much_reference_work;
            if (why != NULL) {
                fprintf(stderr, "error: %s: %s\n", op_name((op_kind)o), why);
                exit(EXIT_BAD_INPUT);
            }
        }
    }
}

static size_t element_size(op_dtype dtype)
{
    return dtype == DTYPE_FLOAT ? sizeof(float) : sizeof(double);
}

void *check_problem_input_copy(const check_problem *cp)
{
    void *copy = malloc(cp->len * element_size(cp->dtype));
    if (copy == NULL)
        return NULL;
    if (cp->dtype == DTYPE_FLOAT)
        doubles_to_floats(cp->input, (float *)copy, cp->len);
    else
        memcpy(copy, cp->input, cp->len * sizeof(double));
    return copy;
}

void check_problem_free(check_problem *cp)
{
    free(cp->input);
    free(cp->reference);
    free(cp->scale);
    free(cp->emulated[0]);
    free(cp->emulated[1]);
    memset(cp, 0, sizeof *cp);
}

int check_problem_make(check_problem *cp, op_kind op, op_shape shape, op_dtype dtype, double alpha, double beta,
                       int count, uint64_t seed, const char **why)
{
    memset(cp, 0, sizeof *cp);
    if (op_plan_make(op, shape, &cp->plan, why) != 0)
        return -1;
    if (reference_work(&cp->plan) > REFERENCE_MAX_WORK) {
        *why = too_much_reference_work;
        return -1;
    }
    cp->dtype = dtype;
    cp->alpha = alpha;
    cp->beta = beta;
    cp->count = count;
    cp->len = (size_t)count * (size_t)cp->plan.image_len;
    const size_t outputs = (size_t)count * (size_t)op_outputs(&cp->plan);
    cp->input = malloc(cp->len * sizeof(double));
    cp->reference = malloc(outputs * sizeof(double));
    cp->scale = malloc(outputs * sizeof(double));
    if (!cp->input || !cp->reference || !cp->scale) {
        check_problem_free(cp);
        *why = "out of memory";
        return -1;
    }
    op_images_fill(&cp->plan, dtype, seed, cp->input, count);
    const int n_out = op_outputs(&cp->plan);
    for (int p = 0; p < count; p++) {
        const double *image = cp->input + (size_t)p * (size_t)cp->plan.image_len;
        reference_op(&cp->plan, alpha, beta, image, 0, cp->reference + (size_t)p * (size_t)n_out);
        reference_op(&cp->plan, alpha, beta, image, 1, cp->scale + (size_t)p * (size_t)n_out);
    }
    for (int mapping = MAP_SERIAL; mapping <= MAP_WARP_PER_OUTPUT; mapping++) {
        void *images = check_problem_input_copy(cp);
        if (images == NULL) {
            check_problem_free(cp);
            *why = "out of memory";
            return -1;
        }
        for (int p = 0; p < count; p++) {
            const size_t at = (size_t)p * (size_t)cp->plan.image_len;
            if (dtype == DTYPE_FLOAT)
                emulate_op_float(&cp->plan, (op_mapping)mapping, (float)alpha, (float)beta, (float *)images + at);
            else
                emulate_op_double(&cp->plan, (op_mapping)mapping, alpha, beta, (double *)images + at);
        }
        cp->emulated[mapping] = images;
    }
    return 0;
}

static double element(const check_problem *cp, const void *images, size_t e)
{
    return cp->dtype == DTYPE_FLOAT ? (double)((const float *)images)[e] : ((const double *)images)[e];
}

double check_error_ratio(const check_problem *cp, const void *images)
{
    const int n_out = op_outputs(&cp->plan);
    double worst = 0.0;
    for (int p = 0; p < cp->count; p++)
        for (int o = 0; o < n_out; o++) {
            const size_t r = (size_t)p * (size_t)n_out + (size_t)o;
            const size_t e = (size_t)p * (size_t)cp->plan.image_len + (size_t)(cp->plan.result.begin + o);
            const double got = element(cp, images, e);
            const double tol = reference_tolerance(&cp->plan, cp->dtype, cp->scale[r]);
            const double diff = fabs(got - cp->reference[r]);
            double ratio;
            if (isnan(got))
                ratio = INFINITY;
            else if (tol > 0.0)
                ratio = diff / tol;
            else
                ratio = diff > 0.0 ? INFINITY : 0.0;
            if (ratio > worst)
                worst = ratio;
        }
    return worst;
}

long check_bits(const check_problem *cp, op_mapping mapping, const void *images)
{
    if (cp->dtype == DTYPE_FLOAT)
        return first_bit_difference_float((const float *)images, (const float *)cp->emulated[mapping], cp->len);
    return first_bit_difference_double((const double *)images, (const double *)cp->emulated[mapping], cp->len);
}

void check_element_hex(const check_problem *cp, const void *images, long e, char *buf, int size)
{
    if (cp->dtype == DTYPE_FLOAT)
        snprintf(buf, (size_t)size, "0x%08" PRIx32, float_bits(((const float *)images)[e]));
    else
        snprintf(buf, (size_t)size, "0x%016" PRIx64, double_bits(((const double *)images)[e]));
}
