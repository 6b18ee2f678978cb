/* lower_triangle_check.c - lower_triangle_cell (lib/lower_triangle.h), the
 * closed form with which the symmetric mappings find their cell, against the
 * double loop over j <= i: for every n up to --n, every t < n(n+1)/2 must
 * land on a cell with j <= i < n, and every cell of the double loop must be
 * hit exactly once. --trap shows the check failing on the fold with an
 * off-by-one: the short row of rectangle row r taken as row r, not r - 1.
 * --seed S checks, besides, RANDOM_SIZES sizes n drawn with that seed from
 * (--n, OP_MAX_DIM], the largest m a syrk plan accepts. */
#include "common.h"
#include "lower_triangle.h"
#include "op_plan.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define RANDOM_SIZES 8

typedef tri_cell (*cell_fn)(int t, int n);

/* The fold with the short row off by one. */
static tri_cell cell_off_by_one(int t, int n)
{
    tri_cell cell = lower_triangle_cell(t, n);
    const int r = t / n;
    if (t - r * n >= n - r)
        cell.i = r;
    return cell;
}

/* Returns the number of (t, cell) pairs checked, or -1 after printing the
 * first failure for this n. */
static long check_n(int n, cell_fn cell_of, unsigned char *hits)
{
    const int cells = lower_triangle_cells(n);
    if (cells != n * (n + 1) / 2) {
        printf("  n = %d: lower_triangle_cells gives %d, not %d\n", n, cells, n * (n + 1) / 2);
        return -1;
    }
    for (int e = 0; e < n * n; e++)
        hits[e] = 0;
    for (int t = 0; t < cells; t++) {
        const tri_cell c = cell_of(t, n);
        if (c.j < 0 || c.j > c.i || c.i >= n) {
            printf("  n = %d: t = %d gives (%d, %d), not a cell with 0 <= j <= i < n\n", n, t, c.i, c.j);
            return -1;
        }
        if (hits[c.i * n + c.j]++) {
            printf("  n = %d: t = %d gives (%d, %d) a second time\n", n, t, c.i, c.j);
            return -1;
        }
    }
    for (int i = 0; i < n; i++) /* the double loop: each cell exactly once */
        for (int j = 0; j <= i; j++)
            if (hits[i * n + j] != 1) {
                printf("  n = %d: cell (%d, %d) is never given\n", n, i, j);
                return -1;
            }
    return cells;
}

int main(int argc, char **argv)
{
    uint64_t n_max = 64, seed = 0;
    int quiet = 0, trap = 0;
    const cli_option options[] = {
        { "--n", CLI_U64, &n_max, "check every n from 1 to this (default 64)", 1, 2048, NULL },
        { "--seed", CLI_U64, &seed, "also check 8 sizes drawn with this seed above --n (default none)", 0, UINT64_MAX,
          NULL },
        { "--trap", CLI_FLAG, &trap, "check a fold with an off-by-one instead (must fail)", 0, 0, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Checks the closed form t -> (i, j) of the symmetric mappings against the double loop\n"
              "over the lower triangle j <= i, for every n up to --n.",
              options, sizeof options / sizeof options[0]);
    const int seeded = cli_given("--seed"); /* without it: no random sizes */
    const cell_fn cell_of = trap ? cell_off_by_one : lower_triangle_cell;
    const int n_top = seeded ? OP_MAX_DIM : (int)n_max;
    unsigned char *hits = alloc_or_exit((size_t)n_top * (size_t)n_top, 1, "the hit counts");
    long checked = 0, expected = 0;
    int good = 0;
    for (int n = 1; n <= (int)n_max; n++) {
        const long c = check_n(n, cell_of, hits);
        expected += (long)n * (n + 1) / 2;
        if (c >= 0) {
            checked += c;
            good++;
        }
    }
    if (!quiet)
        printf("n = 1 .. %d: %d of %d sizes give every lower-triangle cell exactly once (%ld of %ld cells)\n",
               (int)n_max, good, (int)n_max, checked, expected);
    int ok = good == (int)n_max && checked == expected;
    if (seeded) { /* sizes the loop above did not reach, up to the largest syrk */
        splitmix64 g = { seed };
        int sizes[RANDOM_SIZES], random_good = 0;
        long random_checked = 0, random_expected = 0;
        for (int i = 0; i < RANDOM_SIZES; i++) {
            sizes[i] = (int)n_max + 1 + (int)splitmix64_below(&g, (uint64_t)(OP_MAX_DIM - (int)n_max));
            const long c = check_n(sizes[i], cell_of, hits);
            random_expected += (long)sizes[i] * (sizes[i] + 1) / 2;
            if (c >= 0) {
                random_checked += c;
                random_good++;
            }
        }
        if (!quiet) {
            printf("random sizes (seed %" PRIu64 ") n =", seed);
            for (int i = 0; i < RANDOM_SIZES; i++)
                printf(" %d%s", sizes[i], i + 1 < RANDOM_SIZES ? "," : ":");
            printf(" %d of %d give every cell exactly once (%ld of %ld cells)\n", random_good, RANDOM_SIZES,
                   random_checked, random_expected);
        }
        ok &= random_good == RANDOM_SIZES && random_checked == random_expected;
    }
    free(hits);
    return exit_status(verdict("t -> (i, j) gives every cell with j <= i exactly once, for every n", ok));
}
