/* gpu_smoke.c - checks that the GPU path of the build works end to end:
 * y = a*x + y on the CPU and on the GPU, compared bit for bit. --on emu runs
 * the kernel's own source on the CPU emulator (common/emulator/) instead of
 * the GPU. --quiet prints only the verdict (and the count of differing
 * elements, if any). */
#include "common.h"
#include "gpu_smoke.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    uint64_t n = 1000000, seed = 1;
    const char *on = NULL;
    int quiet = 0;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements (default 1000000)", 1, UINT64_C(1) << 28, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        CLI_OPTION_ON_EMU(&on),
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
    };
    cli_parse(argc, argv, "GPU smoke test: y = a*x + y on CPU and GPU, compared bit for bit.", options,
              sizeof options / sizeof options[0]);
    const run_on where = cli_resolve_on(on);

    double *x = malloc(n * sizeof *x), *y_cpu = malloc(n * sizeof *y_cpu), *y_gpu = malloc(n * sizeof *y_gpu);
    if (!x || !y_cpu || !y_gpu)
        cli_refuse("cannot allocate 3 arrays of %" PRIu64 " doubles", n);
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++) {
        x[i] = splitmix64_uniform(&g, -1.0, 1.0);
        y_cpu[i] = y_gpu[i] = splitmix64_uniform(&g, -1.0, 1.0);
    }
    const double a = 0.75;
    for (uint64_t i = 0; i < n; i++)
        y_cpu[i] = a * x[i] + y_cpu[i];
    if (!quiet)
        printf("axpy over %" PRIu64 " random doubles, a = %g\n", n, a);

    int ok = 1;
    if (where & (RUN_GPU | RUN_EMU)) {
        const char *device_name = where == RUN_EMU ? "emulator" : "GPU";
        int launched = 1;
        if (where == RUN_EMU) {
            if (!quiet)
                printf("emulator: the kernel's own source on the CPU (common/emulator/)\n");
            fflush(stdout); /* the emulator's error line goes to stderr: keep the order */
            launched = emu_axpy(a, x, y_gpu, n) == 0;
        } else {
            char device[256];
            gpu_device_describe(device, sizeof device);
            if (!quiet)
                printf("GPU: %s\n", device);
            gpu_axpy(a, x, y_gpu, n);
        }
        uint64_t differ = 0;
        for (uint64_t i = 0; i < n; i++)
            differ += !doubles_bit_equal(y_cpu[i], y_gpu[i]);
        if (launched && (!quiet || differ != 0)) /* quiet: what went wrong only */
            printf("elements that differ between CPU and %s: %" PRIu64 "\n", device_name, differ);
        char what[80];
        snprintf(what, sizeof what, "%s axpy equals CPU axpy bit for bit", where == RUN_EMU ? "emulated" : "GPU");
        ok = launched ? verdict(what, differ == 0) : verdict("the emulator ran the kernel without an error", 0);
    } else {
        if (!quiet)
            printf("GPU path not run (no CUDA device)\n");
        ok = verdict("CPU axpy ran", 1);
    }
    free(x);
    free(y_cpu);
    free(y_gpu);
    return exit_status(ok);
}
