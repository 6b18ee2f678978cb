/* picker.c - see picker.h.
 *
 * Fitted to the H200 sweeps of 2026-11-30: results/sweep_h200.tsv (gemm),
 * sweep_gemv_h200.tsv and sweep_syrk_h200.tsv, 288 cells in all.
 * picker_check fails if the rule disagrees with any of them; a new chip
 * needs a new sweep and, most likely, new numbers here. */
#include "picker.h"

#include <stddef.h>

// [listing picker]
/* Float cells with two rounds of warps that the rule below would give to
 * warp per output but that measured as a tie (RESULTS.md has their times):
 * serial's reads collide only 4 ways there, so its chain is short enough. */
struct float_tie {
    op_kind op;
    int n_out, k, threads;
};
static const struct float_tie measured_float_ties[] = {
    { OP_GEMM, 16, 64, 256 }, /* warp slower than serial */
    { OP_GEMV, 4, 64, 64 },   /* warp faster, but inside the tie margin */
};

static int is_measured_float_tie(op_kind op, int n_out, int k, int threads)
{
    const size_t n = sizeof measured_float_ties / sizeof measured_float_ties[0];
    for (size_t i = 0; i < n; i++) {
        const struct float_tie *t = &measured_float_ties[i];
        if (t->op == op && t->n_out == n_out && t->k == k && t->threads == threads)
            return 1;
    }
    return 0;
}

int use_warp_per_output(op_kind op, int n_out, int k, int block_threads, op_dtype dtype)
{
    /* A round of warps costs about the same for any k up to 64 (the
     * five-step shuffle tail and the per-output work) and much more than a
     * step of the serial chain (RESULTS.md, "What the numbers say"). So the
     * warp mapping needs a long chain to beat and at most two rounds to pay. */
    const int warps = block_threads / 32;
    if (warps < 1 || k < 64)
        return 0;
    const int rounds = (n_out + warps - 1) / warps;
    if (rounds > 2)
        return 0;
    if (rounds == 2 && dtype == DTYPE_FLOAT)
        return !is_measured_float_tie(op, n_out, k, block_threads);
    return 1;
}
// [end]

const char *picker_basis(void)
{
    return "measured on the NVIDIA H200, 2026-11-30 (gemm, gemv and syrk sweeps)";
}
