/* checked_calls.c - section 1.7: y = 2 x on the GPU with every CUDA call
 * checked. Two options commit a bug on purpose: --out-of-bounds (an
 * off-by-one guard; run it under compute-sanitizer --tool memcheck, or on
 * the CPU emulator with --on emu) and --bad-launch (a block larger than any
 * GPU allows). */
#include "checked_calls.h"
#include "common.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    uint64_t n = 1000, seed = 1;
    int quiet = 0, out_of_bounds = 0, bad_launch = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of floats (default 1000)", 1, UINT64_C(1) << 24, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--out-of-bounds", CLI_FLAG, &out_of_bounds, "GPU trap: the guard i <= n writes one past the end", 0, 0,
          NULL },
        { "--bad-launch", CLI_FLAG, &bad_launch, "GPU trap: launch blocks of 2048 threads", 0, 0, NULL },
        CLI_OPTION_ON_EMU(&on),
    };
    cli_parse(argc, argv, "y = 2 x with every CUDA call checked; two options commit a bug on purpose.", options,
              sizeof options / sizeof options[0]);
    const int trap = out_of_bounds || bad_launch;
    if (out_of_bounds && bad_launch)
        cli_refuse("--out-of-bounds and --bad-launch are two experiments, pick one");
    if (trap && on != NULL && strcmp(on, "cpu") == 0)
        cli_refuse("%s is a GPU experiment (use --on gpu)", out_of_bounds ? "--out-of-bounds" : "--bad-launch");
    const int emulated = on != NULL && strcmp(on, "emu") == 0;
    const run_on where = trap && !emulated ? cli_resolve_on("gpu") : cli_resolve_on(on);
    float *x = alloc_or_exit(n, sizeof *x, "x");
    float *cpu = alloc_or_exit(n, sizeof *cpu, "y"), *gpu = alloc_or_exit(n, sizeof *gpu, "y");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++) {
        x[i] = (float)splitmix64_uniform(&g, -1.0, 1.0);
        cpu[i] = 2.0f * x[i];
    }
    printf("y = 2 x over %" PRIu64 " floats%s\n", n,
           out_of_bounds ? ", guard i <= n (one thread too many writes)"
           : bad_launch  ? ", blocks of 2048 threads"
                         : "");
    int ok = 1;
    if (where == RUN_EMU) {
        printf("the kernels' own source on the CPU emulator (common/emulator/)\n");
        fflush(stdout); /* the emulator's error line comes after this */
        if (emu_scale(x, gpu, (int)n,
                      out_of_bounds ? SCALE_OUT_OF_BOUNDS
                      : bad_launch  ? SCALE_BAD_LAUNCH
                                    : SCALE_CORRECT) != 0)
            ok = verdict("the emulator ran the kernel without an error", 0);
        else {
            uint64_t differ = 0;
            for (uint64_t i = 0; i < n; i++)
                differ += float_bits(gpu[i]) != float_bits(cpu[i]);
            if (!quiet)
                printf("elements that differ from the CPU: %" PRIu64 " of %" PRIu64 "\n", differ, n);
            ok = verdict("emulated y equals CPU y bit for bit", differ == 0);
        }
    } else if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        fflush(stdout); /* a failing call's error line comes after this */
        gpu_scale(x, gpu, (int)n, out_of_bounds ? SCALE_OUT_OF_BOUNDS : bad_launch ? SCALE_BAD_LAUNCH : SCALE_CORRECT);
        uint64_t differ = 0;
        for (uint64_t i = 0; i < n; i++)
            differ += float_bits(gpu[i]) != float_bits(cpu[i]);
        if (!quiet)
            printf("elements that differ from the CPU: %" PRIu64 " of %" PRIu64 "\n", differ, n);
        ok = verdict("GPU y equals CPU y bit for bit", differ == 0);
        if (out_of_bounds)
            printf("(this check reads y[0..n-1] only: it cannot see the write to y[n])\n");
    } else {
        int exact = 1; /* doubling only changes the exponent: 2 x equals x + x exactly */
        for (uint64_t i = 0; i < n; i++)
            exact &= float_bits(cpu[i]) == float_bits(x[i] + x[i]);
        ok = verdict("CPU: 2 x equals x + x bit for bit (no GPU run)", exact);
    }
    free(x);
    free(cpu);
    free(gpu);
    return exit_status(ok);
}
