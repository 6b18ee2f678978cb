/* gpu_vs_cpu.c - every GPU kernel of the chapter compared bit for bit with
 * the CPU library over the whole case table (sizes on every boundary, lane
 * counts, block lengths, base and hostile data, init, inclusive and
 * exclusive). --on cpu runs the same table against the CPU emulation of the
 * kernels instead, for machines without a GPU. --n N checks the one size N
 * instead of the table's sizes (with the parameters the table gives a size
 * of its class). */
#include "why_not_emulated.h"
#include "canonical_gpu.h"
#include "common.h"
#include "comparison_matrix.h"
#include "gpu_emulation.h"

#include <stdio.h>

int main(int argc, char **argv)
{
    uint64_t seed = LCG64_DEFAULT_SEED, n = 0;
    int small_only = 0, quick = 0, quiet = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--seed", CLI_U64, &seed, "data and random-size seed (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--small", CLI_FLAG, &small_only, "leave out the sizes around 10^6", 0, 0, NULL },
        { "--quick", CLI_FLAG, &quick, "7 sizes only (for compute-sanitizer)", 0, 0, NULL },
        { "--n", CLI_U64, &n, "check this one size instead of the table's sizes", 1, UINT64_C(1) << 24, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--on", CLI_CHOICE, &on, "gpu: the kernels; cpu: their replay (default gpu if present; emu: why not)", 0, 0,
          "cpu|gpu|both|emu" },
    };
    cli_parse(argc, argv, "Compares every canonical GPU kernel bit for bit with the CPU library.", options,
              sizeof options / sizeof options[0]);
    if (n != 0 && (small_only || quick))
        cli_refuse("--n checks one size; --small and --quick choose sizes of the table");
    cli_no_emu(on, CANONICAL_KERNELS_NOT_EMULATED);
    const run_on where = cli_resolve_on(on);
    const matrix_level level = quick ? MATRIX_QUICK : small_only ? MATRIX_SMALL : MATRIX_LARGE;
    int ok = 1;
    if (where & RUN_CPU) {
        const impl_under_test emulation = {
            "GPU emulation",           emulate_canonical_reduce,       emulate_block_dyadic_reduce,
            emulate_dyadic_scan_block, emulate_iterated_pairwise_scan, NULL,
        };
        ok &= n != 0 ? run_comparison_one_size(&emulation, seed, (size_t)n, quiet)
                     : run_comparison_matrix(&emulation, seed, level, quiet);
    }
    if (where & RUN_GPU) {
        if (where & RUN_CPU && !quiet)
            printf("\n");
        char device[256];
        gpu_device_describe(device, sizeof device);
        if (!quiet)
            printf("GPU: %s\n", device);
        const impl_under_test gpu = {
            "GPU",
            gpu_canonical_reduce,
            gpu_block_dyadic_reduce,
            gpu_block_dyadic_scan,
            gpu_iterated_pairwise_scan,
            gpu_left_fold_scan,
        };
        ok &= n != 0 ? run_comparison_one_size(&gpu, seed, (size_t)n, quiet)
                     : run_comparison_matrix(&gpu, seed, level, quiet);
    }
    return exit_status(ok);
}
