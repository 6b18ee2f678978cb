/* brent_schedule.c - see brent_schedule.h. */
#include "brent_schedule.h"

#include <stdlib.h>
#include <string.h>

// [listing brent-schedule]
/* grid_tree_sum's loop, `for (i = g; i < pairs; i += p)`, for every thread
 * g: pair i is added by thread i % p in step i / p of its level. */
static void level_assignment(long long pairs, long long p, long long *who, long long *when)
{
    for (long long g = 0; g < p && g < pairs; g++)
        for (long long i = g, step = 0; i < pairs; i += p, step++) {
            who[i] = g;
            when[i] = step;
        }
}

void brent_schedule_build(long long n, long long p, brent_schedule *s)
{
    memset(s, 0, sizeof *s);
    s->n = n;
    s->p = p;
    long long *who = malloc(((size_t)n / 2 + 1) * sizeof *who);
    long long *when = malloc(((size_t)n / 2 + 1) * sizeof *when);
    if (!who || !when) {
        fprintf(stderr, "error: out of memory for the schedule of n = %lld, p = %lld\n", n, p);
        exit(2);
    }
    for (long long m = n; m > 1; m = m / 2 + m % 2) {
        const int k = s->levels++;
        s->pairs[k] = m / 2;
        level_assignment(s->pairs[k], p, who, when);
        for (long long i = 0; i < s->pairs[k]; i++)
            if (when[i] + 1 > s->steps[k])
                s->steps[k] = when[i] + 1; /* the level ends when its last thread is done */
        s->work += s->pairs[k];
        s->total_steps += s->steps[k]; /* then the grid-wide barrier */
        if (s->pairs[k] > s->widest)
            s->widest = s->pairs[k];
    }
    free(who);
    free(when);
}
// [end]

double brent_schedule_replay(const brent_schedule *s, const double *x, double *scratch)
{
    memcpy(scratch, x, (size_t)s->n * sizeof *x);
    long long m = s->n;
    for (int k = 0; k < s->levels; k++, m = m / 2 + m % 2) {
        /* each step: threads 0..p-1 add their pair of that step; a level
         * writes into slots it no longer reads (i < 2i), so in place is safe */
        for (long long step = 0; step < s->steps[k]; step++)
            for (long long g = 0; g < s->p; g++) {
                const long long i = step * s->p + g;
                if (i < s->pairs[k])
                    scratch[i] = scratch[2 * i] + scratch[2 * i + 1];
            }
        if (m % 2)
            scratch[m / 2] = scratch[m - 1]; /* thread 0 carries the odd value out */
    }
    return scratch[0];
}

/* The inputs x[lo..hi] that the value in slot i of level k's output covers:
 * [i * 2^(k+1), (i+1) * 2^(k+1) - 1], cut at n (carries keep their range). */
static void covered(long long n, int k, long long i, long long *lo, long long *hi)
{
    const long long width = 1LL << (k + 1);
    *lo = i * width;
    *hi = (i + 1) * width - 1 < n - 1 ? (i + 1) * width - 1 : n - 1;
}

/* "x[4..7]", or "x[12]" for a single input. */
static void range_text(char *text, size_t size, long long lo, long long hi)
{
    if (lo == hi)
        snprintf(text, size, "x[%lld]", lo);
    else
        snprintf(text, size, "x[%lld..%lld]", lo, hi);
}

void brent_schedule_print_steps(const brent_schedule *s)
{
    if (s->n > BRENT_TABLE_MAX_N || s->p > BRENT_TABLE_MAX_P)
        return;
    printf("%4s  %5s", "step", "level");
    for (long long g = 0; g < s->p; g++) {
        char head[32];
        snprintf(head, sizeof head, "thread %lld", g);
        printf(g + 1 < s->p ? "  %-11s" : "  %s", head);
    }
    printf("\n");
    long long m = s->n, t = 0;
    for (int k = 0; k < s->levels; k++, m = m / 2 + m % 2)
        for (long long step = 0; step < s->steps[k]; step++) {
            printf("%4lld  %5d", ++t, k);
            for (long long g = 0; g < s->p; g++) {
                const long long i = step * s->p + g;
                char cell[32] = "idle";
                long long lo, hi;
                if (i < s->pairs[k]) {
                    covered(s->n, k, i, &lo, &hi);
                    range_text(cell, sizeof cell, lo, hi);
                }
                printf(g + 1 < s->p ? "  %-11s" : "  %s", cell);
            }
            if (m % 2 && step + 1 == s->steps[k]) {
                char carried[32];
                range_text(carried, sizeof carried, (m - 1) << k, s->n - 1);
                printf("   (then thread 0 carries %s)", carried);
            }
            printf("\n");
        }
}

/* Geometry of the schedule picture, in SVG pixels. */
#define SCHED_LEFT 74
#define SCHED_COL 66
#define SCHED_ROW 30
#define SCHED_TOP 58

static void svg_cell(FILE *out, int x, int y, const char *text, const char *fill)
{
    fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"#3182bd\"/>\n", x + 2, y + 2,
            SCHED_COL - 4, SCHED_ROW - 4, fill);
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\">%s</text>\n", x + SCHED_COL / 2,
            y + SCHED_ROW / 2 + 4, text);
}

/* Level k's columns: a header, one cell per thread and step, the barrier. */
static void svg_level_columns(FILE *out, const brent_schedule *s, int k, long long m, int col, int bottom)
{
    const int x0 = SCHED_LEFT + SCHED_COL * col;
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">level %d</text>\n",
            x0 + (int)(SCHED_COL * s->steps[k]) / 2, SCHED_TOP - 24, k);
    for (long long step = 0; step < s->steps[k]; step++) {
        const int x = x0 + SCHED_COL * (int)step;
        fprintf(out,
                "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"10\" "
                "fill=\"#666666\">step %d</text>\n",
                x + SCHED_COL / 2, SCHED_TOP - 8, col + (int)step + 1);
        for (long long g = 0; g < s->p; g++) {
            const long long i = step * s->p + g;
            const int y = SCHED_TOP + SCHED_ROW * (int)g;
            char text[32];
            long long lo, hi;
            if (i >= s->pairs[k]) {
                svg_cell(out, x, y, "idle", "#f2f2f2");
                continue;
            }
            covered(s->n, k, i, &lo, &hi);
            range_text(text, sizeof text, lo, hi);
            svg_cell(out, x, y, text, "#9ecae1");
        }
    }
    const int x_end = x0 + SCHED_COL * (int)s->steps[k];
    if (m % 2) /* thread 0 ends the level by carrying the odd value out */
        fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"#ff7f0e\"/>\n", x_end - 12,
                SCHED_TOP + 2);
    fprintf(out,
            "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#d62728\" stroke-width=\"1.5\" "
            "stroke-dasharray=\"5,3\"/>\n",
            x_end, SCHED_TOP - 36, x_end, bottom);
}

int brent_schedule_svg(FILE *out, const brent_schedule *s)
{
    if (s->n > BRENT_TABLE_MAX_N || s->p > BRENT_TABLE_MAX_P || s->total_steps > BRENT_SVG_MAX_STEPS)
        return 0;
    const int width = SCHED_LEFT + SCHED_COL * (int)s->total_steps + 10;
    const int bottom = SCHED_TOP + SCHED_ROW * (int)s->p;
    const int height = bottom + 76;
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            width, height, width, height);
    for (long long g = 0; g < s->p; g++)
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" font-size=\"12\">thread %lld</text>\n",
                SCHED_LEFT - 8, SCHED_TOP + SCHED_ROW * (int)g + SCHED_ROW / 2 + 4, g);
    long long m = s->n;
    int col = 0;
    for (int k = 0; k < s->levels; k++, m = m / 2 + m % 2) {
        svg_level_columns(out, s, k, m, col, bottom);
        col += (int)s->steps[k];
    }
    fprintf(out,
            "<text x=\"8\" y=\"%d\" font-size=\"12\">n = %lld, p = %lld: T_p = %lld steps; "
            "Brent: at most W/p + S = %lld/%lld + %d</text>\n",
            bottom + 32, s->n, s->p, s->total_steps, s->work, s->p, s->levels);
    fprintf(out,
            "<text x=\"8\" y=\"%d\" font-size=\"12\" fill=\"#d62728\">red dashes: "
            "grid.sync(), the barrier after each level</text>\n",
            bottom + 50);
    fprintf(out,
            "<text x=\"8\" y=\"%d\" font-size=\"12\" fill=\"#a04000\">orange corner: "
            "thread 0 then carries the odd value out</text>\n</svg>\n",
            bottom + 68);
    return 1;
}
