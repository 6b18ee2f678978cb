/* picker.h - serial or warp per output? The answer for one call of a
 * single-stage op (gemm, gemv, syrk) run by one block. */
#ifndef REDUCED_OPS_PICKER_H
#define REDUCED_OPS_PICKER_H

#include "op_plan.h"

/* 1 when the warp-per-output mapping is expected to beat the serial one by
 * more than the 5 % tie margin for the op `op` with n_out outputs and
 * contraction length k, run by a block of block_threads threads; 0
 * otherwise. The rule is fitted to measured sweeps (see picker_basis()). */
int use_warp_per_output(op_kind op, int n_out, int k, int block_threads, op_dtype dtype);

/* Where the rule comes from, one line (printed by the programs that use it). */
const char *picker_basis(void);

#endif
