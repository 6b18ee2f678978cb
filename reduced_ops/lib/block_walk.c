/* block_walk.c - the kernels' loops in C (see block_walk.h). Each walk_
 * function below follows one function of gpu/mappings.cuh line for line. */
#include "block_walk.h"

#include "emulate.h"
#include "lower_triangle.h"

#include <stdlib.h>
#include <string.h>

const char *walk_rule_name(walk_rule rule)
{
    static const char *names[WALK_RULE_COUNT] = {
        "serial",
        "warp per output",
        "trap: partial warp joins",
        "trap: blocked lanes",
    };
    return rule >= 0 && rule < WALK_RULE_COUNT ? names[rule] : "?";
}

static void form(block_walk *w, int thread, int lane, int out, int k)
{
    const long t = (long)out * w->len + k;
    w->formed[t]++;
    w->thread[t] = thread;
    w->lane[t] = lane;
}

static void own(block_walk *w, int owner, int out, int round)
{
    w->owner[out] = owner;
    w->round[out] = round;
    if (round == 0)
        w->owners_busy++;
    if (round + 1 > w->rounds)
        w->rounds = round + 1;
}

/* The k that one lane sums: first, first + step, ... below end. */
static void lane_range(walk_rule rule, int lane, int len, int *first, int *step, int *end)
{
    if (rule == WALK_TRAP_BLOCKED_LANES) { /* the mistake: a contiguous chunk per lane */
        const int chunk = (len + 31) / 32;
        *first = lane * chunk;
        *step = 1;
        *end = *first + chunk < len ? *first + chunk : len;
    } else { /* stage_partial(s, out, lane, 32) */
        *first = lane;
        *step = 32;
        *end = len;
    }
}

static void lane_terms(block_walk *w, walk_rule rule, int thread, int lane, int out)
{
    int first, step, end;
    lane_range(rule, lane, w->len, &first, &step, &end);
    for (int k = first; k < end; k += step)
        form(w, thread, lane, out, k);
}

/* block_scope_serial: thread t owns outputs t, t + threads, ... */
static void walk_serial(block_walk *w)
{
    for (int t = 0; t < w->threads; t++)
        for (int out = t, r = 0; out < w->n_out; out += w->threads, r++) {
            own(w, t, out, r);
            for (int k = 0; k < w->len; k++)
                form(w, t, WALK_ALONE, out, k);
        }
}

/* block_scope_warp_per_output: warp w owns outputs w, w + warps, ...; its
 * lane l forms the terms of lane l. Below 32 threads each thread owns whole
 * outputs and plays all 32 lanes (lanes_in_one_thread). */
static void walk_warps(block_walk *w, walk_rule rule)
{
    if (w->threads < 32) {
        for (int t = 0; t < w->threads; t++)
            for (int out = t, r = 0; out < w->n_out; out += w->threads, r++) {
                own(w, t, out, r);
                for (int lane = 0; lane < 32; lane++)
                    lane_terms(w, rule, t, lane, out);
            }
        return;
    }
    /* whole warps only; the trap counts the trailing partial warp as one */
    const int warps = rule == WALK_TRAP_PARTIAL_WARP_JOINS ? (w->threads + 31) / 32 : w->threads / 32;
    for (int warp = 0; warp < warps; warp++)
        for (int out = warp, r = 0; out < w->n_out; out += warps, r++) {
            own(w, warp, out, r);
            for (int lane = 0; lane < 32; lane++)
                if (warp * 32 + lane < w->threads) /* a lane the block lacks forms nothing */
                    lane_terms(w, rule, warp * 32 + lane, lane, out);
        }
}

void block_walk_free(block_walk *w)
{
    free(w->owner);
    free(w->round);
    free(w->thread);
    free(w->lane);
    free(w->formed);
    memset(w, 0, sizeof *w);
}

int block_walk_make(block_walk *w, const stage_plan *s, walk_rule rule, int threads)
{
    memset(w, 0, sizeof *w);
    w->n_out = s->rows * s->cols;
    w->len = s->len;
    w->threads = threads;
    const size_t terms = (size_t)w->n_out * (size_t)w->len;
    w->owner = malloc((size_t)w->n_out * sizeof *w->owner);
    w->round = malloc((size_t)w->n_out * sizeof *w->round);
    w->thread = malloc(terms * sizeof *w->thread);
    w->lane = malloc(terms * sizeof *w->lane);
    w->formed = calloc(terms, sizeof *w->formed);
    if (!w->owner || !w->round || !w->thread || !w->lane || !w->formed) {
        block_walk_free(w);
        return -1;
    }
    for (int o = 0; o < w->n_out; o++)
        w->owner[o] = w->round[o] = WALK_NOBODY;
    for (size_t t = 0; t < terms; t++)
        w->thread[t] = w->lane[t] = WALK_NOBODY;
    if (rule == WALK_SERIAL)
        walk_serial(w);
    else
        walk_warps(w, rule);
    return 0;
}

long block_walk_terms_once(const block_walk *w)
{
    long once = 0;
    for (long t = 0; t < (long)w->n_out * w->len; t++)
        once += w->formed[t] == 1;
    return once;
}

/* ---- the lower triangle of a symmetric result (see block_walk.h) -------- */

void tri_walk_free(tri_walk *w)
{
    free(w->owner);
    free(w->round);
    free(w->stepped);
    free(w->t);
    memset(w, 0, sizeof *w);
}

/* Owner `who` computes cell (i, j); returns 0 when the cell is not in the
 * triangle or was computed before. */
static int tri_compute(tri_walk *w, int who, int i, int j, int *done)
{
    if (i < 0 || i >= w->n || j < 0 || j > i || w->owner[i * w->n + j] != WALK_NOBODY)
        return 0;
    w->owner[i * w->n + j] = who;
    w->round[i * w->n + j] = (*done)++;
    if (*done > w->busiest)
        w->busiest = *done;
    return 1;
}

int tri_walk_make(tri_walk *w, int n, int threads, tri_rule rule)
{
    memset(w, 0, sizeof *w);
    w->n = n;
    w->owners = threads < 32 ? threads : threads / 32; /* whole warps only, as in the kernels */
    const size_t cells = (size_t)n * (size_t)n;
    w->owner = malloc(cells * sizeof *w->owner);
    w->round = malloc(cells * sizeof *w->round);
    w->stepped = malloc(cells * sizeof *w->stepped);
    w->t = malloc(cells * sizeof *w->t);
    if (!w->owner || !w->round || !w->stepped || !w->t) {
        tri_walk_free(w);
        return -1;
    }
    for (size_t e = 0; e < cells; e++)
        w->owner[e] = w->round[e] = w->stepped[e] = w->t[e] = WALK_NOBODY;
    int once = 1;
    for (int who = 0; who < w->owners; who++) {
        int done = 0;
        if (rule == TRI_NUMBERED) {
            for (int t = who; t < lower_triangle_cells(n); t += w->owners) {
                const tri_cell c = lower_triangle_cell(t, n);
                once &= tri_compute(w, who, c.i, c.j, &done);
                if (c.i >= 0 && c.i < n && c.j >= 0 && c.j < n)
                    w->t[c.i * n + c.j] = t;
            }
        } else {
            for (int e = who; e < n * n; e += w->owners) {
                const int i = e % n, j = e / n;
                if (i < j)
                    w->stepped[i * n + j] = who;
                else
                    once &= tri_compute(w, who, i, j, &done);
            }
        }
    }
    for (int i = 0; i < n; i++) /* and every cell of the triangle was computed */
        for (int j = 0; j <= i; j++)
            once &= w->owner[i * n + j] != WALK_NOBODY;
    w->once = once;
    return 0;
}

/* ---- the op evaluated in the walk's order, float then double ----------- */

static float walk_sum_float(const block_walk *w, const stage_plan *s, const float *image, int out)
{
    const int i = out / s->cols, j = out % s->cols;
    float alone = 0.0f, p[32] = { 0.0f };
    int tree = 0;
    for (int k = 0; k < s->len; k++) {
        const long t = (long)out * w->len + k;
        const float term = image[s->a + i * s->a_row + k * s->a_k] * image[s->b + k * s->b_k + j * s->b_col];
        for (int n = 0; n < w->formed[t]; n++) {
            if (w->lane[t] == WALK_ALONE) {
                alone += term;
            } else {
                p[w->lane[t]] += term;
                tree = 1;
            }
        }
    }
    return tree ? tree32_sum_float(p) : alone;
}

int walk_emulate_op_float(const op_plan *plan, walk_rule rule, int threads, float alpha, float beta, float *image)
{
    for (int st = 0; st < plan->n_stages; st++) {
        const stage_plan *s = &plan->stage[st];
        block_walk w;
        if (block_walk_make(&w, s, rule, threads) != 0)
            return -1;
        for (int out = 0; out < w.n_out; out++)
            if (w.owner[out] != WALK_NOBODY) /* an output nobody owns is never stored */
                stage_store_float(s, image, out, walk_sum_float(&w, s, image, out), alpha, beta);
        block_walk_free(&w);
    }
    return 0;
}

static double walk_sum_double(const block_walk *w, const stage_plan *s, const double *image, int out)
{
    const int i = out / s->cols, j = out % s->cols;
    double alone = 0.0, p[32] = { 0.0 };
    int tree = 0;
    for (int k = 0; k < s->len; k++) {
        const long t = (long)out * w->len + k;
        const double term = image[s->a + i * s->a_row + k * s->a_k] * image[s->b + k * s->b_k + j * s->b_col];
        for (int n = 0; n < w->formed[t]; n++) {
            if (w->lane[t] == WALK_ALONE) {
                alone += term;
            } else {
                p[w->lane[t]] += term;
                tree = 1;
            }
        }
    }
    return tree ? tree32_sum_double(p) : alone;
}

int walk_emulate_op_double(const op_plan *plan, walk_rule rule, int threads, double alpha, double beta, double *image)
{
    for (int st = 0; st < plan->n_stages; st++) {
        const stage_plan *s = &plan->stage[st];
        block_walk w;
        if (block_walk_make(&w, s, rule, threads) != 0)
            return -1;
        for (int out = 0; out < w.n_out; out++)
            if (w.owner[out] != WALK_NOBODY) /* an output nobody owns is never stored */
                stage_store_double(s, image, out, walk_sum_double(&w, s, image, out), alpha, beta);
        block_walk_free(&w);
    }
    return 0;
}
