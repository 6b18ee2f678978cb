/* op_image.c - see op_image.h. */
#include "op_image.h"
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void op_images_fill(const op_plan *plan, op_dtype dtype, uint64_t seed, double *images, int count)
{
    splitmix64 g = { seed };
    for (int p = 0; p < count; p++) {
        double *image = images + (size_t)p * (size_t)plan->image_len;
        for (int e = 0; e < plan->image_len; e++) {
            const double x = splitmix64_uniform(&g, -1.0, 1.0);
            image[e] = dtype == DTYPE_FLOAT ? (double)(float)x : x;
        }
        for (int e = 0; e < plan->work.len; e++)
            image[plan->work.begin + e] = 0.0;
        if (plan->op == OP_CONGRUENCE_SYM) { /* S is k x k, operand 1 */
            double *S = image + plan->operand[1].begin;
            const int k = plan->shape.k;
            for (int r = 0; r < k; r++)
                for (int q = r + 1; q < k; q++)
                    S[q * k + r] = S[r * k + q];
        }
    }
}

void doubles_to_floats(const double *src, float *dst, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = (float)src[i];
}

void floats_to_doubles(const float *src, double *dst, size_t n)
{
    for (size_t i = 0; i < n; i++)
        dst[i] = (double)src[i];
}

long first_bit_difference_float(const float *a, const float *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (float_bits(a[i]) != float_bits(b[i]))
            return (long)i;
    return -1;
}

long first_bit_difference_double(const double *a, const double *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (double_bits(a[i]) != double_bits(b[i]))
            return (long)i;
    return -1;
}

int op_shape_parse(const char *text, op_shape *shape)
{
    uint64_t v[4];
    const char *p = text;
    for (int i = 0; i < 4; i++) {
        char part[32];
        const char *comma = strchr(p, ',');
        const size_t len = comma ? (size_t)(comma - p) : strlen(p);
        if ((i < 3) != (comma != NULL) || len == 0 || len >= sizeof part)
            return -1;
        memcpy(part, p, len);
        part[len] = '\0';
        if (cli_parse_u64(part, 1, OP_MAX_DIM, &v[i]) != 0)
            return -1;
        p = comma ? comma + 1 : p + len;
    }
    shape->m = (int)v[0];
    shape->n = (int)v[1];
    shape->k = (int)v[2];
    shape->l = (int)v[3];
    return 0;
}

void op_shape_parse_or_exit(const char *text, op_shape *shape)
{
    if (op_shape_parse(text, shape) != 0) {
        fprintf(stderr, "error: --shape expects M,N,K,L with each in [1, %d], got '%s'\n", OP_MAX_DIM, text);
        exit(EXIT_BAD_INPUT);
    }
}

int op_shape_from_options(const char *shape_text, uint64_t n, op_shape *shape)
{
    const op_shape square = { (int)n, (int)n, (int)n, (int)n };
    if (shape_text == NULL && n == 0)
        return 0;
    if (shape_text == NULL) {
        *shape = square;
        return 1;
    }
    op_shape_parse_or_exit(shape_text, shape);
    if (n != 0 && (shape->m != square.m || shape->n != square.n || shape->k != square.k || shape->l != square.l)) {
        fprintf(stderr, "error: --n %d and --shape %s name different shapes (--n N is --shape N,N,N,N)\n", (int)n,
                shape_text);
        exit(EXIT_BAD_INPUT);
    }
    return 1;
}
