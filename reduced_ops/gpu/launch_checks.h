/* launch_checks.h - the launch configurations the chapter's launchers
 * accept, checked before anything is launched, the same way on the GPU
 * (ops_gpu.cu, sweep_gpu.cu) and on the CPU emulator (ops_emu.cpp,
 * sweep_emu.cpp). A configuration outside them is bad input: one line
 * "error: ..." and exit 2 (cli_refuse). The shared-memory limit differs
 * (the device's, the emulator's), so each launcher checks it itself. */
#ifndef REDUCED_OPS_LAUNCH_CHECKS_H
#define REDUCED_OPS_LAUNCH_CHECKS_H

#include "cli.h"
#include "op_plan.h"

/* run_op's configuration: COUNT problems, THREADS per block, SCOPE. */
static inline void check_op_launch(op_scope scope, int threads, int count)
{
    if (threads < 1 || threads > 1024)
        cli_refuse("threads per block must lie in [1, 1024]");
    if (scope != SCOPE_BLOCK && threads % 32 != 0)
        cli_refuse("warp and tile scopes need a whole number of warps per block");
    if (count < 1)
        cli_refuse("at least one problem is needed");
}

/* The sweep's configuration: one single-stage op, THREADS x BLOCKS. */
static inline void check_sweep_launch(const op_plan *plan, int threads, int blocks)
{
    if (plan->n_stages != 1)
        cli_refuse("the sweep times single-stage ops only (gemm, gemv, syrk, tensor_vec_contract)");
    if (threads < 1 || threads > 1024)
        cli_refuse("threads per block must lie in [1, 1024]");
    if (blocks < 1 || blocks > 65535)
        cli_refuse("blocks must lie in [1, 65535]");
}

#endif
