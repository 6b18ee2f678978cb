/* grid_sync.c - section 1.6: y[i] = n * x[i] - sum(x), where every thread
 * needs a total that all blocks contribute to: one cooperative launch with a
 * grid-wide barrier between the two phases. The CPU computes the same with
 * two loops. --too-many-blocks asks for one block more than the GPU can hold
 * at once, and the launch is refused. */
#include "common.h"
#include "grid_sync.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    uint64_t n = 100000, seed = 1;
    int quiet = 0, too_many = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of values (default 100000)", 1, UINT64_C(1) << 24, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--too-many-blocks", CLI_FLAG, &too_many, "GPU trap: launch one block more than fits at once", 0, 0, NULL },
        CLI_OPTION_ON(&on),
    };
    cli_parse(argc, argv, "Centring by a grid-wide barrier (cooperative launch), checked against C loops.",
              options, sizeof options / sizeof options[0]);
    if (too_many && on != NULL && strcmp(on, "cpu") == 0) {
        fprintf(stderr, "error: --too-many-blocks is a GPU experiment (use --on gpu)\n");
        return EXIT_BAD_INPUT;
    }
    const run_on where = too_many ? cli_resolve_on("gpu") : cli_resolve_on(on);
    int *x = alloc_or_exit(n, sizeof *x, "x");
    long long *cpu = alloc_or_exit(n, sizeof *cpu, "y"), *gpu = alloc_or_exit(n, sizeof *gpu, "y");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++)
        x[i] = (int)splitmix64_below(&g, 1000);
    // [listing cpu-centre]
    long long total = 0; /* phase 1: the total, which needs every element */
    for (uint64_t i = 0; i < n; i++)
        total += x[i];
    for (uint64_t i = 0; i < n; i++) /* phase 2: starts only when phase 1 is complete */
        cpu[i] = (long long)n * x[i] - total;
    // [end]
    long long check = 0;
    for (uint64_t i = 0; i < n; i++)
        check += cpu[i];
    printf("y = n * x - sum(x) over %" PRIu64 " integers in [0, 1000): sum(x) = %lld\n", n, total);
    if (!quiet)
        printf("first values: x = %d %d %d, y = %lld %lld %lld\n", x[0], x[n > 1], x[n > 2 ? 2 : 0],
               cpu[0], cpu[n > 1], cpu[n > 2 ? 2 : 0]);
    int ok = verdict("CPU: the centred values add up to 0", check == 0);
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        grid_sync_launch info;
        memset(&info, 0, sizeof info);
        gpu_centre_plan((int)n, too_many, &info);
        printf("%d SMs x %d blocks of %d threads can be resident at once: %d blocks\n", info.sms,
               info.blocks_per_sm, info.threads, info.sms * info.blocks_per_sm);
        printf("cooperative launch of %d blocks%s\n", info.blocks,
               too_many ? " (one too many)" : "");
        fflush(stdout); /* the trap's error line comes after this on a terminal */
        gpu_centre(x, (int)n, gpu, &info);
        ok &= verdict("GPU centred values equal the CPU's", memcmp(gpu, cpu, n * sizeof *cpu) == 0);
    }
    free(x);
    free(cpu);
    free(gpu);
    return exit_status(ok);
}
