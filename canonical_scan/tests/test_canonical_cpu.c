/* test_canonical_cpu.c - unit tests of the CPU library: the published
 * values, scan/reduce consistency, the fast library against the literal
 * evaluator (named_expression.c), the conventions for init and n == 0, and
 * repeatability. Each group prints one line; exit 1 if any fails.
 *
 * With no arguments it runs in seconds: every group, the literal one on
 * N = 0..LITERAL_QUICK_N_MAX. --full runs the literal evaluator on every N
 * up to SMALL_N_MAX, which costs about N^3 (a minute or more); --shard K/S
 * runs the Kth of S interleaved slices of those sizes, so that the full
 * sweep can be split into tests that each finish quickly.
 *
 * The consistency group's large case probes 2^17 + 1 and four random sizes
 * in [1000, 200999] (drawn from --seed); --n N probes that one size instead.
 * --quiet prints only the failures and the verdict. */
#include "common.h"
#include "canonical_cpu.h"
#include "named_expression.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SMALL_N_MAX 300
#define LITERAL_QUICK_N_MAX 64

/* the sizes test_literal_scans covers: n <= literal_n_max with
 * n % shard_count == shard_index (set by --full and --shard) */
static size_t literal_n_max = LITERAL_QUICK_N_MAX;
static uint64_t shard_index = 0, shard_count = 1;

static int failures = 0;
static int quiet = 0; /* --quiet: print the failing checks only */

static void expect(int ok, const char *fmt, ...)
{
    va_list args;
    va_start(args, fmt);
    if (!ok || !quiet) {
        printf("%s  ", ok ? "ok  " : "FAIL");
        vprintf(fmt, args);
        printf("\n");
    }
    va_end(args);
    if (!ok)
        failures++;
}

static double *doubles(size_t n)
{
    return alloc_or_exit(n, sizeof(double), "the test data");
}

static int same(double a, double b)
{
    return double_bits(a) == double_bits(b);
}

/* The policies under test: left_fold, iterated_pairwise, block_dyadic<B>. */
typedef struct {
    scan_policy policy;
    unsigned block;
} policy_case;

static const policy_case policy_cases[] = {
    { POLICY_LEFT_FOLD, 1 },      { POLICY_ITERATED_PAIRWISE, 1 }, { POLICY_BLOCK_DYADIC, 1 },
    { POLICY_BLOCK_DYADIC, 2 },   { POLICY_BLOCK_DYADIC, 3 },      { POLICY_BLOCK_DYADIC, 16 },
    { POLICY_BLOCK_DYADIC, 256 },
};
#define POLICY_CASES (sizeof policy_cases / sizeof policy_cases[0])
static const unsigned lane_cases[] = { 1, 2, 3, 16, 128 };

/* init cases: none, and a value that is not a power of two */
static const struct {
    int has_init;
    double init;
} init_cases[] = { { 0, 0.0 }, { 1, 0.1 } };

static void test_published_values(void)
{
    const size_t n = 1000000, witness_n = (size_t)1 << 20;
    double *x = doubles(witness_n), *out = doubles(witness_n);
    p4016_data(LCG64_DEFAULT_SEED, 0, x, n);
    expect(double_bits(canonical_reduce(x, n, 16, 0, 0.0)) == UINT64_C(0x40618f71f6379380),
           "golden: L = 16, N = 10^6 gives 0x40618f71f6379380");
    expect(double_bits(canonical_reduce(x, n, 128, 0, 0.0)) == UINT64_C(0x40618f71f6379397),
           "golden: L = 128, N = 10^6 gives 0x40618f71f6379397");
    expect(double_bits(canonical_reduce_by_lane(x, n, 16, 0, 0.0)) == UINT64_C(0x40618f71f6379380) &&
               double_bits(canonical_reduce_by_lane(x, n, 128, 0, 0.0)) == UINT64_C(0x40618f71f6379397),
           "golden: the lane-by-lane route gives the same two values");

    p4016_data(LCG64_DEFAULT_SEED, 0, x, witness_n);
    const uint64_t w = UINT64_C(0x406fef4dbe54a0f8);
    block_dyadic_scan(x, out, witness_n, 256, 0, 0, 0.0);
    const int scan_ok = double_bits(out[witness_n - 1]) == w;
    const int reduce_ok = double_bits(block_dyadic_reduce(x, witness_n, 256, 0, 0.0)) == w;
    expect(scan_ok && reduce_ok, "witness: N = 2^20, B = 256: scan back == reduce == 0x406fef4dbe54a0f8");
    iterated_pairwise_scan(x, out, witness_n, 0, 0, 0.0);
    expect(double_bits(out[witness_n - 1]) == w && double_bits(pairwise_value(x, witness_n)) == w &&
               double_bits(canonical_reduce(x, witness_n, 1, 0, 0.0)) == w,
           "witness: iterated_pairwise back, pairwise value and L = 1 reduce equal it too");
    free(x);
    free(out);
}

/* S[i] == reduce(x[0..i]) and E[i] == reduce(x[0..i-1]) for every i. */
static int consistent_everywhere(const policy_case *pc, const double *x, size_t n, int has_init, double init,
                                 double *incl, double *excl, double *reduce)
{
    policy_scan(pc->policy, pc->block, x, incl, n, 0, has_init, init);
    policy_scan(pc->policy, pc->block, x, excl, n, 1, has_init, init);
    for (size_t k = 0; k <= n; k++)
        reduce[k] = policy_reduce(pc->policy, pc->block, x, k, has_init, init);
    for (size_t i = 0; i < n; i++)
        if (!same(incl[i], reduce[i + 1]) || !same(excl[i], reduce[i]))
            return 0;
    return 1;
}

static void test_consistency_small(void)
{
    double *x = doubles(SMALL_N_MAX), *incl = doubles(SMALL_N_MAX), *excl = doubles(SMALL_N_MAX);
    double *reduce = doubles(SMALL_N_MAX + 1);
    for (int hostile = 0; hostile <= 1; hostile++) {
        for (size_t p = 0; p < POLICY_CASES; p++) {
            int ok = 1;
            for (size_t n = 0; n <= SMALL_N_MAX; n++) {
                p4016_data(LCG64_DEFAULT_SEED, hostile, x, n);
                for (size_t c = 0; c < 2; c++)
                    ok &= consistent_everywhere(&policy_cases[p], x, n, init_cases[c].has_init, init_cases[c].init,
                                                incl, excl, reduce);
            }
            expect(ok, "consistency: %s<%u>, %s data, N = 0..%d, with and without init, inclusive and exclusive",
                   scan_policy_name(policy_cases[p].policy), policy_cases[p].block, hostile ? "hostile" : "base",
                   SMALL_N_MAX);
        }
    }
    free(x);
    free(incl);
    free(excl);
    free(reduce);
}

/* Large random N: every prefix would be O(N^2), so probe random elements,
 * both sides of block boundaries and the back element. only_n != 0: that
 * one size (its data and probes drawn from the seed as the first size's). */
static void test_consistency_large(uint64_t seed, size_t only_n)
{
    splitmix64 g = { seed };
    size_t sizes[5] = { ((size_t)1 << 17) + 1, 0, 0, 0, 0 };
    for (int k = 1; k < 5; k++)
        sizes[k] = 1000 + (size_t)splitmix64_below(&g, 200000);
    const int count = only_n != 0 ? 1 : 5;
    if (only_n != 0)
        sizes[0] = only_n;
    for (int k = 0; k < count; k++) {
        const size_t n = sizes[k];
        double *x = doubles(n), *out = doubles(n);
        int ok = 1;
        for (int hostile = 0; hostile <= 1; hostile++) {
            p4016_data(seed + (uint64_t)k, hostile, x, n);
            for (size_t p = 0; p < POLICY_CASES; p++) {
                const policy_case *pc = &policy_cases[p];
                for (size_t c = 0; c < 2; c++) {
                    const int has_init = init_cases[c].has_init;
                    const double init = init_cases[c].init;
                    for (int exclusive = 0; exclusive <= 1; exclusive++) {
                        policy_scan(pc->policy, pc->block, x, out, n, exclusive, has_init, init);
                        for (int probe = 0; probe < 12; probe++) {
                            size_t i = probe == 0 ? n - 1 : (size_t)splitmix64_below(&g, n);
                            if (probe % 3 == 1) /* just before or at a block boundary */
                                i = i / pc->block * pc->block - (probe % 2 && i >= pc->block);
                            const size_t prefix = exclusive ? i : i + 1;
                            ok &= same(out[i], policy_reduce(pc->policy, pc->block, x, prefix, has_init, init));
                        }
                    }
                }
            }
        }
        expect(ok, "consistency: N = %zu, every policy, base and hostile, init or not, incl. and excl., 12 probes each",
               n);
        free(x);
        free(out);
    }
}

static void test_literal_scans(void)
{
    expr_arena a;
    double *x = doubles(SMALL_N_MAX), *out = doubles(SMALL_N_MAX);
    if (expr_arena_init(&a, 8 * SMALL_N_MAX + 16) != 0) {
        expect(0, "literal: cannot allocate the expression arena");
        return;
    }
    for (size_t p = 0; p < POLICY_CASES; p++) {
        const policy_case *pc = &policy_cases[p];
        int scans_ok = 1, reduces_ok = 1;
        for (int hostile = 0; hostile <= 1; hostile++) {
            for (size_t n = shard_index; n <= literal_n_max; n += shard_count) {
                p4016_data(LCG64_DEFAULT_SEED, hostile, x, n);
                for (size_t c = 0; c < 2; c++) {
                    const int has_init = init_cases[c].has_init;
                    const double init = init_cases[c].init;
                    for (int exclusive = 0; exclusive <= 1; exclusive++) {
                        policy_scan(pc->policy, pc->block, x, out, n, exclusive, has_init, init);
                        for (size_t i = 0; i < n; i++) {
                            expr_arena_reset(&a);
                            /* E[i] is the prefix expression of x[0..i-1] */
                            const int root = exclusive
                                                 ? (i == 0 ? EXPR_EMPTY
                                                           : literal_scan_prefix(&a, pc->policy, pc->block, i - 1))
                                                 : literal_scan_prefix(&a, pc->policy, pc->block, i);
                            const int full = literal_attach_init(&a, has_init, root);
                            scans_ok &= same(out[i], expr_eval(&a, full, x, init));
                        }
                    }
                    expr_arena_reset(&a);
                    const int r = literal_attach_init(&a, has_init, literal_reduce(&a, pc->policy, pc->block, n));
                    reduces_ok &= same(policy_reduce(pc->policy, pc->block, x, n, has_init, init),
                                       expr_eval(&a, r, x, init));
                }
            }
        }
        char sizes[64];
        if (shard_count == 1)
            snprintf(sizes, sizeof sizes, "N = 0..%zu", literal_n_max);
        else
            snprintf(sizes, sizeof sizes, "N = %" PRIu64 ", %" PRIu64 " + %" PRIu64 ", ... <= %zu", shard_index,
                     shard_index, shard_count, literal_n_max);
        expect(scans_ok && reduces_ok,
               "literal: %s<%u> scans and reduce equal the literal evaluator, %s, base/hostile, init or not",
               scan_policy_name(pc->policy), pc->block, sizes);
    }
    expr_arena_free(&a);
    free(x);
    free(out);
}

/* The scan definition of prefix i and the reduce definition of i+1
 * elements are the same expression, not only the same value. */
static void test_literal_same_expression(void)
{
    expr_arena a;
    static char s1[1 << 16], s2[1 << 16];
    if (expr_arena_init(&a, 1024) != 0) {
        expect(0, "literal: cannot allocate the expression arena");
        return;
    }
    int ok = 1;
    for (size_t p = 0; p < POLICY_CASES; p++) {
        for (size_t i = 0; i < 100; i++) {
            expr_arena_reset(&a);
            expr_print(&a, literal_scan_prefix(&a, policy_cases[p].policy, policy_cases[p].block, i), s1, sizeof s1);
            expr_print(&a, literal_reduce(&a, policy_cases[p].policy, policy_cases[p].block, i + 1), s2, sizeof s2);
            ok &= strcmp(s1, s2) == 0 && strcmp(s1, "(too long)") != 0;
        }
    }
    expect(ok, "literal: every scan prefix (i < 100) prints as the reduce expression of that prefix, every policy");
    expr_arena_free(&a);
}

static void test_literal_lanes(void)
{
    expr_arena a;
    double *x = doubles(SMALL_N_MAX);
    if (expr_arena_init(&a, 4 * SMALL_N_MAX + 16) != 0) {
        expect(0, "literal: cannot allocate the expression arena");
        return;
    }
    for (size_t l = 0; l < sizeof lane_cases / sizeof lane_cases[0]; l++) {
        const unsigned lanes = lane_cases[l];
        int ok = 1;
        for (int hostile = 0; hostile <= 1; hostile++) {
            for (size_t n = 0; n <= SMALL_N_MAX; n++) {
                p4016_data(LCG64_DEFAULT_SEED, hostile, x, n);
                for (size_t c = 0; c < 2; c++) {
                    const int has_init = init_cases[c].has_init;
                    const double init = init_cases[c].init;
                    expr_arena_reset(&a);
                    const int root = literal_attach_init(&a, has_init, literal_lanes_reduce(&a, n, lanes));
                    const double literal = expr_eval(&a, root, x, init);
                    ok &= same(canonical_reduce(x, n, lanes, has_init, init), literal);
                    ok &= same(canonical_reduce_by_lane(x, n, lanes, has_init, init), literal);
                }
            }
        }
        expect(
            ok,
            "literal: L = %u reduce (both routes) equals the literal evaluator, N = 0..%d, base/hostile, init or not",
            lanes, SMALL_N_MAX);
    }
    expr_arena_free(&a);
    free(x);
}

/* Lane counts and sizes the literal test cannot reach: the row route
 * (n >= 8 lanes, tiles of 8 rows, leftover rows and a partial row). */
static void test_lane_routes(void)
{
    const unsigned lanes[] = { 1, 3, 5, 16, 17, 32, 64, 100, 128, 1000, 4096, 4097 };
    const size_t sizes[] = { 1024, 1031, 5000, 8 * 128 * 3 + 77, 65536, 100003 };
    double *x = doubles(100003);
    int ok = 1;
    for (int hostile = 0; hostile <= 1; hostile++)
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
            p4016_data(LCG64_DEFAULT_SEED + s, hostile, x, sizes[s]);
            for (size_t l = 0; l < sizeof lanes / sizeof lanes[0]; l++)
                ok &= same(canonical_reduce(x, sizes[s], lanes[l], 1, -3.5),
                           canonical_reduce_by_lane(x, sizes[s], lanes[l], 1, -3.5));
        }
    expect(ok, "lanes: row route equals lane-by-lane route for 12 lane counts x 6 sizes up to 100003");
    free(x);
}

static void test_conventions(void)
{
    double x[1000] = { 0 }, out[1000];
    const double neg_zero = -0.0;
    /* n == 0 */
    int ok = double_bits(canonical_reduce(x, 0, 16, 0, 0.0)) == 0 &&
             same(canonical_reduce(x, 0, 16, 1, neg_zero), neg_zero) &&
             same(block_dyadic_reduce(x, 0, 256, 1, 7.25), 7.25);
    for (int p = 0; p < 3; p++)
        ok &= double_bits(policy_reduce((scan_policy)p, 4, x, 0, 0, 0.0)) == 0 &&
              same(policy_reduce((scan_policy)p, 4, x, 0, 1, neg_zero), neg_zero);
    out[0] = 42.0;
    for (int p = 0; p < 3; p++)
        policy_scan((scan_policy)p, 4, x, out, 0, 1, 1, 1.0);
    ok &= out[0] == 42.0;
    expect(ok, "conventions: n == 0 gives +0.0, or init itself (even -0.0); scans write nothing");

    /* one element -0.0: no hidden "0 +" turns it into +0.0 */
    x[0] = neg_zero;
    ok = same(canonical_reduce(x, 1, 16, 0, 0.0), neg_zero) && same(pairwise_value(x, 1), neg_zero);
    for (int p = 0; p < 3; p++) {
        policy_scan((scan_policy)p, 4, x, out, 1, 0, 0, 0.0);
        ok &= same(out[0], neg_zero) && same(policy_reduce((scan_policy)p, 4, x, 1, 0, 0.0), neg_zero);
        policy_scan((scan_policy)p, 4, x, out, 1, 1, 0, 0.0);
        ok &= double_bits(out[0]) == 0; /* exclusive E[0] without init is +0.0 */
    }
    expect(ok, "conventions: a lone -0.0 stays -0.0; exclusive E[0] without init is +0.0");

    /* init is attached once, outside: reduce(init) == init + reduce() */
    p4016_data(LCG64_DEFAULT_SEED, 1, x, 1000);
    ok = same(canonical_reduce(x, 1000, 16, 1, 0.1), 0.1 + canonical_reduce(x, 1000, 16, 0, 0.0));
    for (int p = 0; p < 3; p++)
        ok &= same(policy_reduce((scan_policy)p, 16, x, 1000, 1, 0.1),
                   0.1 + policy_reduce((scan_policy)p, 16, x, 1000, 0, 0.0));
    expect(ok, "conventions: reduce with init == init + reduce without init, bit for bit");

    /* block_dyadic<1> and block_dyadic<B >= n> are iterated_pairwise; L >= n is plain pairwise */
    double ip[1000], bd[1000];
    iterated_pairwise_scan(x, ip, 1000, 0, 0, 0.0);
    block_dyadic_scan(x, bd, 1000, 1, 0, 0, 0.0);
    ok = memcmp(ip, bd, sizeof ip) == 0;
    block_dyadic_scan(x, bd, 1000, 1000, 0, 0, 0.0);
    ok &= memcmp(ip, bd, sizeof ip) == 0;
    ok &= same(canonical_reduce(x, 1000, 1000, 0, 0.0), pairwise_value(x, 1000)) &&
          same(canonical_reduce(x, 1000, 5000, 0, 0.0), pairwise_value(x, 1000));
    expect(ok, "special cases: block_dyadic<1> and <B >= N> scans are iterated_pairwise; L >= N is pairwise");

    /* the policies are different expressions: on the base data they disagree */
    p4016_data(LCG64_DEFAULT_SEED, 0, x, 1000);
    const double lf = left_fold_reduce(x, 1000, 0, 0.0), pw = pairwise_value(x, 1000);
    expect(!same(lf, pw), "policies: left_fold and pairwise differ on 1000 base elements (%.17g vs %.17g)", lf, pw);
}

/* The same input at a different address (another alignment, so other
 * vector peeling) and a second run give the same bits. */
static void test_repeatability(void)
{
    const size_t n = 300007;
    double *x = doubles(n + 1), *out1 = doubles(n), *out2 = doubles(n);
    p4016_data(LCG64_DEFAULT_SEED, 1, x, n);
    double *shifted = x + 1;
    memmove(shifted, x, n * sizeof *x);
    int ok = 1;
    for (unsigned l = 1; l <= 128; l *= 2)
        ok &= same(canonical_reduce(x + 1, n, l, 0, 0.0), canonical_reduce(shifted, n, l, 0, 0.0));
    for (size_t p = 0; p < POLICY_CASES; p++) {
        policy_scan(policy_cases[p].policy, policy_cases[p].block, shifted, out1, n, 0, 1, 0.1);
        policy_scan(policy_cases[p].policy, policy_cases[p].block, shifted, out2, n, 0, 1, 0.1);
        ok &= fnv1a64(out1, n * sizeof *out1) == fnv1a64(out2, n * sizeof *out2);
    }
    double *copy = doubles(n);
    memcpy(copy, shifted, n * sizeof *copy);
    for (unsigned l = 1; l <= 128; l *= 2)
        ok &= same(canonical_reduce(copy, n, l, 0, 0.0), canonical_reduce(shifted, n, l, 0, 0.0));
    expect(ok, "repeatability: two runs and two buffer alignments give the same bits (reduces and scan hashes)");
    free(x);
    free(out1);
    free(out2);
    free(copy);
}

/* --shard K/S: 1 <= K <= S <= 64; sets shard_index = K - 1, shard_count = S. */
static void parse_shard(const char *text)
{
    char k_text[24];
    const char *slash = strchr(text, '/');
    uint64_t k, count;
    const size_t k_len = slash ? (size_t)(slash - text) : 0;
    if (slash != NULL && k_len < sizeof k_text) {
        memcpy(k_text, text, k_len);
        k_text[k_len] = '\0';
        if (cli_parse_u64(slash + 1, 1, 64, &count) == 0 && cli_parse_u64(k_text, 1, count, &k) == 0) {
            shard_index = k - 1;
            shard_count = count;
            return;
        }
    }
    fprintf(stderr, "error: --shard expects K/S with 1 <= K <= S <= 64, got '%s'\n", text);
    exit(EXIT_BAD_INPUT);
}

int main(int argc, char **argv)
{
    uint64_t seed = 20260512, n = 0;
    const char *group = "all", *shard = NULL;
    int full = 0;
    const cli_option options[] = {
        { "--seed", CLI_U64, &seed, "seed of the random sizes and probes (default 20260512)", 0, UINT64_MAX, NULL },
        { "--group", CLI_CHOICE, &group, "which tests to run (default all)", 0, 0,
          "all|published|conventions|consistency|literal|lanes|repeatability" },
        { "--full", CLI_FLAG, &full, "literal evaluator on every N up to 300, not 64 (a minute or more)", 0, 0, NULL },
        { "--shard", CLI_STRING, &shard, "with --group literal: only the Kth of S slices of the sizes", 0, 0, "K/S" },
        { "--n", CLI_U64, &n, "the consistency group's large case at this one size, not 2^17+1 and 4 random ones", 1,
          UINT64_C(1) << 22, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the failing checks and the verdict", 0, 0, NULL },
    };
    cli_parse(argc, argv, "Unit tests of the canonical reduce and scan CPU library.", options,
              sizeof options / sizeof options[0]);
    if (shard != NULL && strcmp(group, "literal") != 0)
        cli_refuse("--shard splits only --group literal");
    if (shard != NULL)
        parse_shard(shard);
    if (cli_given("--seed") && strcmp(group, "all") != 0 && strcmp(group, "consistency") != 0)
        cli_refuse("--seed draws the consistency group's sizes and probes (--group consistency or all)");
    if (n != 0 && strcmp(group, "all") != 0 && strcmp(group, "consistency") != 0)
        cli_refuse("--n sizes the consistency group's large case (--group consistency or all)");
    if (full)
        literal_n_max = SMALL_N_MAX;
    const int all = strcmp(group, "all") == 0;
#define GROUP(name) (all || strcmp(group, name) == 0)
    if (GROUP("published"))
        test_published_values();
    if (GROUP("conventions"))
        test_conventions();
    if (GROUP("consistency")) {
        test_consistency_small();
        test_consistency_large(seed, (size_t)n);
    }
    if (GROUP("literal")) {
        test_literal_scans();
        if (shard_index == 0) /* once, not in every shard */
            test_literal_same_expression();
    }
    if (GROUP("lanes")) {
        test_literal_lanes();
        test_lane_routes();
    }
    if (GROUP("repeatability"))
        test_repeatability();
#undef GROUP
    if (!quiet)
        printf("%d failure%s\n", failures, failures == 1 ? "" : "s");
    return exit_status(verdict("the CPU library passes every unit test run", failures == 0));
}
