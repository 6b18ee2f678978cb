/* canonical_scan.c - the P4229 scan policies on the LCG data set, on the
 * CPU and/or the GPU. Checks scan/reduce consistency (probed prefixes and the
 * back element), the published 2^20 witness where it applies, and CPU == GPU
 * in every element. With --summary, stdout holds exactly one line:
 *     back=0x... reduce=0x... fnv1a=0x...
 * Two traps commit the mistakes of the book's section 30.9 on the CPU:
 * --init-as-leaf puts init into the tree as element -1, --resume-at M scans
 * in two calls, the second with init = the first call's last output. */
#include "why_not_emulated.h"
#include "common.h"
#include "canonical_cpu.h"
#include "canonical_gpu.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WITNESS_N (UINT64_C(1) << 20)
#define WITNESS_BITS UINT64_C(0x406fef4dbe54a0f8)
#define PROBES 24

typedef struct {
    scan_policy policy;
    unsigned block;
    int exclusive, has_init;
    double init;
} scan_setup;

/* The GPU's reduce of the same expression: block_dyadic has its own, and
 * iterated_pairwise is the P4016 reduce with one lane. left_fold has none
 * (the CPU's value is returned). */
static double run_gpu_reduce(const scan_setup *s, const double *x, size_t n, double cpu_reduce)
{
    switch (s->policy) {
    case POLICY_BLOCK_DYADIC: return gpu_block_dyadic_reduce(x, n, s->block, s->has_init, s->init);
    case POLICY_ITERATED_PAIRWISE: return gpu_canonical_reduce(x, n, 1, s->has_init, s->init);
    case POLICY_LEFT_FOLD: break;
    }
    return cpu_reduce;
}

static void run_gpu_scan(const scan_setup *s, const double *x, double *out, size_t n)
{
    switch (s->policy) {
    case POLICY_LEFT_FOLD: gpu_left_fold_scan(x, out, n, s->exclusive, s->has_init, s->init); break;
    case POLICY_ITERATED_PAIRWISE: gpu_iterated_pairwise_scan(x, out, n, s->exclusive, s->has_init, s->init); break;
    case POLICY_BLOCK_DYADIC: gpu_block_dyadic_scan(x, out, n, s->block, s->exclusive, s->has_init, s->init); break;
    }
}

/* The published witness covers the pairwise value of all 2^20 default-seed
 * elements, which iterated_pairwise and block_dyadic<B> with B a power of two
 * both are (every block is then a complete subtree). */
static int witness_applies(const scan_setup *s, uint64_t n, uint64_t seed, int hostile)
{
    if (n != WITNESS_N || seed != LCG64_DEFAULT_SEED || hostile || s->has_init || s->exclusive)
        return 0;
    if (s->policy == POLICY_ITERATED_PAIRWISE)
        return 1;
    return s->policy == POLICY_BLOCK_DYADIC && (s->block & (s->block - 1)) == 0;
}

// [listing consistency-probe]
/* Scan/reduce consistency at one element: the inclusive S[i] is the reduce
 * of x[0..i], the exclusive E[i] the reduce of x[0..i-1], bit for bit. */
static int consistent_at(const scan_setup *s, const double *x, const double *out, size_t i)
{
    const size_t prefix = s->exclusive ? i : i + 1;
    const double r = policy_reduce(s->policy, s->block, x, prefix, s->has_init, s->init);
    return doubles_bit_equal(out[i], r);
}
// [end]

/* Probes spread over the whole output, plus both sides of a block boundary. */
static int probe_consistency(const scan_setup *s, const double *x, const double *out, size_t n)
{
    int ok = 1;
    for (size_t k = 0; k < PROBES; k++)
        ok &= consistent_at(s, x, out, (size_t)((double)k / (PROBES - 1) * (double)(n - 1)));
    const size_t boundary = (n / 2) / s->block * s->block;
    if (boundary > 0 && boundary < n) {
        ok &= consistent_at(s, x, out, boundary - 1);
        ok &= consistent_at(s, x, out, boundary);
    }
    return ok;
}

static void describe_setup(FILE *trace, const scan_setup *s, uint64_t n, uint64_t seed, int hostile)
{
    char hex_buf[HEX64_LEN];
    fprintf(trace, "P4229 canonical scan\n");
    if (s->policy == POLICY_BLOCK_DYADIC)
        fprintf(trace, "  policy  block_dyadic<%u>, %s\n", s->block, s->exclusive ? "exclusive" : "inclusive");
    else
        fprintf(trace, "  policy  %s, %s\n", scan_policy_name(s->policy), s->exclusive ? "exclusive" : "inclusive");
    fprintf(trace, "  data    N = %" PRIu64 " doubles, LCG seed 0x%016" PRIx64 ", %s\n", n, seed,
            hostile ? "hostile overlay (+-1e16)" : "no overlay");
    if (s->has_init)
        fprintf(trace, "  init    %.17g (%s), attached outside each prefix\n", s->init, double_hex(s->init, hex_buf));
    else
        fprintf(trace, "  init    none\n");
}

/* A few elements at both ends, with their bits. */
static void show_elements(FILE *trace, const char *side, int exclusive, const double *out, size_t n)
{
    char hex_buf[HEX64_LEN];
    const char *name = exclusive ? "E" : "S";
    fprintf(trace, "%s  %10s  %-24s  %s\n", side, "i", name, "bits");
    for (size_t i = 0; i < n; i++) {
        if (i == 3 && n > 6) {
            fprintf(trace, "%s  %10s\n", side, "...");
            i = n - 3;
        }
        fprintf(trace, "%s  %10zu  %-24.17g  %s\n", side, i, out[i], double_hex(out[i], hex_buf));
    }
}

/* The GPU's scan and reduce of the same setup, against the CPU library's. */
static int check_gpu(FILE *trace, const scan_setup *s, const double *x, const double *cpu, double *gpu, uint64_t n,
                     double reduce, int quiet, double *gpu_reduce)
{
    run_gpu_scan(s, x, gpu, n);
    if (!quiet) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        fprintf(trace, "GPU  %s\n", device);
        show_elements(trace, "GPU", s->exclusive, gpu, n);
    }
    size_t differ = 0;
    for (size_t i = 0; i < n; i++)
        differ += !doubles_bit_equal(gpu[i], cpu[i]);
    if (!quiet)
        fprintf(trace, "elements that differ between GPU and CPU: %zu of %" PRIu64 "\n", differ, n);
    int ok = verdict_to(trace, "GPU scan equals the CPU scan in every element", differ == 0);
    *gpu_reduce = run_gpu_reduce(s, x, n, reduce);
    if (s->policy != POLICY_LEFT_FOLD)
        ok &= verdict_to(trace, "GPU reduce equals the CPU reduce bit for bit", doubles_bit_equal(*gpu_reduce, reduce));
    return ok;
}

/* The back element, the reduce and the hash of the result; consistency
 * and the published witness checked; --summary's one line. */
static int report_result(FILE *trace, const scan_setup *s, const double *x, const double *result, uint64_t n,
                         double reduce, uint64_t seed, int hostile, int summary, int quiet)
{
    int ok = 1;
    char hex_buf[HEX64_LEN];
    const double back = result[n - 1];
    const uint64_t hash = fnv1a64_doubles(result, n); /* little-endian bytes on every host */
    if (!quiet) {
        fprintf(trace, "\nback element  %s\n", double_hex(back, hex_buf));
        fprintf(trace, "reduce        %s  (same policy, all N elements%s)\n", double_hex(reduce, hex_buf),
                s->has_init ? ", with init" : "");
        fprintf(trace, "fnv1a64       0x%016" PRIx64 "  (all N elements, little-endian bytes)\n", hash);
    }
    if (!s->exclusive)
        ok &= verdict_to(trace, "back element equals the reduce of all N elements", doubles_bit_equal(back, reduce));
    else
        ok &= verdict_to(trace, "back element equals the reduce of the first N-1 elements",
                         consistent_at(s, x, result, n - 1));
    if (witness_applies(s, n, seed, hostile)) {
        if (!quiet)
            fprintf(trace, "published witness (N = 2^20, default seed): 0x%016" PRIx64 "\n", WITNESS_BITS);
        ok &= verdict_to(trace, "back element and reduce equal the published witness",
                         double_bits(back) == WITNESS_BITS && double_bits(reduce) == WITNESS_BITS);
    }
    if (summary) {
        char back_hex[HEX64_LEN], reduce_hex[HEX64_LEN];
        printf("back=%s reduce=%s fnv1a=0x%016" PRIx64 "\n", double_hex(back, back_hex), double_hex(reduce, reduce_hex),
               hash);
    }
    return ok;
}

// [listing trap-init-resume]
/* Trap: init as the first leaf, element -1 of the expression, instead of
 * outside it. Element i of the scan with init is then element i + 1 (or i,
 * exclusive) of the scan of {init, x0, x1, ...}. */
static size_t scan_init_as_leaf(const scan_setup *s, const double *x, const double *canonical, size_t n)
{
    double *y = alloc_or_exit(n + 1, sizeof *y, "the data with init");
    double *leaf = alloc_or_exit(n + 1, sizeof *leaf, "the scan with init as a leaf");
    y[0] = s->init;
    memcpy(y + 1, x, n * sizeof *x);
    policy_scan(s->policy, s->block, y, leaf, n + 1, 0, 0, 0.0);
    size_t differ = 0;
    for (size_t i = 0; i < n; i++)
        differ += !doubles_bit_equal(leaf[s->exclusive ? i : i + 1], canonical[i]);
    free(y);
    free(leaf);
    return differ;
}

/* Trap: a scan in two calls, the second resumed from the first call's last
 * output, passed as its init -- as if a prefix were the state of the scan. */
static size_t scan_resumed(const scan_setup *s, const double *x, const double *canonical, size_t n, size_t m)
{
    double *two = alloc_or_exit(n, sizeof *two, "the scan in two calls");
    policy_scan(s->policy, s->block, x, two, m, 0, s->has_init, s->init);
    policy_scan(s->policy, s->block, x + m, two + m, n - m, 0, 1, two[m - 1]);
    size_t differ = 0;
    for (size_t i = m; i < n; i++)
        differ += !doubles_bit_equal(two[i], canonical[i]);
    free(two);
    return differ;
}
// [end]

int main(int argc, char **argv)
{
    uint64_t n = WITNESS_N, block = 256, seed = LCG64_DEFAULT_SEED, resume_at = 0;
    int hostile = 0, exclusive = 0, summary = 0, quiet = 0, init_as_leaf = 0;
    double init = NAN; /* cli_parse accepts only finite numbers: NaN means "not given" */
    const char *on = NULL, *policy_text = "block_dyadic";
    const cli_option options[] = {
        { "--policy", CLI_CHOICE, &policy_text, "the named expression (default block_dyadic)", 0, 0,
          "left_fold|iterated_pairwise|block_dyadic" },
        { "--block", CLI_U64, &block, "block size B of block_dyadic (default 256)", 1, UINT32_MAX, NULL },
        { "--n", CLI_U64, &n, "number of elements (default 2^20)", 1, UINT64_C(1) << 30, NULL },
        { "--seed", CLI_U64, &seed, "LCG seed, hex or decimal (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--hostile", CLI_FLAG, &hostile, "add the P4016 cancellation overlay (+-1e16)", 0, 0, NULL },
        { "--init", CLI_DOUBLE, &init, "initial value, attached outside each prefix (default none)", 0, 0, NULL },
        { "--exclusive", CLI_FLAG, &exclusive, "exclusive scan: E[i] covers x[0..i-1]", 0, 0, NULL },
        CLI_OPTION_ON_NO_EMU(&on),
        { "--summary", CLI_FLAG, &summary, "stdout: one line back=0x... reduce=0x... fnv1a=0x...", 0, 0, NULL },
        { "--init-as-leaf", CLI_FLAG, &init_as_leaf,
          "trap: also scan with init as element -1 of the tree (needs --init)", 0, 0, NULL },
        { "--resume-at", CLI_U64, &resume_at,
          "trap: also scan in two calls, the second from element M with init = the first's last output", 1,
          UINT64_C(1) << 30, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "P4229 canonical scans of the LCG data set, checked for scan/reduce consistency and CPU == GPU.", options,
              sizeof options / sizeof options[0]);
    scan_setup s = { POLICY_BLOCK_DYADIC, (unsigned)block, exclusive, !isnan(init), init };
    if (scan_policy_parse(policy_text, &s.policy) != 0) /* cli_parse already checked the word */
        cli_refuse("unknown policy '%s'", policy_text);
    if (init_as_leaf && !s.has_init)
        cli_refuse("--init-as-leaf needs --init");
    if (resume_at > 0 && (resume_at >= n || exclusive))
        cli_refuse("--resume-at M needs an inclusive scan and 1 <= M < N");
    FILE *trace = summary ? stderr : stdout; /* --summary keeps stdout for one line */
    cli_no_emu(on, CANONICAL_KERNELS_NOT_EMULATED);
    const run_on where = cli_resolve_on(on);

    double *x = alloc_or_exit(n, sizeof(double), "the data set");
    double *cpu = alloc_or_exit(n, sizeof(double), "the CPU scan");
    double *gpu = (where & RUN_GPU) ? alloc_or_exit(n, sizeof(double), "the GPU scan") : NULL;
    p4016_data(seed, hostile, x, n);
    if (!quiet) {
        describe_setup(trace, &s, n, seed, hostile);
        fprintf(trace, "\n");
    }

    /* The CPU library is the reference for every run, also for --on gpu. */
    policy_scan(s.policy, s.block, x, cpu, n, s.exclusive, s.has_init, s.init);
    double reduce = policy_reduce(s.policy, s.block, x, n, s.has_init, s.init);
    const double *result = cpu;
    int ok = 1;
    if (where & RUN_CPU) {
        if (!quiet)
            show_elements(trace, "CPU", s.exclusive, cpu, n);
        ok &= verdict_to(trace, "CPU scan: probed prefixes equal the reduce of that prefix",
                         probe_consistency(&s, x, cpu, n));
    }
    if (where & RUN_GPU) {
        double gpu_reduce;
        ok &= check_gpu(trace, &s, x, cpu, gpu, n, reduce, quiet, &gpu_reduce);
        if (where == RUN_GPU) {
            result = gpu;
            reduce = gpu_reduce;
        }
    }
    ok &= report_result(trace, &s, x, result, n, reduce, seed, hostile, summary, quiet);
    if (init_as_leaf) {
        const size_t differ = scan_init_as_leaf(&s, x, cpu, n);
        fprintf(trace, "\nthe trap: init as element -1 of the tree, inside the expression\n");
        fprintf(trace, "  elements that differ from init + expr(prefix): %zu of %" PRIu64 "\n", differ, n);
        ok &= verdict_to(trace, "init as a leaf gives the scan with init", differ == 0);
    }
    if (resume_at > 0) {
        const size_t differ = scan_resumed(&s, x, cpu, n, resume_at);
        fprintf(trace,
                "\nthe trap: two calls, the second from element %" PRIu64 " with init = the first's last output\n",
                resume_at);
        fprintf(trace, "  elements from %" PRIu64 " on that differ from the one-call scan: %zu of %" PRIu64 "\n",
                resume_at, differ, n - resume_at);
        ok &= verdict_to(trace, "the two-call scan equals the one-call scan", differ == 0);
    }
    free(x);
    free(cpu);
    free(gpu);
    return exit_status(ok);
}
