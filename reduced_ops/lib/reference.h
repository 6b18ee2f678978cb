/* reference.h - every op straight from its formula, in double.
 *
 * Written independently of the stage plans (plain loops over the
 * formula's indices), so that a wrong stride in a plan shows up as a
 * difference here. */
#ifndef REDUCED_OPS_REFERENCE_H
#define REDUCED_OPS_REFERENCE_H

#include "op_plan.h"

/* result[0..op_outputs(plan)) = the op applied to the inputs in `image`.
 * With magnitude = 1 every operand, alpha and beta enter by absolute value:
 * the scale |terms| against which rounding errors are bounded. */
void reference_op(const op_plan *plan, double alpha, double beta, const double *image, int magnitude, double *result);

/* Multiply-adds reference_op performs for one problem (the fused ops'
 * references are double sums, so this grows fast). */
double reference_work(const op_plan *plan);
#define REFERENCE_MAX_WORK 268435456.0 /* 2^28: about a second at most */

/* The tolerance for one output whose magnitude scale is `scale`:
 * 2 * (D + 4) * u * scale, D = the summed contraction lengths of the
 * stages, u = 2^-24 (float) or 2^-53 (double). Any order of summation
 * stays within (D + 4) * u * scale of the exact value (one rounding per
 * product and per addition along the longest chain, plus the epilogue),
 * and the double reference itself may be off by as much again. */
double reference_tolerance(const op_plan *plan, op_dtype dtype, double scale);

#endif
