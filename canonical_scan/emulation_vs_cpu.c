/* emulation_vs_cpu.c - the GPU kernels' arithmetic, replayed on the CPU
 * (gpu_emulation.c, with the kernels' own planning and index code), compared
 * bit for bit with the CPU library over the whole case table. Runs without
 * a GPU: it is how a machine without one checks every index the GPU uses. */
#include "common.h"
#include "comparison_matrix.h"
#include "gpu_emulation.h"

int main(int argc, char **argv)
{
    uint64_t seed = LCG64_DEFAULT_SEED;
    int large = 0, quiet = 0;
    const cli_option options[] = {
        { "--seed", CLI_U64, &seed, "data and random-size seed (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--large", CLI_FLAG, &large, "add the sizes around 10^6 (slower)", 0, 0, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Replays the GPU kernels' arithmetic on the CPU and compares it bit for bit with the CPU library.",
              options, sizeof options / sizeof options[0]);
    const impl_under_test emulation = {
        "GPU emulation",           emulate_canonical_reduce, emulate_block_dyadic_reduce,
        emulate_dyadic_scan_block, emulate_iterated_pairwise_scan, NULL,
    };
    return exit_status(run_comparison_matrix(&emulation, seed, large ? MATRIX_LARGE : MATRIX_SMALL, quiet));
}
