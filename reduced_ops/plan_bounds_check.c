/* plan_bounds_check.c - every index a stage can form stays inside the
 * operand it means to read or write, for every op on thousands of shapes,
 * square or not: a stride that is right only for square shapes reads shared
 * memory out of bounds on all the others. The strides are checked here before
 * any kernel runs (compute-sanitizer then confirms it on the GPU). */
#include "common.h"
#include "op_plan.h"

#include <inttypes.h>
#include <stdio.h>

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

int main(int argc, char **argv)
{
    int quiet = 0;
    const cli_option options[] = {
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Checks that every index each op's stages can form stays inside its operand,\n"
              "for every op on every shape with sizes in {1, 2, 3, 5, 8, 13, 31, 32, 33, 64}.",
              options, sizeof options / sizeof options[0]);
    static const int sizes[] = { 1, 2, 3, 5, 8, 13, 31, 32, 33, 64 };
    const int n_sizes = (int)(sizeof sizes / sizeof sizes[0]);
    long plans = 0, stages = 0, bad = 0;
    for (int op = 0; op < OP_COUNT; op++)
        for (int a = 0; a < n_sizes; a++)
            for (int b = 0; b < n_sizes; b++)
                for (int c = 0; c < n_sizes; c++)
                    for (int d = 0; d < n_sizes; d++) {
                        const op_shape shape = { sizes[a], sizes[b], sizes[c], sizes[d] };
                        op_plan p;
                        const char *why = NULL;
                        if (op_plan_make((op_kind)op, shape, &p, &why) != 0) {
                            printf("%s m=%d n=%d k=%d l=%d refused: %s\n", op_name((op_kind)op),
                                   shape.m, shape.n, shape.k, shape.l, why);
                            bad++;
                            continue;
                        }
                        plans++;
                        for (int s = 0; s < p.n_stages; s++, stages++) {
                            const char *problem = check_stage(&p, &p.stage[s]);
                            if (problem && bad++ < 10)
                                printf("%s m=%d n=%d k=%d l=%d stage %d: %s\n", op_name((op_kind)op),
                                       shape.m, shape.n, shape.k, shape.l, s + 1, problem);
                        }
                    }
    if (!quiet)
        printf("%ld plans, %ld stages checked; %ld out of bounds\n", plans, stages, bad);
    return exit_status(verdict("every stage index stays inside its operand", bad == 0));
}
