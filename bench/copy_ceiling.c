/* copy_ceiling.c - the memory-bandwidth ceiling every GPU result in this
 * companion is judged against: a large device-to-device copy, counting the
 * bytes read plus the bytes written, median of timed copies after a warm-up.
 * Sizes from --min-mib to --max-mib in steps of 4x, or the one size --n.
 * Nothing is random (the source holds one constant byte, set in the kernel
 * file), so --seed, which every program of the companion takes, is refused
 * with that reason instead of being ignored.
 * GPU only: without a device it says so and exits 77; --on emu says why
 * the CPU emulator cannot stand in (it has no clock), and exits 2. */
#include "common.h"
#include "mib_range.h"
#include "copy_ceiling.h"

#include <inttypes.h>
#include <stdio.h>

int main(int argc, char **argv)
{
    const char *seed_text = NULL, *on = NULL;
    uint64_t min_mib = 0, max_mib = 0, one_mib = 0, reps = 20, warmup = 3; /* 0: not given */
    int quiet = 0;
    const cli_option options[] = {
        { "--min-mib", CLI_U64, &min_mib, "smallest copy in MiB (default 256; sizes step by 4x)", 1, 65536, NULL },
        { "--max-mib", CLI_U64, &max_mib, "largest copy in MiB (default 4096)", 1, 65536, NULL },
        { "--n", CLI_U64, &one_mib, "one copy of N MiB only (--min-mib N --max-mib N)", 1, 65536, NULL },
        { "--seed", CLI_STRING, &seed_text, "refused: nothing is random here", 0, 0, "N" },
        { "--reps", CLI_U64, &reps, "timed copies per size (default 20)", 1, 10000, NULL },
        { "--warmup", CLI_U64, &warmup, "untimed copies first (default 3)", 0, 1000, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
        CLI_OPTION_ON_GPU_NO_EMU(&on),
    };
    cli_parse(argc, argv, "Device-to-device copy bandwidth (read + write), the ceiling GPU results are judged against.",
              options, sizeof options / sizeof options[0]);
    cli_no_emu(on,
               "this program measures the GPU's copy bandwidth, and the CPU emulator has no model of time or of the "
               "GPU's memory");
    if (seed_text != NULL)
        cli_refuse("--seed: copy_ceiling has no random input "
                   "(it copies a constant fill, bytes of 0x5a set in gpu/copy_ceiling.cu)");
    resolve_mib_range(one_mib, &min_mib, &max_mib, 256, 4096);
    gpu_require_device();
    char device[256];
    gpu_device_describe(device, sizeof device);
    if (!quiet)
        printf("device: %s\n| bytes copied | median ms | spread | GB/s (read + write) |\n|---|---|---|---|\n", device);
    int all_copied = 1;
    for (uint64_t mib = min_mib; mib <= max_mib; mib *= 4) {
        const size_t bytes = (size_t)mib << 20;
        double spread = 0.0;
        int copied = 0;
        const double ms = copy_ceiling_ms(bytes, (int)warmup, (int)reps, &spread, &copied);
        all_copied &= copied;
        if (!quiet)
            printf("| %" PRIu64 " MiB | %.3f | %.1f%% | %.0f |\n", mib, ms, 100.0 * spread,
                   2.0 * (double)bytes / (ms * 1e6));
    }
    if (!quiet)
        printf("\n");
    return exit_status(verdict("every copy's destination holds the source bytes (first and last 4 KiB)", all_copied));
}
