/* emulate.h - the GPU's two summation orders, reproduced in C.
 *
 * Float work is done in float and double work in double (x86-64 SSE has no
 * excess precision, and the build forbids fused multiply-adds), so these
 * functions produce the GPU's bits, not merely close values. */
#ifndef REDUCED_OPS_EMULATE_H
#define REDUCED_OPS_EMULATE_H

#include "op_plan.h"

/* sum of a(i,k)*b(k,j) over k = first, first+step, ... < len, ascending,
 * starting from 0: one lane's partial (step 32) or a whole serial sum
 * (first 0, step 1) for output `out` = i*cols + j. */
float stage_partial_float(const stage_plan *s, const float *image, int out, int first, int step);
double stage_partial_double(const stage_plan *s, const double *image, int out, int first, int step);

/* The warp tree on 32 lane partials: p[l] += p[l+off] for off = 16, 8, 4,
 * 2, 1 and l < off; returns p[0]. Overwrites p. */
float tree32_sum_float(float p[32]);
double tree32_sum_double(double p[32]);

/* Stores output `out` of stage s with its alpha/beta epilogue (the twin of
 * stage_store in gpu/product_stage.cuh). */
void stage_store_float(const stage_plan *s, float *image, int out, float sum, float alpha, float beta);
void stage_store_double(const stage_plan *s, double *image, int out, double sum, double alpha, double beta);

/* Runs every stage of the plan on the image, in place, in the order of
 * `mapping`. */
void emulate_op_float(const op_plan *plan, op_mapping mapping, float alpha, float beta, float *image);
void emulate_op_double(const op_plan *plan, op_mapping mapping, double alpha, double beta, double *image);

#endif
