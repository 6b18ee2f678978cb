/* classic_scans.c - the classic prefix networks (Kogge-Stone, Brent-Kung,
 * Blelloch, Sklansky) as named scan expressions.
 *
 *   (default)      the expression every network names for each output of
 *                  x0 .. x(n-1) (n = 8), and the checks below for n = 1 .. 64
 *   --costs        work and span counted from the networks for n = 16 .. 2^20,
 *                  beside the closed forms, and checked against them
 *   --bits         one input, four networks, four answers (the bits of every
 *                  output), and which network each P4229 policy's
 *                  in-block part is, by bits
 *   --svg NETWORK  the wiring diagram of one network (n = 16)
 *
 * The checks: every network computes a scan (exact on small integers); the
 * values the networks compute are the values of their expressions;
 * Blelloch's exclusive output i+1 is Brent-Kung's inclusive output i, and
 * Sklansky's output i is the pairwise value of x0 .. xi (the iterated_pairwise
 * expression), expression for expression. --quiet prints only verdicts. */
#include "common.h"
#include "canonical_cpu.h"
#include "classic_figure.h"
#include "classic_networks.h"
#include "named_expression.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_N_MAX 64
#define TEXT_MAX 16384

static const classic_network four[CLASSIC_NETWORKS] = { NET_KOGGE_STONE, NET_BRENT_KUNG, NET_BLELLOCH, NET_SKLANSKY };

/* Prints the expressions of one network's outputs (quiet: nothing). */
static void show_network(classic_network net, size_t n, int exclusive)
{
    expr_arena a;
    static char text[TEXT_MAX];
    int root[CHECK_N_MAX];
    if (expr_arena_init(&a, 4 * n * n + 16) != 0) {
        fprintf(stderr, "error: cannot allocate the expression arena\n");
        exit(EXIT_MISMATCH);
    }
    classic_scan_expressions(net, n, exclusive, &a, root);
    printf("%s, %s\n", network_title(net), exclusive ? "exclusive" : "inclusive");
    for (size_t i = 0; i < n; i++)
        printf("  %s[%zu] = %s\n", exclusive ? "E" : "S", i, expr_print(&a, root[i], text, sizeof text));
    printf("\n");
    expr_arena_free(&a);
}

/* The texts of one network's n output expressions. */
static char (*expression_texts(classic_network net, size_t n, int exclusive))[TEXT_MAX]
{
    char(*texts)[TEXT_MAX] = alloc_or_exit(n, TEXT_MAX, "the expression texts");
    expr_arena a;
    int root[CHECK_N_MAX];
    if (expr_arena_init(&a, 4 * n * n + 16) != 0) {
        fprintf(stderr, "error: cannot allocate the expression arena\n");
        exit(EXIT_MISMATCH);
    }
    classic_scan_expressions(net, n, exclusive, &a, root);
    for (size_t i = 0; i < n; i++)
        expr_print(&a, root[i], texts[i], TEXT_MAX);
    expr_arena_free(&a);
    return texts;
}

/* Each network, both forms, every n in 1..64: a scan on integers, and its
 * values are its expressions' values on the P4016 data. */
static int check_networks(uint64_t seed)
{
    int scans = 1, values = 1;
    double x[CHECK_N_MAX], ints[CHECK_N_MAX], out[CHECK_N_MAX];
    p4016_data(seed, 0, x, CHECK_N_MAX);
    for (size_t i = 0; i < CHECK_N_MAX; i++)
        ints[i] = (double)((i * 37 + 11) % 101) - 50.0; /* small integers: every sum is exact */
    for (int k = 0; k < NET_COUNT; k++) {
        const classic_network net = (classic_network)k;
        for (size_t n = 1; n <= CHECK_N_MAX; n++) {
            for (int exclusive = 0; exclusive <= 1; exclusive++) {
                classic_scan(net, ints, out, n, exclusive, 0, 0.0);
                double sum = 0.0;
                for (size_t i = 0; i < n; i++) {
                    if (exclusive)
                        scans &= out[i] == sum;
                    sum += ints[i];
                    if (!exclusive)
                        scans &= out[i] == sum;
                }
                expr_arena a;
                int root[CHECK_N_MAX];
                if (expr_arena_init(&a, 4 * n * n + 16) != 0)
                    return 0;
                classic_scan_expressions(net, n, exclusive, &a, root);
                classic_scan(net, x, out, n, exclusive, 0, 0.0);
                for (size_t i = 0; i < n; i++)
                    values &= doubles_bit_equal(expr_eval(&a, root[i], x, 0.0), out[i]);
                expr_arena_free(&a);
            }
        }
    }
    int ok = verdict("every network, inclusive and exclusive, n = 1 .. 64, computes a scan (exact on integers)", scans);
    ok &= verdict("the networks' values are the values of their expressions, bit for bit", values);
    return ok;
}

/* Expression identities, n = 1 .. 64. */
static int check_identities(void)
{
    int blelloch_is_bk = 1, sklansky_is_pairwise = 1, reversed_differs = 1;
    static char text[TEXT_MAX];
    expr_arena a;
    if (expr_arena_init(&a, 4 * CHECK_N_MAX + 16) != 0)
        return 0;
    for (size_t n = 1; n <= CHECK_N_MAX; n++) {
        char(*bk)[TEXT_MAX] = expression_texts(NET_BRENT_KUNG, n, 0);
        char(*bl)[TEXT_MAX] = expression_texts(NET_BLELLOCH, n, 1);
        char(*sk)[TEXT_MAX] = expression_texts(NET_SKLANSKY, n, 0);
        char(*ks)[TEXT_MAX] = expression_texts(NET_KOGGE_STONE, n, 0);
        char(*kr)[TEXT_MAX] = expression_texts(NET_KOGGE_STONE_REVERSED, n, 0);
        int some_differ = 0;
        for (size_t i = 0; i < n; i++) {
            if (i + 1 < n)
                blelloch_is_bk &= strcmp(bl[i + 1], bk[i]) == 0;
            expr_arena_reset(&a);
            expr_print(&a, literal_scan_prefix(&a, POLICY_ITERATED_PAIRWISE, 1, i), text, sizeof text);
            sklansky_is_pairwise &= strcmp(sk[i], text) == 0;
            some_differ |= strcmp(ks[i], kr[i]) != 0;
        }
        if (n >= 4)
            reversed_differs &= some_differ;
        free(bk);
        free(bl);
        free(sk);
        free(ks);
        free(kr);
    }
    expr_arena_free(&a);
    int ok = verdict("Blelloch's exclusive E[i+1] is Brent-Kung's inclusive S[i], expression for expression",
                     blelloch_is_bk);
    ok &= verdict("Sklansky's S[i] is the pairwise value of x0 .. xi (iterated_pairwise), expression for expression",
                  sklansky_is_pairwise);
    ok &= verdict("Kogge-Stone with its distances reversed names other expressions (n >= 4)", reversed_differs);
    return ok;
}

/* The counts of the networks against the closed forms, n = 2^2 .. 2^20;
 * the table prints n = 16 .. 2^20 (inclusive, and Blelloch's exclusive). */
static int costs_table(int quiet)
{
    int match = 1;
    if (!quiet) {
        printf("Work (additions) and span (longest chain of additions) counted from each network,\n"
               "n = 2^k; in brackets where the count differs from the formula\n\n");
        printf("| n | Kogge-Stone | Brent-Kung | Blelloch (excl.) | Blelloch (incl.) | Sklansky |\n");
        printf("|---:|---:|---:|---:|---:|---:|\n");
    }
    for (unsigned k = 2; k <= 20; k++) {
        const size_t n = (size_t)1 << k;
        const struct {
            classic_network net;
            int exclusive;
        } col[5] = {
            { NET_KOGGE_STONE, 0 }, { NET_BRENT_KUNG, 0 }, { NET_BLELLOCH, 1 },
            { NET_BLELLOCH, 0 },    { NET_SKLANSKY, 0 },
        };
        if (!quiet && k >= 4)
            printf("| 2^%u |", k);
        for (int c = 0; c < 5; c++) {
            const network_cost got = classic_scan_cost(col[c].net, n, col[c].exclusive);
            const network_cost want = classic_scan_cost_formula(col[c].net, k, col[c].exclusive);
            const int same = got.work == want.work && got.span == want.span && got.levels == want.levels;
            match &= same;
            if (!quiet && k >= 4)
                printf(" %" PRIu64 " / %" PRIu64 "%s |", got.work, got.span, same ? "" : " [formula differs]");
        }
        if (!quiet && k >= 4)
            printf("\n");
    }
    if (!quiet)
        printf("\nformulas (n = 2^k): Kogge-Stone (k-1)n + 1 / k; Brent-Kung 2n - 2 - k / 2k - 2;\n"
               "Blelloch exclusive 2n - 2 - k / 2k - 2, inclusive (E[i] + x[i]) 3n - 3 - k / 2k - 1;\n"
               "Sklansky (n/2)k / k. Levels holding additions: k, 2k - 1, 2k - 1, 2k, k.\n\n");
    return verdict("work, span and levels counted from every network equal the formulas, n = 4 .. 2^20", match);
}

/* How many different answers the four networks give for output i. */
static size_t answers_at(double s[CLASSIC_NETWORKS][16], size_t i)
{
    size_t distinct = 0;
    for (int k = 0; k < CLASSIC_NETWORKS; k++) {
        int seen = 0;
        for (int j = 0; j < k; j++)
            seen |= doubles_bit_equal(s[j][i], s[k][i]);
        distinct += !seen;
    }
    return distinct;
}

static void four_scans(uint64_t seed, double x[16], double s[CLASSIC_NETWORKS][16])
{
    p4016_data(seed, 1, x, 16);
    for (int k = 0; k < CLASSIC_NETWORKS; k++)
        classic_scan(four[k], x, s[k], 16, 0, 0, 0.0);
}

/* 1 when the policy's scan of n elements names, output for output, the
 * expressions of the network (inclusive). */
static int same_expressions(scan_policy policy, unsigned block, classic_network net, size_t n)
{
    static char text[TEXT_MAX];
    char(*texts)[TEXT_MAX] = expression_texts(net, n, 0);
    expr_arena a;
    int same = expr_arena_init(&a, 4 * n * n + 16) == 0;
    for (size_t i = 0; same && i < n; i++) {
        expr_arena_reset(&a);
        same &= strcmp(expr_print(&a, literal_scan_prefix(&a, policy, block, i), text, sizeof text), texts[i]) == 0;
    }
    expr_arena_free(&a);
    free(texts);
    return same;
}

static int bits_table(uint64_t seed, int quiet)
{
    enum { N = 16 };
    double x[N], s[CLASSIC_NETWORKS][N];
    four_scans(seed, x, s);
    size_t four_answers = 0;
    if (!quiet) {
        printf("Same input (the hostile P4016 data of seed %" PRIu64 ", n = 16), four networks, inclusive:\n"
               "the bits of S[i] in hex (Blelloch's S[i] = E[i] + x[i])\n\n",
               seed);
        printf("| i | Kogge-Stone | Brent-Kung | Blelloch | Sklansky | answers |\n|---:|---:|---:|---:|---:|---:|\n");
    }
    for (size_t i = 0; i < N; i++) {
        const size_t distinct = answers_at(s, i);
        four_answers += distinct == 4;
        if (!quiet)
            printf("| %zu | %016" PRIx64 " | %016" PRIx64 " | %016" PRIx64 " | %016" PRIx64 " | %zu |\n", i,
                   double_bits(s[0][i]), double_bits(s[1][i]), double_bits(s[2][i]), double_bits(s[3][i]), distinct);
    }
    /* How rare that is: the same data for seeds 1 .. 1000. */
    size_t tally[CLASSIC_NETWORKS + 1] = { 0 };
    for (uint64_t other = 1; other <= 1000; other++) {
        double y[N], t[CLASSIC_NETWORKS][N];
        four_scans(other, y, t);
        for (size_t i = 0; i < N; i++)
            tally[answers_at(t, i)]++;
    }
    if (!quiet)
        printf("\nseeds 1 .. 1000 of the same data, 16000 outputs: %zu with one answer, %zu with two, %zu with three, "
               "%zu with four\n",
               tally[1], tally[2], tally[3], tally[4]);
    /* The policies over one block of 16: block_dyadic<16> is its in-block part. */
    const struct {
        scan_policy policy;
        const char *label;
    } pol[3] = {
        { POLICY_LEFT_FOLD, "left_fold" },
        { POLICY_ITERATED_PAIRWISE, "iterated_pairwise" },
        { POLICY_BLOCK_DYADIC, "block_dyadic<16>, one block" },
    };
    int sklansky_found = 1;
    if (!quiet)
        printf("\nEach P4229 policy against each network, same input: outputs with equal bits (of 16), and\n"
               "the network whose expressions the policy names, output for output\n\n"
               "| policy | Kogge-Stone | Brent-Kung | Blelloch | Sklansky | same expressions |\n"
               "|---|---:|---:|---:|---:|---|\n");
    for (int p = 0; p < 3; p++) {
        double out[N];
        policy_scan(pol[p].policy, 16, x, out, N, 0, 0, 0.0);
        const char *is = "none";
        if (!quiet)
            printf("| %s |", pol[p].label);
        for (int k = 0; k < CLASSIC_NETWORKS; k++) {
            size_t equal = 0;
            for (size_t i = 0; i < N; i++)
                equal += doubles_bit_equal(out[i], s[k][i]);
            if (same_expressions(pol[p].policy, 16, four[k], N))
                is = network_title(four[k]);
            if (!quiet)
                printf(" %zu |", equal);
        }
        if (pol[p].policy != POLICY_LEFT_FOLD)
            sklansky_found &= strcmp(is, "Sklansky") == 0;
        else
            sklansky_found &= strcmp(is, "none") == 0;
        if (!quiet)
            printf(" %s |\n", is);
    }
    if (!quiet)
        printf("\n");
    int ok = verdict("an output of this input has four different answers, one per network", four_answers > 0);
    ok &= verdict("iterated_pairwise and block_dyadic's in-block part are Sklansky's expressions; left_fold is none",
                  sklansky_found);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t n = 8, seed = LCG64_DEFAULT_SEED;
    int quiet = 0, costs = 0, bits = 0, exclusive = 0;
    const char *svg = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "elements of the printed expressions or the figure (default 8; figure 16)", 1, 32, NULL },
        { "--costs", CLI_FLAG, &costs, "the work and span table, n = 16 .. 2^20, against the formulas", 0, 0, NULL },
        { "--bits", CLI_FLAG, &bits, "one input, four networks: the bits table and the policies' match", 0, 0, NULL },
        { "--svg", CLI_CHOICE, &svg, "print the wiring diagram of one network as SVG", 0, 0,
          "kogge_stone|brent_kung|blelloch|sklansky|kogge_stone_reversed" },
        { "--exclusive", CLI_FLAG, &exclusive, "with --svg blelloch: its exclusive form (no last level)", 0, 0, NULL },
        { "--seed", CLI_U64, &seed, "LCG seed of the P4016 data (default 0x243F6A8885A308D3; --bits: 18)", 0,
          UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "The classic prefix networks as named scan expressions: their expressions, work, span, "
              "bits and wiring diagrams.",
              options, sizeof options / sizeof options[0]);
    if (costs + bits + (svg != NULL) > 1)
        cli_refuse("--costs, --bits and --svg each print their own output (use one)");
    if (exclusive && svg == NULL)
        cli_refuse("--exclusive goes with --svg");
    if (svg != NULL) {
        classic_network net;
        network_parse(svg, &net);
        classic_network_svg(stdout, net, cli_given("--n") ? (size_t)n : 16, exclusive);
        return EXIT_PASS;
    }
    if (costs)
        return exit_status(costs_table(quiet));
    if (bits) /* seed 18: an input on which one output has four answers (see the tally) */
        return exit_status(bits_table(cli_given("--seed") ? seed : 18, quiet));
    if (!quiet) {
        printf("The expression each classic network names for every output of x0 .. x%" PRIu64 "\n\n", n - 1);
        for (int k = 0; k < CLASSIC_NETWORKS; k++)
            show_network(four[k], (size_t)n, network_is_exclusive(four[k]));
        show_network(NET_BLELLOCH, (size_t)n, 0);
    }
    int ok = check_networks(seed);
    ok &= check_identities();
    return exit_status(ok);
}
