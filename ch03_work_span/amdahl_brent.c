/* amdahl_brent.c - section 3.3: Amdahl's law and Brent's bound, computed.
 *
 * Amdahl: a program whose fraction f of the one-processor time parallelises
 * perfectly runs speedup(p) = 1 / ((1 - f) + f / p) times faster on p
 * processors, never more than 1 / (1 - f). Brent: a computation with work W
 * and span S runs on p processors in T_p <= W/p + S steps, so its speed-up
 * is at least W / (W/p + S), and never more than W / S. --frozen-f commits
 * the trap of treating the two as one formula, and fails. --seed S draws the
 * four fractions of the Amdahl table at random instead of 0.5, 0.9, 0.99 and
 * 0.999; its check holds for any fractions. */
#include "common.h"
#include "tree_trace.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

// [listing amdahl-brent-formulas]
static double amdahl_speedup(double f, double p)
{
    return 1.0 / ((1.0 - f) + f / p);
}

/* Brent: T_p <= W/p + S, in steps of one addition; T_1 = W. */
static double brent_time(double work, double span, double p)
{
    return work / p + span;
}

static double brent_speedup(double work, double span, double p)
{
    return work / brent_time(work, span, p);
}
// [end]

#define FRACTIONS 4
static const double book_fractions[FRACTIONS] = { 0.5, 0.9, 0.99, 0.999 };
#define PROCESSOR_COUNTS 12        /* p = 1, 2, 4, ..., 2048 */
#define SERIAL_MAX_THOUSANDTHS 500 /* random f: from 0.501 to 0.999 */

/* --seed: FRACTIONS distinct fractions f = 1 - m/1000, in increasing order,
 * with the serial share m drawn log-uniformly from 1..499 thousandths (so
 * that f near 1 is as likely as f near 0.5, as in the book's four). */
static void random_fractions(uint64_t seed, double *f)
{
    splitmix64 g = { seed };
    int m[FRACTIONS];
    for (int j = 0; j < FRACTIONS; j++) {
        int fresh;
        do {
            m[j] = (int)exp(splitmix64_uniform(&g, 0.0, log((double)SERIAL_MAX_THOUSANDTHS)));
            fresh = 1;
            for (int i = 0; i < j; i++)
                fresh &= m[i] != m[j];
        } while (!fresh);
    }
    for (int j = 1; j < FRACTIONS; j++) /* largest share first: f increasing */
        for (int i = j; i > 0 && m[i - 1] < m[i]; i--) {
            const int t = m[i];
            m[i] = m[i - 1];
            m[i - 1] = t;
        }
    for (int j = 0; j < FRACTIONS; j++)
        f[j] = 1.0 - m[j] / 1000.0;
}

static int amdahl_table(const double *fractions, int quiet)
{
    if (!quiet) {
        printf("Amdahl's law, speedup(p) = 1 / ((1 - f) + f/p)\n\n%6s", "p");
        for (int j = 0; j < FRACTIONS; j++)
            printf("  f = %-6.3f", fractions[j]);
        printf("\n");
        for (int i = 0; i < PROCESSOR_COUNTS; i++) {
            const double p = (double)(1 << i);
            printf("%6d", 1 << i);
            for (int j = 0; j < FRACTIONS; j++)
                printf("  %10.3f", amdahl_speedup(fractions[j], p));
            printf("\n");
        }
        printf("\nthe ceiling 1/(1 - f), and how far p = 2048 still is from it:\n");
    }
    int gap_grows = 1;
    double previous_gap = -1.0;
    for (int j = 0; j < FRACTIONS; j++) {
        const double f = fractions[j];
        const double ceiling = 1.0 / (1.0 - f);
        const double at_2048 = amdahl_speedup(f, 2048.0);
        const double gap = relative_error(at_2048, ceiling);
        if (!quiet)
            printf("  f = %.3f: ceiling %9.3f, at p = 2048 %8.3f, %.5f%% below the ceiling\n", f, ceiling, at_2048,
                   100.0 * gap);
        gap_grows &= gap > previous_gap && at_2048 < ceiling;
        previous_gap = gap;
    }
    if (!quiet)
        printf("the closer f is to 1, the more processors it takes to come near the ceiling.\n\n");
    return verdict("the gap to 1/(1-f) at p = 2048 grows as f approaches 1", gap_grows);
}

static int brent_section(double work, double span, int quiet)
{
    const double ideal = work / span;        /* p -> infinity */
    const double p_real = work / span;       /* where W/p equals S */
    const double p_int = floor(work / span); /* a whole number of processors */
    const double at_real = brent_speedup(work, span, p_real);
    const double at_int = brent_speedup(work, span, p_int);
    if (!quiet) {
        printf("Brent's bound for a tree reduction with work W = %.0f and span S = %.0f\n\n", work, span);
        printf("%6s  %14s  %17s  %10s\n", "p", "T_p <= W/p + S", "speed-up >= W/T_p", "efficiency");
        for (int i = 0; i < PROCESSOR_COUNTS; i++) {
            const double p = (double)(1 << i);
            printf("%6d  %14.3f  %17.3f  %9.1f%%\n", 1 << i, brent_time(work, span, p), brent_speedup(work, span, p),
                   100.0 * brent_speedup(work, span, p) / p);
        }
        printf("\nideal speed-up (p -> infinity) W/S = %.3f\n", ideal);
        printf("at p = W/S = %.1f: T_p = S + S = %.3f, speed-up %.3f = exactly half of W/S\n", p_real,
               brent_time(work, span, p_real), at_real);
        printf("at p = %.0f (whole processors): speed-up %.3f, %.3f%% below half of W/S (%.3f)\n\n", p_int, at_int,
               100.0 * relative_error(at_int, ideal / 2.0), ideal / 2.0);
    }
    int ok = verdict("at p = W/S Brent's speed-up is half of W/S (to 1e-12)",
                     relative_error(at_real, ideal / 2.0) < 1e-12);
    ok &= verdict("at p = floor(W/S) it is within 5% of half of W/S", relative_error(at_int, ideal / 2.0) < 0.05);
    return ok;
}

// [listing amdahl-is-not-brent]
/* The trap: read the span as a "serial fraction", f = 1 - S/W, and keep it.
 * For one size the two formulas nearly agree (they differ by S/p in the
 * denominator). But f belongs to one program at one size; a reduction of
 * more data has a larger W/S, and Brent's ceiling grows with it. */
static int frozen_f_trap(void)
{
    const double w0 = 1023.0, s0 = 10.0, frozen_f = 1.0 - s0 / w0;
    const double p = 2048.0;
    int agree = 1;
    printf("The trap: f = 1 - S/W = %.6f taken from N = 1024 and used for every N\n\n", frozen_f);
    printf("%10s  %10s  %4s  %12s  %14s  %14s  %14s\n", "N", "W", "S", "Brent W/S", "Amdahl 1/(1-f)", "Brent p=2048",
           "Amdahl p=2048");
    for (int k = 10; k <= 30; k += 5) {
        const uint64_t n = UINT64_C(1) << k;
        const double work = (double)(n - 1), span = (double)ceil_log2_u64(n);
        const double brent = brent_speedup(work, span, p);
        const double amdahl = amdahl_speedup(frozen_f, p);
        printf("%10" PRIu64 "  %10.0f  %4.0f  %12.1f  %14.1f  %14.3f  %14.3f\n", n, work, span, work / span,
               1.0 / (1.0 - frozen_f), brent, amdahl);
        agree &= relative_error(amdahl, brent) < 0.10; /* the claim the trap makes */
    }
    printf("\n");
    return verdict("Amdahl with f frozen at N = 1024 predicts Brent's speed-up within 10% for every N", agree);
}
// [end]

/* The same W and S in both formulas, at one size: close, not equal. */
static int one_size(int quiet)
{
    const double w0 = 1023.0, s0 = 10.0, f = 1.0 - s0 / w0;
    /* with f = 1 - S/W, Amdahl is W / (S + (W - S)/p) */
    const double amdahl_same = amdahl_speedup(f, 102.0);
    const double closed_form = w0 / (s0 + (w0 - s0) / 102.0);
    if (!quiet)
        printf("at N = 1024, p = 102: Amdahl with f = 1 - S/W = %.6f gives %.3f, Brent gives %.3f:\n"
               "close, but not the same formula (--frozen-f shows what happens at other sizes).\n\n",
               f, amdahl_same, brent_speedup(w0, s0, 102.0));
    return verdict("Amdahl with f = 1 - S/W equals W / (S + (W - S)/p)",
                   relative_error(amdahl_same, closed_form) < 1e-12);
}

int main(int argc, char **argv)
{
    uint64_t n = 1024, seed = 0;
    int quiet = 0, frozen_f = 0;
    const cli_option options[] = {
        { "--n", CLI_U64, &n,
          "the tree reduction of N values for Brent's bound: W = N-1, S = ceil(log2 N) (default 1024)", 2,
          UINT64_C(1) << 40, NULL },
        { "--seed", CLI_U64, &seed,
          "draw the Amdahl table's four fractions f at random from this seed (default: 0.5, 0.9, 0.99, 0.999)", 0,
          UINT64_MAX, NULL },
        { "--frozen-f", CLI_FLAG, &frozen_f,
          "the trap: take Amdahl's f from the span at N = 1024 and use it for every N", 0, 0, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv, "Section 3.3: Amdahl's law and Brent's bound, computed; and why they differ.", options,
              sizeof options / sizeof options[0]);
    const int seeded = cli_given("--seed");
    if (seeded && frozen_f)
        cli_refuse("--seed draws the Amdahl table's fractions, which --frozen-f does not print");
    if (frozen_f && n != 1024)
        cli_refuse("--frozen-f takes f from N = 1024 and tabulates its own sizes: it takes no other --n");
    if (frozen_f)
        return exit_status(frozen_f_trap());
    double fractions[FRACTIONS];
    memcpy(fractions, book_fractions, sizeof fractions);
    if (seeded)
        random_fractions(seed, fractions);
    if (!quiet) {
        printf("Section 3.3: Amdahl's law and Brent's bound\n\n");
        if (seeded)
            printf("(the fractions f of the Amdahl table drawn at random, seed %" PRIu64 ")\n\n", seed);
    }
    int ok = amdahl_table(fractions, quiet);
    if (!quiet)
        printf("\n");
    ok &= brent_section((double)(n - 1), (double)ceil_log2_u64(n), quiet);
    if (!quiet)
        printf("\n");
    ok &= one_size(quiet);
    return exit_status(ok);
}
