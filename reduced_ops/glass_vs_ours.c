/* glass_vs_ours.c - the head to head with GLASS: the chapter's serial and
 * warp-per-output mappings against GLASS's plain and *_reduced gemm, gemv
 * and syrk, on the sweep's 12 shapes x 4 block sizes x {float, double}, in
 * the same launch (one block per SM, operands in shared memory, the op
 * repeated with a barrier after each), timed interleaved within each trial.
 *
 * Built twice: glass_vs_ours with the chapter's --fmad=false, whose results
 * are checked bit for bit against the C emulation, and glass_vs_ours_fmad
 * with nvcc's default --fmad=true, where the compiler may fuse a*b+c and
 * the results are checked against the double reference with its tolerance
 * instead (and the cells that still match the emulation are counted).
 * GLASS's results are checked against the double reference in both. GLASS
 * is third-party and comes in only through make GLASS_DIR=path; without it
 * the program says `skipped: needs GLASS` and exits 0 (77 with
 * --check-only, so that a test built without it is reported as skipped).
 * --n N runs only the sweep's square shape N x N x N (4, 8, 14 or 21: the
 * kernels are compiled for the sweep's shapes alone). */
#include "common.h"
#include "emulate.h"
#include "glass_bench.h"
#include "op_image.h"
#include "reference.h"
#include "run_header.h"
#include "sweep_cells.h"
#include "sweep_gpu.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHAPE_ENTRY(m, n, k) { m, n, k, 1 },
static const op_shape shapes[N_SHAPES] = { SWEEP_SHAPES(SHAPE_ENTRY) };
static const int block_sizes[N_BLOCKS] = SWEEP_BLOCK_SIZES;
static const op_kind ops[3] = { OP_GEMM, OP_GEMV, OP_SYRK };
#define MAX_CELLS (3 * N_CELLS)

/* The four ratios: GLASS time / ours time, > 1 when ours is faster. */
enum { R_SERIAL, R_WARP, R_SERIAL_RUNTIME, R_WARP_RUNTIME, N_RATIOS };
static const int ratio_ours[N_RATIOS] = { H2H_OURS_SERIAL, H2H_OURS_WARP, H2H_OURS_SERIAL_RUNTIME,
                                          H2H_OURS_WARP_RUNTIME };
static const int ratio_rival[N_RATIOS] = { H2H_GLASS_PLAIN, H2H_GLASS_REDUCED, H2H_GLASS_PLAIN, H2H_GLASS_REDUCED };
static const char *const ratio_name[N_RATIOS] = { "serial_vs_glass", "warp_vs_glass_reduced", "serial_runtime_vs_glass",
                                                  "warp_runtime_vs_glass_reduced" };
static const char *const ratio_text[N_RATIOS] = {
    "serial mapping, sizes at compile time, vs GLASS's plain op",
    "warp per output, sizes at compile time, vs GLASS's *_reduced op",
    "serial mapping, sizes read at run time (the sweep's kernel), vs GLASS's plain op",
    "warp per output, sizes read at run time (the sweep's kernel), vs GLASS's *_reduced op",
};

typedef struct {
    op_kind op;
    op_dtype dtype;
    int shape_index, block, n_out;
    op_shape shape;
    int bits[H2H_KERNELS];   /* equal to the emulation of the kernel's summation order */
    int within[H2H_KERNELS]; /* within the double reference's tolerance */
    sweep_timing t[H2H_KERNELS];
} h2h_cell;

static const char *dtype_name(op_dtype d)
{
    return d == DTYPE_FLOAT ? "float" : "double";
}

static op_mapping order_of(int kernel)
{
    return (kernel == H2H_OURS_WARP || kernel == H2H_OURS_WARP_RUNTIME || kernel == H2H_GLASS_REDUCED)
               ? MAP_WARP_PER_OUTPUT
               : MAP_SERIAL;
}

/* got[] of one kernel (every block) against the emulation and the reference. */
static void judge(h2h_cell *c, int kernel, const op_plan *plan, const void *got, const void *want[2], const double *ref,
                  const double *tol, int blocks)
{
    const size_t n = (size_t)c->n_out;
    const op_mapping m = order_of(kernel);
    int bits = 1, within = 1;
    for (int b = 0; b < blocks; b++)
        for (size_t o = 0; o < n; o++) {
            const size_t e = (size_t)b * n + o;
            double v;
            if (c->dtype == DTYPE_FLOAT) {
                const float g = ((const float *)got)[e], w = ((const float *)want[m])[plan->result.begin + o];
                bits &= memcmp(&g, &w, sizeof g) == 0;
                v = g;
            } else {
                const double g = ((const double *)got)[e], w = ((const double *)want[m])[plan->result.begin + o];
                bits &= memcmp(&g, &w, sizeof g) == 0;
                v = g;
            }
            within &= fabs(v - ref[o]) <= tol[o]; /* false for NaN: a kernel that wrote nothing */
        }
    c->bits[kernel] = bits;
    c->within[kernel] = within;
}

/* Runs every kernel of the cell once (reps = 1) and judges each. */
static void check_cell(h2h_cell *c, const op_plan *plan, const double *image_d, int blocks)
{
    const size_t len = (size_t)plan->image_len, n = (size_t)c->n_out, per = (size_t)blocks * n;
    double *ref = alloc_or_exit(n, sizeof *ref, "the reference");
    double *scale = alloc_or_exit(n, sizeof *scale, "the error scale");
    double *tol = alloc_or_exit(n, sizeof *tol, "the tolerances");
    reference_op(plan, 1.0, 1.0, image_d, 0, ref);
    reference_op(plan, 1.0, 1.0, image_d, 1, scale);
    for (size_t o = 0; o < n; o++)
        tol[o] = reference_tolerance(plan, c->dtype, scale[o]);
    const size_t el = c->dtype == DTYPE_FLOAT ? sizeof(float) : sizeof(double);
    void *want[2], *got = alloc_or_exit(per * H2H_KERNELS, el, "the GPU results");
    for (int m = 0; m < 2; m++) {
        want[m] = alloc_or_exit(len, el, "the emulated image");
        if (c->dtype == DTYPE_FLOAT) {
            doubles_to_floats(image_d, want[m], len);
            emulate_op_float(plan, (op_mapping)m, 1.0f, 1.0f, want[m]);
        } else {
            memcpy(want[m], image_d, len * el);
            emulate_op_double(plan, (op_mapping)m, 1.0, 1.0, want[m]);
        }
    }
    if (c->dtype == DTYPE_FLOAT) {
        float *image = alloc_or_exit(len, sizeof *image, "the float operand image");
        doubles_to_floats(image_d, image, len);
        glass_cell_once_float(plan, c->shape_index, c->block, blocks, 1.0f, 1.0f, image, got);
        free(image);
    } else {
        glass_cell_once_double(plan, c->shape_index, c->block, blocks, 1.0, 1.0, image_d, got);
    }
    for (int k = 0; k < H2H_KERNELS; k++)
        judge(c, k, plan, (const char *)got + (size_t)k * per * el, (const void **)want, ref, tol, blocks);
    free(want[0]);
    free(want[1]);
    free(got);
    free(ref);
    free(scale);
    free(tol);
}

static void time_cell(h2h_cell *c, const op_plan *plan, const double *image_d, int blocks, double target_ms, int trials)
{
    if (c->dtype == DTYPE_FLOAT) {
        float *image = alloc_or_exit((size_t)plan->image_len, sizeof *image, "the float operand image");
        doubles_to_floats(image_d, image, (size_t)plan->image_len);
        glass_cell_time_float(plan, c->shape_index, c->block, blocks, 1.0f, 1.0f, image, target_ms, trials, c->t);
        free(image);
    } else {
        glass_cell_time_double(plan, c->shape_index, c->block, blocks, 1.0, 1.0, image_d, target_ms, trials, c->t);
    }
}

typedef struct {
    int n_ops;
    op_kind ops[3];
    const char *dtype_text;
    int only_shape; /* --n: the row of SWEEP_SHAPES to run, or -1 for all */
    int blocks, check_only, trials, fmad;
    double target_ms;
    uint64_t seed;
} h2h_run;

/* Every cell of the run, in table order: op, dtype, shape, block size. */
static int run_cells(const h2h_run *r, h2h_cell cells[])
{
    int n = 0;
    for (int o = 0; o < r->n_ops; o++)
        for (int d = DTYPE_FLOAT; d <= DTYPE_DOUBLE; d++) {
            if (strcmp(r->dtype_text, "both") != 0 && strcmp(r->dtype_text, dtype_name((op_dtype)d)) != 0)
                continue;
            for (int s = 0; s < N_SHAPES; s++) {
                if (r->only_shape >= 0 && s != r->only_shape)
                    continue;
                for (int b = 0; b < N_BLOCKS; b++) {
                    h2h_cell *c = &cells[n++];
                    memset(c, 0, sizeof *c);
                    c->op = r->ops[o];
                    c->dtype = (op_dtype)d;
                    c->shape_index = s;
                    c->shape = shapes[s];
                    c->block = block_sizes[b];
                    op_plan plan;
                    const char *why = NULL;
                    if (op_plan_make(c->op, c->shape, &plan, &why) != 0) {
                        fprintf(stderr, "error: %s\n", why);
                        exit(EXIT_BAD_INPUT);
                    }
                    c->n_out = op_outputs(&plan);
                    double *image = alloc_or_exit((size_t)plan.image_len, sizeof *image, "the operand image");
                    op_images_fill(&plan, c->dtype, r->seed, image, 1);
                    check_cell(c, &plan, image, r->blocks);
                    if (!r->check_only)
                        time_cell(c, &plan, image, r->blocks, r->target_ms, r->trials);
                    free(image);
                }
            }
        }
    return n;
}

static double ratio_of(const h2h_cell *c, int r)
{
    return c->t[ratio_rival[r]].us_per_op / c->t[ratio_ours[r]].us_per_op;
}

/* Geometric means of ours and rival times over cells[0..n) and the smallest ratio's cell. */
typedef struct {
    double ours_us, rival_us, ratio;
    int n, min_cell;
} ratio_summary;

static ratio_summary summarize(const h2h_cell cells[], int n, int r)
{
    ratio_summary s = { 0, 0, 0, n, 0 };
    double log_ours = 0, log_rival = 0;
    for (int i = 0; i < n; i++) {
        log_ours += log(cells[i].t[ratio_ours[r]].us_per_op);
        log_rival += log(cells[i].t[ratio_rival[r]].us_per_op);
        if (ratio_of(&cells[i], r) < ratio_of(&cells[s.min_cell], r))
            s.min_cell = i;
    }
    s.ours_us = exp(log_ours / n);
    s.rival_us = exp(log_rival / n);
    s.ratio = s.rival_us / s.ours_us;
    return s;
}

static void print_method(const h2h_run *r)
{
    printf("## The chapter's mappings against GLASS (%s)\n\n",
           r->fmad ? "--fmad=true: nvcc's default contraction" : "--fmad=false: the chapter's build");
    printf("- grid: %d blocks of the cell's block size, each with its own copy of the operands in shared memory;\n"
           "  every kernel runs the op R times with a barrier after each (alpha = beta = 1)\n",
           r->blocks);
    printf("- kernels: ours serial and warp per output with the sizes as compile-time constants (as GLASS\n"
           "  takes them), GLASS's glass::block plain and *_reduced op on the same row-major image, and ours\n"
           "  again with the sizes read from the plan at run time (the crossover sweep's kernel)\n");
    printf("- syrk: GLASS and ours with compile-time sizes compute the m (m + 1) / 2 outputs with j <= i once\n"
           "  and store each at (i, j) and (j, i), ours enumerating them directly; ours with run-time sizes\n"
           "  computes all m x m\n");
    printf("- per cell: a warm-up launch of each kernel, a calibration launch that sizes its R to about %g ms\n"
           "  per launch, then %d trials, each launching every kernel once in the order ours serial, GLASS\n"
           "  plain, ours warp, GLASS reduced, ours serial (run time), ours warp (run time); CUDA events;\n"
           "  us = median launch time / R; spread = (max - min) / median, the largest of the six kernels\n",
           r->target_ms, r->trials);
    printf("- ratio = GLASS us / ours us (> 1: ours is faster)\n");
    if (r->fmad)
        printf("- checks: every result (every block, R = 1) within the double reference's tolerance,\n"
               "  2 (K + 4) u |terms|, for ours and GLASS alike; the compiler may fuse a*b+c here, so ours is\n"
               "  not expected to equal the C emulation bit for bit (the cells where it still does are counted)\n\n");
    else
        printf("- checks: ours equal to the C emulation of its summation order bit for bit (every block, R = 1);\n"
               "  GLASS within the double reference's tolerance, 2 (K + 4) u |terms|\n\n");
}

static void print_table(const h2h_cell cells[], int n)
{
    const char *glass_op = op_name(cells[0].op);
    printf("### %s, %s\n\n", glass_op, dtype_name(cells[0].dtype));
    printf("| shape | block | n_out | serial us | GLASS %s us | ratio | warp us | GLASS %s_reduced us | ratio "
           "| serial (run time) us | ratio | warp (run time) us | ratio | spread |\n"
           "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n",
           glass_op, glass_op);
    for (int i = 0; i < n; i++) {
        const h2h_cell *c = &cells[i];
        char shape[64];
        op_shape_text(c->op, c->shape, shape, sizeof shape);
        double spread = 0;
        for (int k = 0; k < H2H_KERNELS; k++)
            spread = c->t[k].spread > spread ? c->t[k].spread : spread;
        printf("| %s | %d | %d | %.4f | %.4f | %.3f | %.4f | %.4f | %.3f | %.4f | %.3f | %.4f | %.3f | %.1f %% |\n",
               shape, c->block, c->n_out, c->t[H2H_OURS_SERIAL].us_per_op, c->t[H2H_GLASS_PLAIN].us_per_op,
               ratio_of(c, R_SERIAL), c->t[H2H_OURS_WARP].us_per_op, c->t[H2H_GLASS_REDUCED].us_per_op,
               ratio_of(c, R_WARP), c->t[H2H_OURS_SERIAL_RUNTIME].us_per_op, ratio_of(c, R_SERIAL_RUNTIME),
               c->t[H2H_OURS_WARP_RUNTIME].us_per_op, ratio_of(c, R_WARP_RUNTIME), 100.0 * spread);
    }
    printf("\ngeometric mean of the ratios:");
    for (int r = 0; r < N_RATIOS; r++)
        printf(" %s %.3f (min %.3f)%s", ratio_name[r], summarize(cells, n, r).ratio,
               ratio_of(&cells[summarize(cells, n, r).min_cell], r), r + 1 < N_RATIOS ? ";" : "\n\n");
}

static void cell_text(const h2h_cell *c, char *buf, size_t size)
{
    char shape[64];
    op_shape_text(c->op, c->shape, shape, sizeof shape);
    snprintf(buf, size, "%s %s %s block %d", op_name(c->op), dtype_name(c->dtype), shape, c->block);
}

/* Appends the run's headline ratios to `path` (see the bench conventions). */
static void write_ratios(const char *path, const h2h_run *r, const h2h_cell cells[], int n)
{
    FILE *f = fopen(path, "a");
    if (f == NULL) {
        fprintf(stderr, "error: writing %s\n", path);
        exit(EXIT_MISMATCH);
    }
    const char *suffix = r->fmad ? "_fmad" : "";
    const char *build = r->fmad ? "--fmad=true" : "--fmad=false";
    for (int k = 0; k < N_RATIOS; k++) {
        const ratio_summary s = summarize(cells, n, k);
        const h2h_cell *m = &cells[s.min_cell];
        char where[128];
        cell_text(m, where, sizeof where);
        fprintf(f, "reduced_ops.%s%s.geomean\t%.4f\t%.5f\t%.5f\t%s, geometric mean over %d cells, %s\n", ratio_name[k],
                suffix, s.ratio, s.ours_us, s.rival_us, ratio_text[k], n, build);
        fprintf(f, "reduced_ops.%s%s.min\t%.4f\t%.5f\t%.5f\t%s, the smallest of %d cells (%s), %s\n", ratio_name[k],
                suffix, ratio_of(m, k), m->t[ratio_ours[k]].us_per_op, m->t[ratio_rival[k]].us_per_op, ratio_text[k], n,
                where, build);
    }
    if (ferror(f) | fclose(f)) {
        fprintf(stderr, "error: writing %s\n", path);
        exit(EXIT_MISMATCH);
    }
}

/* The verdicts; returns 1 when every check the build promises holds. */
static int report_checks(const h2h_run *r, const h2h_cell cells[], int n)
{
    int ours_bits = 0, ours_within = 0, glass_within = 0, glass_bits = 0;
    for (int i = 0; i < n; i++) {
        const h2h_cell *c = &cells[i];
        ours_bits += c->bits[H2H_OURS_SERIAL] && c->bits[H2H_OURS_WARP] && c->bits[H2H_OURS_SERIAL_RUNTIME] &&
                     c->bits[H2H_OURS_WARP_RUNTIME];
        ours_within += c->within[H2H_OURS_SERIAL] && c->within[H2H_OURS_WARP] && c->within[H2H_OURS_SERIAL_RUNTIME] &&
                       c->within[H2H_OURS_WARP_RUNTIME];
        glass_within += c->within[H2H_GLASS_PLAIN] && c->within[H2H_GLASS_REDUCED];
        glass_bits += c->bits[H2H_GLASS_PLAIN] && c->bits[H2H_GLASS_REDUCED];
    }
    printf("ours equals the C emulation bit for bit in %d of %d cells (all four kernels)\n", ours_bits, n);
    printf("GLASS equals the emulation of the same summation order bit for bit in %d of %d cells\n", glass_bits, n);
    printf("within the double reference's tolerance: ours in %d of %d cells, GLASS in %d of %d\n\n", ours_within, n,
           glass_within, n);
    int ok = 1;
    if (r->fmad)
        ok &= verdict("every cell's result of ours is within the double reference's tolerance (--fmad=true)",
                      ours_within == n);
    else
        ok &= verdict("every cell's result of ours equals the C emulation bit for bit", ours_bits == n);
    ok &= verdict("every cell's result of GLASS is within the double reference's tolerance", glass_within == n);
    return ok;
}

static h2h_cell cells[MAX_CELLS];

/* The row of SWEEP_SHAPES that is the square shape n x n x n, or one
 * `error: ...` line naming the sizes there are and exit 2. */
static int square_shape_row(uint64_t n)
{
    char sizes[128] = "";
    for (int s = 0; s < N_SHAPES; s++) {
        if (shapes[s].m != shapes[s].n || shapes[s].n != shapes[s].k)
            continue;
        if ((uint64_t)shapes[s].m == n)
            return s;
        snprintf(sizes + strlen(sizes), sizeof sizes - strlen(sizes), "%s%d", sizes[0] ? ", " : "", shapes[s].m);
    }
    fprintf(stderr, "error: --n expects the size of one of the sweep's square shapes (%s), got %" PRIu64 "\n", sizes,
            n);
    exit(EXIT_BAD_INPUT);
}

int main(int argc, char **argv)
{
    const char *op_text = "all", *ratios_path = NULL, *on = NULL;
    h2h_run r = { .dtype_text = "both", .target_ms = 2.0, .seed = 7, .only_shape = -1 };
    uint64_t blocks = 0, trials = 5, square = 0; /* square == 0: --n not given */
    int quiet = 0;
    const cli_option options[] = {
        { "--op", CLI_CHOICE, &op_text, "which op (default all three)", 0, 0, "gemm|gemv|syrk|all" },
        { "--dtype", CLI_CHOICE, &r.dtype_text, "element types (default both)", 0, 0, "float|double|both" },
        { "--blocks", CLI_U64, &blocks, "blocks per launch (default 0: one per SM)", 0, 65535, NULL },
        { "--target-ms", CLI_DOUBLE, &r.target_ms, "length of one timed launch in ms (default 2)", 0, 0, NULL },
        { "--trials", CLI_U64, &trials, "timed trials per kernel and cell (default 5)", 3, 99, NULL },
        { "--seed", CLI_U64, &r.seed, "random seed for the operands (default 7)", 0, UINT64_MAX, NULL },
        { "--ratios", CLI_STRING, &ratios_path, "append the headline ratios to this TSV file", 0, 0, NULL },
        { "--check-only", CLI_FLAG, &r.check_only, "only check every cell (no timing)", 0, 0, NULL },
        { "--n", CLI_U64, &square, "only the sweep's square shape N x N x N (4, 8, 14 or 21)", 1, OP_MAX_DIM, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print the verdicts only", 0, 0, NULL },
        { "--on", CLI_CHOICE, &on, "gpu (the only choice: emu is refused, see the chapter's README)", 0, 0, "gpu|emu" },
    };
    cli_parse(argc, argv,
              "The chapter's serial and warp-per-output mappings against GLASS's gemm/gemm_reduced,\n"
              "gemv/gemv_reduced and syrk/syrk_reduced: 12 shapes x 4 block sizes x {float, double},\n"
              "same launch, interleaved timing; prints one markdown table per op and element type.",
              options, sizeof options / sizeof options[0]);
    cli_no_emu(on, "a benchmark against GLASS, a third-party library: its kernels are not the book's to emulate, and "
                   "the emulator has no clock (reduced_ops_sweep --on emu --check-only checks the chapter's kernel)");
    if (r.target_ms < 0.1 || r.target_ms > 1000.0) {
        cli_refuse("--target-ms expects a number in [0.1, 1000], got %g", r.target_ms);
    }
    if (square != 0)
        r.only_shape = square_shape_row(square);
    if (!glass_bench_has_glass()) {
        printf("skipped: needs GLASS (build with make GLASS_DIR=path/to/GLASS)\n");
        return r.check_only ? EXIT_NO_GPU : EXIT_PASS;
    }
    gpu_require_device();
    r.trials = (int)trials;
    r.fmad = glass_bench_fmad();
    r.blocks = blocks ? (int)blocks : glass_bench_sm_count();
    for (int o = 0; o < 3; o++)
        if (strcmp(op_text, "all") == 0 || strcmp(op_text, op_name(ops[o])) == 0)
            r.ops[r.n_ops++] = ops[o];
    const int n = run_cells(&r, cells);
    const int per_table = (r.only_shape < 0 ? N_SHAPES : 1) * N_BLOCKS; /* one op and element type */
    if (!quiet) {
        print_run_header(argc, argv);
        print_method(&r);
        if (!r.check_only)
            for (int i = 0; i < n; i += per_table)
                print_table(cells + i, per_table);
    }
    if (!r.check_only && !quiet) {
        printf("over all %d cells:\n\n| ratio | geometric mean | min | min at |\n|---|---:|---:|---|\n", n);
        for (int k = 0; k < N_RATIOS; k++) {
            const ratio_summary s = summarize(cells, n, k);
            char where[128];
            cell_text(&cells[s.min_cell], where, sizeof where);
            printf("| %s | %.3f | %.3f | %s |\n", ratio_name[k], s.ratio, ratio_of(&cells[s.min_cell], k), where);
        }
        printf("\ngeometric mean us per op over all %d cells:", n);
        static const char *const kernel_name[H2H_KERNELS] = {
            "ours serial", "GLASS plain", "ours warp", "GLASS reduced", "ours serial (run time)", "ours warp (run time)"
        };
        for (int k = 0; k < H2H_KERNELS; k++) {
            double log_sum = 0;
            for (int i = 0; i < n; i++)
                log_sum += log(cells[i].t[k].us_per_op);
            printf(" %s %.4f%s", kernel_name[k], exp(log_sum / n), k + 1 < H2H_KERNELS ? ";" : "\n\n");
        }
    }
    if (ratios_path != NULL && !r.check_only)
        write_ratios(ratios_path, &r, cells, n);
    return exit_status(report_checks(&r, cells, n));
}
