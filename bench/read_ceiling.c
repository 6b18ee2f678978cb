/* read_ceiling.c - the read-only bandwidth ceiling that reductions are
 * judged against (common/gpu/read_ceiling.cu): a kernel that reads every
 * byte once with 16-byte loads and writes one word per block. Buffers of
 * --min-mib to --max-mib MiB (steps of 4x); per size the median of --reps
 * timed reads after warm-up, with min..max and (max - min) / median. The L2
 * size is queried: a buffer that fits in it is read from L2, not from HBM,
 * after the first pass, and its row says so. Every read's sum of 64-bit
 * words is checked against the closed form of the fill. --n N measures the
 * one size N MiB; --quiet prints only the verdict. Nothing is random (the
 * fill is a closed form), so --seed is refused with that reason instead of
 * being ignored.
 * GPU only: without a device it says so and exits 77; --on emu says why
 * the CPU emulator cannot stand in (it has no clock), and exits 2. */
#include "common.h"
#include "mib_range.h"
#include "read_ceiling.h"
#include "run_header.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct {
    read_ceiling *r;
} read_ctx;

static void launch(void *p, int op)
{
    (void)op;
    read_ceiling_launch(((read_ctx *)p)->r);
}

/* Times one size (quiet: prints no row); returns 1 when every byte was read
 * (the sum matched). */
static int measure(size_t bytes, int warmup, int reps, long l2, int quiet)
{
    void *d = read_ceiling_filled_buffer(bytes);
    read_ctx c = { read_ceiling_create(d, bytes) };
    double *ms = alloc_or_exit((size_t)reps, sizeof *ms, "the timings");
    gpu_time_interleaved(launch, &c, 1, warmup, reps, ms);
    const int ok = read_ceiling_sum(c.r) == read_ceiling_filled_sum(bytes);
    const double med = median_of(ms, (size_t)reps); /* sorts ms */
    const double spread = spread_of(ms, (size_t)reps);
    if (!quiet)
        printf("| %zu MiB%s | %.4f | %.4f..%.4f | %.1f%% | %.0f |\n", bytes >> 20,
               (long)bytes <= l2 ? " (fits in L2)" : "", med, ms[0], ms[reps - 1], 100.0 * spread,
               (double)bytes / (med * 1e6));
    free(ms);
    read_ceiling_destroy(c.r);
    read_ceiling_free(d);
    return ok;
}

int main(int argc, char **argv)
{
    const char *seed_text = NULL, *on = NULL;
    uint64_t min_mib = 0, max_mib = 0, one_mib = 0, reps = 30, warmup = 3; /* 0: not given */
    int quiet = 0;
    const cli_option options[] = {
        { "--min-mib", CLI_U64, &min_mib, "smallest buffer in MiB (default 16; sizes step by 4x)", 1, 65536, NULL },
        { "--max-mib", CLI_U64, &max_mib, "largest buffer in MiB (default 4096)", 1, 65536, NULL },
        { "--n", CLI_U64, &one_mib, "one buffer of N MiB only (--min-mib N --max-mib N)", 1, 65536, NULL },
        { "--seed", CLI_STRING, &seed_text, "refused: nothing is random here", 0, 0, "N" },
        { "--reps", CLI_U64, &reps, "timed reads per size (default 30)", 1, 10000, NULL },
        { "--warmup", CLI_U64, &warmup, "untimed reads first (default 3)", 0, 1000, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
        CLI_OPTION_ON_GPU_NO_EMU(&on),
    };
    cli_parse(argc, argv, "Read-only device bandwidth (bytes read / time), the ceiling reductions are judged against.",
              options, sizeof options / sizeof options[0]);
    cli_no_emu(on, "this program measures the GPU's read bandwidth and its L2 cache, and the CPU emulator has no model "
                   "of time or of the GPU's memory");
    if (seed_text != NULL)
        cli_refuse("--seed: read_ceiling has no random input "
                   "(its buffer holds word i = i * 0x9E3779B97F4A7C15, filled in common/gpu/read_ceiling.cu)");
    resolve_mib_range(one_mib, &min_mib, &max_mib, 16, 4096);
    gpu_require_device();
    const long l2 = gpu_l2_cache_bytes();
    if (!quiet) {
        printf("## Read-only bandwidth ceiling\n\n");
        print_run_header(argc, argv);
        printf("kernel: common/gpu/read_ceiling.cu (16-byte loads, 4 in flight per thread, grid-stride, as many "
               "blocks as the GPU holds at once); L2: %ld bytes (cudaDevAttrL2CacheSize); CUDA events around each "
               "read; %" PRIu64 " warm-up reads, median of %" PRIu64 "; spread = (max - min) / median; "
               "GB/s = bytes read / median time\n\n",
               l2, warmup, reps);
        printf("| bytes read | median ms | min..max ms | spread | GB/s (read only) |\n|---|---|---|---|---|\n");
    }
    int all_read = 1;
    for (uint64_t mib = min_mib; mib <= max_mib; mib *= 4)
        all_read &= measure((size_t)mib << 20, (int)warmup, (int)reps, l2, quiet);
    if (!quiet)
        printf("\n");
    return exit_status(verdict("every read's sum of 64-bit words equals the fill's closed form", all_read));
}
