/* picker.c - see picker.h.
 *
 * STATUS: a PREDICTION, not yet a measurement. The rule below comes from
 * the cost model in the book chapter and from the RTX 5090 sweep in the
 * reference (warp per output won 0 of 48 float cells there). It must be
 * replaced by the rule the H200 sweep (results/sweep_h200.tsv) supports;
 * picker_check then confirms it agrees with every measured cell. */
#include "picker.h"

// [listing picker]
int use_warp_per_output(int n_out, int k, int block_threads, op_dtype dtype)
{
    /* Warp per output pays a 5-step shuffle tail per output and runs the
     * outputs in rounds of (block_threads / 32) warps; serial pays k
     * dependent adds in one round of block_threads threads. The warp can
     * only win when one round of warps covers every output and k is long
     * enough for the tail to be the cheaper part; a double shuffle is two
     * 32-bit shuffles, hence the longer k. */
    const int warps = block_threads / 32;
    const int k_min = dtype == DTYPE_FLOAT ? 64 : 128;
    return warps >= 1 && n_out <= warps && k >= k_min;
}
// [end]

const char *picker_basis(void)
{
    return "prediction (cost model + RTX 5090 result), not yet fitted to H200 data";
}
