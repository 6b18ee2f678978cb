/* brent_schedule.h - which thread does which addition of the grid tree, and
 * when: the schedule of grid_tree.cu's kernel, replayed on the CPU.
 *
 * The kernel gives thread g of p the pairs g, g + p, g + 2p, ... of every
 * level, and a grid-wide barrier ends each level. So a level of `pairs`
 * additions takes ceil(pairs / p) steps, and the whole tree
 * T_p = sum over levels of ceil(pairs / p) steps: Brent's greedy schedule,
 * which never exceeds W/p + S. */
#ifndef CH03_BRENT_SCHEDULE_H
#define CH03_BRENT_SCHEDULE_H

#include <stdio.h>

#define BRENT_MAX_LEVELS 64
#define BRENT_TABLE_MAX_N 64 /* the step-by-step table: small trees only */
#define BRENT_TABLE_MAX_P 8
#define BRENT_SVG_MAX_STEPS 12 /* the picture: columns that fit a page */

typedef struct {
    long long n, p;
    int levels;                        /* S */
    long long work;                    /* W */
    long long pairs[BRENT_MAX_LEVELS]; /* additions of each level */
    long long steps[BRENT_MAX_LEVELS]; /* steps the level takes on p threads */
    long long total_steps;             /* T_p */
    long long widest;                  /* the most additions in one level */
} brent_schedule;

/* Runs the kernel's loop for every thread of every level and counts. */
void brent_schedule_build(long long n, long long p, brent_schedule *s);

/* Adds x[0..n-1] step by step in the schedule's order (step 1 of level 0 on
 * threads 0..p-1, then step 2, ...). Returns the sum; scratch holds n values. */
double brent_schedule_replay(const brent_schedule *s, const double *x, double *scratch);

/* Prints, for n <= BRENT_TABLE_MAX_N and p <= BRENT_TABLE_MAX_P, one row per
 * step: what each thread adds (as the range of inputs its result covers). */
void brent_schedule_print_steps(const brent_schedule *s);

/* The same as a picture: threads down, steps across, a barrier between levels.
 * Returns 0 (and draws nothing) when the schedule is too large to draw. */
int brent_schedule_svg(FILE *out, const brent_schedule *s);

#endif
