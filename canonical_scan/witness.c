/* witness.c - the cross-platform witness of P4229: FNV-1a 64 hashes of whole
 * scan outputs and 24 mid-block probe values, for iterated_pairwise and
 * block_dyadic<16> and <256>, on the CPU and on the GPU. The verdict is
 * CPU == GPU: the same bits, not merely close ones -- which holds only because
 * both sides round the same named expression (-ffp-contract=off on the
 * host, --fmad=false on the device). */
#include "why_not_emulated.h"
#include "canonical_cpu.h"
#include "canonical_gpu.h"
#include "common.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define PROBES 24
#define WITNESS_N (UINT64_C(1) << 20)
#define WITNESS_BITS UINT64_C(0x406fef4dbe54a0f8)

typedef struct {
    const char *name;
    unsigned block; /* 0: iterated_pairwise */
} witness_policy;

static const witness_policy policies[] = {
    { "iterated_pairwise", 0 },
    { "block_dyadic<16>", 16 },
    { "block_dyadic<256>", 256 },
};
#define POLICIES (sizeof policies / sizeof policies[0])

/* What one platform shows of one scan. */
typedef struct {
    uint64_t hash;        /* FNV-1a 64 of the whole output */
    double probe[PROBES]; /* values in the middle of blocks */
    uint64_t probe_hash;  /* FNV-1a 64 of the 24 probes */
    double back;
} observation;

// [listing mid-block-probes]
/* Probe k sits in the middle of a 256-element block spread evenly over the
 * array (the same positions for every policy), away from block edges where
 * the carry joins: the values that show whether the carry was attached as
 * the expression says. */
static size_t probe_index(int k, size_t n)
{
    const size_t spot = (size_t)((2.0 * k + 1.0) / (2.0 * PROBES) * (double)n);
    const size_t mid = spot / 256 * 256 + 128;
    return mid < n ? mid : n - 1;
}
// [end]

static void observe(const double *out, size_t n, observation *o)
{
    o->hash = fnv1a64_doubles(out, n);
    for (int k = 0; k < PROBES; k++)
        o->probe[k] = out[probe_index(k, n)];
    o->probe_hash = fnv1a64_doubles(o->probe, PROBES);
    o->back = out[n - 1];
}

static void scan_on_cpu(const witness_policy *p, const double *x, double *out, size_t n)
{
    if (p->block == 0)
        iterated_pairwise_scan(x, out, n, 0, 0, 0.0);
    else
        block_dyadic_scan(x, out, n, p->block, 0, 0, 0.0);
}

static void scan_on_gpu(const witness_policy *p, const double *x, double *out, size_t n)
{
    if (p->block == 0)
        gpu_iterated_pairwise_scan(x, out, n, 0, 0, 0.0);
    else
        gpu_block_dyadic_scan(x, out, n, p->block, 0, 0, 0.0);
}

static double reduce_on_cpu(const witness_policy *p, const double *x, size_t n)
{
    return p->block == 0 ? iterated_pairwise_reduce(x, n, 0, 0.0) : block_dyadic_reduce(x, n, p->block, 0, 0.0);
}

static double reduce_on_gpu(const witness_policy *p, const double *x, size_t n)
{
    return p->block == 0 ? gpu_canonical_reduce(x, n, 1, 0, 0.0) : gpu_block_dyadic_reduce(x, n, p->block, 0, 0.0);
}

static void print_row(const char *policy, const char *where, const observation *o)
{
    char hex[HEX64_LEN];
    printf("%-18s %-4s 0x%016" PRIx64 "  0x%016" PRIx64 "  %s\n", policy, where, o->hash, o->probe_hash,
           double_hex(o->back, hex));
}

static int probes_equal(const observation *a, const observation *b, int *equal)
{
    *equal = 0;
    for (int k = 0; k < PROBES; k++)
        *equal += doubles_bit_equal(a->probe[k], b->probe[k]);
    return *equal == PROBES;
}

/* The probed values of one policy (and the GPU's beside them, if any). */
static void print_probes(const observation *seen, const observation *gpu, size_t n)
{
    for (int k = 0; k < PROBES; k++) {
        char a[HEX64_LEN], b[HEX64_LEN];
        printf("    probe %2d  i = %8zu  %s", k, probe_index(k, n), double_hex(seen->probe[k], a));
        if (gpu)
            printf("  %s", double_hex(gpu->probe[k], b));
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    uint64_t n = WITNESS_N, seed = LCG64_DEFAULT_SEED;
    int show_probes = 0, quiet = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements (default 2^20)", 1, UINT64_C(1) << 28, NULL },
        { "--seed", CLI_U64, &seed, "LCG seed (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--on", CLI_CHOICE, &on, "where to scan (default both with a GPU, else cpu; emu: why not)", 0, 0,
          "cpu|gpu|both|emu" },
        { "--show-probes", CLI_FLAG, &show_probes, "print the 24 probe values of every scan", 0, 0, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv, "Cross-platform witness: hashes and mid-block probes of three canonical scans, CPU vs GPU.",
              options, sizeof options / sizeof options[0]);
    cli_no_emu(on, CANONICAL_KERNELS_NOT_EMULATED);
    const run_on where = cli_resolve_on(on);

    double *x = alloc_or_exit(n, sizeof(double), "the data"), *out = alloc_or_exit(n, sizeof(double), "the scan");
    p4016_data(seed, 0, x, n);
    if (!quiet) {
        printf("witness: N = %" PRIu64 " P4016 doubles, seed 0x%016" PRIx64 ", %d mid-block probes\n\n", n, seed,
               PROBES);
        printf("%-18s %-4s %-18s  %-18s  %s\n", "policy", "on", "FNV-1a 64 of scan", "FNV-1a 64 of probes",
               "back element");
    }
    observation cpu[POLICIES], gpu[POLICIES];
    int consistent = 1, gpu_consistent = 1, witness_ok = 1, hashes_equal = 1, all_probes_equal = 1, values_equal = 0;
    for (size_t p = 0; p < POLICIES; p++) {
        if (where & RUN_CPU) {
            scan_on_cpu(&policies[p], x, out, n);
            observe(out, n, &cpu[p]);
            consistent &= doubles_bit_equal(cpu[p].back, reduce_on_cpu(&policies[p], x, n));
            if (!quiet)
                print_row(policies[p].name, "CPU", &cpu[p]);
        }
        if (where & RUN_GPU) {
            scan_on_gpu(&policies[p], x, out, n);
            observe(out, n, &gpu[p]);
            gpu_consistent &= doubles_bit_equal(gpu[p].back, reduce_on_gpu(&policies[p], x, n));
            if (!quiet)
                print_row(policies[p].name, "GPU", &gpu[p]);
        }
        const observation *seen = where & RUN_CPU ? &cpu[p] : &gpu[p];
        if (n == WITNESS_N && seed == LCG64_DEFAULT_SEED) /* every block full: all three are pairwise(x) */
            witness_ok &= double_bits(seen->back) == WITNESS_BITS;
        if (where == RUN_BOTH) {
            int equal = 0;
            hashes_equal &= cpu[p].hash == gpu[p].hash;
            all_probes_equal &= probes_equal(&cpu[p], &gpu[p], &equal);
            values_equal += equal + (cpu[p].hash == gpu[p].hash);
        }
        if (show_probes && !quiet)
            print_probes(seen, where == RUN_BOTH ? &gpu[p] : NULL, n);
    }
    if (!quiet) {
        printf("\n");
        if (where == RUN_BOTH)
            printf("CPU vs GPU: %d of %d values bit-identical (%d hashes and %d probes)\n\n", values_equal,
                   (int)(POLICIES * (PROBES + 1)), (int)POLICIES, (int)(POLICIES * PROBES));
    }
    int ok = 1;
    if (where & RUN_CPU)
        ok &= verdict("CPU: every scan's back element equals its policy's reduce", consistent);
    if (where & RUN_GPU)
        ok &= verdict("GPU: every scan's back element equals its policy's reduce", gpu_consistent);
    if (n == WITNESS_N && seed == LCG64_DEFAULT_SEED)
        ok &= verdict("every back element is the published 0x406fef4dbe54a0f8", witness_ok);
    if (where == RUN_BOTH) {
        ok &= verdict("GPU scan hashes equal the CPU's", hashes_equal);
        ok &= verdict("GPU mid-block probes equal the CPU's", all_probes_equal);
    }
    free(x);
    free(out);
    return exit_status(ok);
}
