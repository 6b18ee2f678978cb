/* plan_bounds_check.c - every index a stage can form stays inside the
 * operand it means to read or write, for every op on thousands of shapes,
 * square or not: a stride that is right only for square shapes reads shared
 * memory out of bounds on all the others. The strides are checked here before
 * any kernel runs (compute-sanitizer then confirms it on the GPU).
 * --n N makes N the largest size (the list's sizes below N, then N);
 * --seed S adds RANDOM_SHAPES shapes per op with each size drawn from
 * [1, N] with that seed. */
#include "common.h"
#include "op_plan.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define RANDOM_SHAPES 10000
/* The largest --n: every op's image of the shape N,N,N,N stays within
 * OP_MAX_IMAGE (tensor_vec_contract's N^3 tensor reaches 2^24 at N = 256),
 * so that no shape is refused for its size. */
#define MAX_SIZE 255

/* Largest index of base + x*sx + y*sy for x < nx, y < ny (strides >= 0). */
static long long last_index(int base, int nx, int sx, int ny, int sy)
{
    return (long long)base + (long long)(nx - 1) * sx + (long long)(ny - 1) * sy;
}

static int inside(long long first, long long last, op_region r)
{
    return first >= r.begin && last < (long long)r.begin + r.len;
}

static int overlap(op_region x, op_region y)
{
    return x.begin < y.begin + y.len && y.begin < x.begin + x.len;
}

/* Returns a description of the first violation, or NULL. */
static const char *check_stage(const op_plan *p, const stage_plan *s)
{
    if (s->a_row < 0 || s->a_k < 0 || s->b_k < 0 || s->b_col < 0)
        return "a negative stride";
    if (!inside(s->a, last_index(s->a, s->rows, s->a_row, s->len, s->a_k), s->a_region))
        return "a(i,k) leaves its operand";
    if (!inside(s->b, last_index(s->b, s->len, s->b_k, s->cols, s->b_col), s->b_region))
        return "b(k,j) leaves its operand";
    if (!inside(s->c, (long long)s->c + (long long)s->rows * s->cols - 1, s->c_region))
        return "out(i,j) leaves its operand";
    if (overlap(s->c_region, s->a_region) || overlap(s->c_region, s->b_region))
        return "the stage writes an operand it reads";
    const op_region image = { 0, p->image_len };
    if (!inside(s->a_region.begin, s->a_region.begin + s->a_region.len - 1, image) ||
        !inside(s->b_region.begin, s->b_region.begin + s->b_region.len - 1, image) ||
        !inside(s->c_region.begin, s->c_region.begin + s->c_region.len - 1, image))
        return "an operand lies outside the image";
    return NULL;
}

typedef struct {
    long plans, stages, bad;
} bounds_count;

/* Makes the plan of one op and shape and checks each of its stages. */
static void check_shape(op_kind op, op_shape shape, bounds_count *n)
{
    op_plan p;
    const char *why = NULL;
    if (op_plan_make(op, shape, &p, &why) != 0) {
        printf("%s m=%d n=%d k=%d l=%d refused: %s\n", op_name(op), shape.m, shape.n, shape.k, shape.l, why);
        n->bad++;
        return;
    }
    n->plans++;
    for (int s = 0; s < p.n_stages; s++, n->stages++) {
        const char *problem = check_stage(&p, &p.stage[s]);
        if (problem && n->bad++ < 10)
            printf("%s m=%d n=%d k=%d l=%d stage %d: %s\n", op_name(op), shape.m, shape.n, shape.k, shape.l, s + 1,
                   problem);
    }
}

int main(int argc, char **argv)
{
    int quiet = 0;
    uint64_t largest = 0, seed = 0; /* largest == 0: --n not given */
    const cli_option options[] = {
        { "--n", CLI_U64, &largest, "the largest size: the sizes below it, then it (default 64)", 1, MAX_SIZE, NULL },
        { "--seed", CLI_U64, &seed, "also check 10000 random shapes per op, sizes in [1, --n] (default none)", 0,
          UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Checks that every index each op's stages can form stays inside its operand,\n"
              "for every op on every shape with sizes in {1, 2, 3, 5, 8, 13, 31, 32, 33, 64}.",
              options, sizeof options / sizeof options[0]);
    const int seeded = cli_given("--seed"); /* without it: no random shapes */
    static const int list[] = { 1, 2, 3, 5, 8, 13, 31, 32, 33, 64 };
    const int n_list = (int)(sizeof list / sizeof list[0]);
    int sizes[sizeof list / sizeof list[0] + 1], n_sizes = 0;
    const int top = largest ? (int)largest : 64;
    for (int i = 0; i < n_list && list[i] < top; i++)
        sizes[n_sizes++] = list[i];
    sizes[n_sizes++] = top;
    if (!quiet && largest) {
        printf("sizes:");
        for (int i = 0; i < n_sizes; i++)
            printf(" %d%s", sizes[i], i + 1 < n_sizes ? "," : "\n");
    }
    bounds_count count = { 0, 0, 0 };
    for (int op = 0; op < OP_COUNT; op++)
        for (int a = 0; a < n_sizes; a++)
            for (int b = 0; b < n_sizes; b++)
                for (int c = 0; c < n_sizes; c++)
                    for (int d = 0; d < n_sizes; d++)
                        check_shape((op_kind)op, (op_shape){ sizes[a], sizes[b], sizes[c], sizes[d] }, &count);
    if (seeded) {
        splitmix64 g = { seed };
        for (int op = 0; op < OP_COUNT; op++)
            for (int i = 0; i < RANDOM_SHAPES; i++) {
                op_shape shape;
                shape.m = 1 + (int)splitmix64_below(&g, (uint64_t)top);
                shape.n = 1 + (int)splitmix64_below(&g, (uint64_t)top);
                shape.k = 1 + (int)splitmix64_below(&g, (uint64_t)top);
                shape.l = 1 + (int)splitmix64_below(&g, (uint64_t)top);
                check_shape((op_kind)op, shape, &count);
            }
        if (!quiet)
            printf("and %d random shapes per op with sizes in [1, %d] (seed %" PRIu64 ")\n", RANDOM_SHAPES, top, seed);
    }
    const long bad = count.bad;
    if (!quiet)
        printf("%ld plans, %ld stages checked; %ld out of bounds\n", count.plans, count.stages, bad);
    return exit_status(verdict("every stage index stays inside its operand", bad == 0));
}
