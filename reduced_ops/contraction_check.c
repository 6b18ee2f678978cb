/* contraction_check.c - every op, both mappings, every scope, the thread
 * counts 1, 7, 31, 32, 64, 96, 256, float and double, non-square shapes:
 * the GPU must equal the C emulation of its mapping bit for bit (every
 * element of every image: inputs untouched, intermediate and result), and
 * lie within tolerance of the double reference. --shape M,N,K,L or --n N
 * (the square shape N,N,N,N) runs one shape instead of the built-in list.
 * --on emu runs the same kernels, their own source, on the CPU emulator
 * (common/emulator/): the same configurations and the same bits. */
#include "check_problem.h"
#include "common.h"
#include "op_image.h"
#include "ops_emu.h"
#include "ops_gpu.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OP_CHOICES "all|gemm|gemv|syrk|tensor_vec_contract|vec_tensor_vec|congruence_sym|bilinear"

typedef struct {
    op_scope scope;
    op_mapping mapping;
    int threads;
} gpu_config;

static const char *scope_name(op_scope s)
{
    return s == SCOPE_BLOCK ? "block" : s == SCOPE_WARP ? "warp" : "tile";
}
static const char *mapping_name(op_mapping m)
{
    return m == MAP_SERIAL ? "serial" : "warp per output";
}

/* Block scope at the thread counts of the invariance claim and at 100 (three
 * warps and a trailing partial warp of 4 threads); warp and tile
 * scopes with 1, 2 and 3 warps per block (3 problems: 64 threads leaves one
 * warp of the second block without a problem). */
static int make_configs(gpu_config *c)
{
    static const int block_threads[] = { 1, 7, 31, 32, 64, 96, 100, 256 };
    static const int warp_threads[] = { 32, 64, 96 };
    int n = 0;
    for (int m = MAP_SERIAL; m <= MAP_WARP_PER_OUTPUT; m++) {
        for (int i = 0; i < 8; i++)
            c[n++] = (gpu_config){ SCOPE_BLOCK, (op_mapping)m, block_threads[i] };
        for (int s = SCOPE_WARP; s <= SCOPE_TILE; s++)
            for (int i = 0; i < 3; i++)
                c[n++] = (gpu_config){ (op_scope)s, (op_mapping)m, warp_threads[i] };
    }
    return n;
}

/* Runs one configuration on the GPU or, with on_emu, on the CPU emulator;
 * returns 1 when its images equal the emulation of its mapping bit for bit.
 * *ratio receives the worst err/tol. */
static int run_config(const check_problem *cp, gpu_config c, int on_emu, double *ratio)
{
    void *images = check_problem_input_copy(cp);
    if (images == NULL) {
        fprintf(stderr, "error: out of memory\n");
        exit(EXIT_BAD_INPUT);
    }
    if (on_emu) {
        const int failed = cp->dtype == DTYPE_FLOAT
                               ? emu_run_op_float(&cp->plan, c.mapping, c.scope, c.threads, (float)cp->alpha,
                                                  (float)cp->beta, (float *)images, cp->count)
                               : emu_run_op_double(&cp->plan, c.mapping, c.scope, c.threads, cp->alpha, cp->beta,
                                                   (double *)images, cp->count);
        if (failed) { /* the emulator named the error on stderr */
            printf("  MISMATCH %s scope, %s, %d threads: the emulator stopped the kernel\n", scope_name(c.scope),
                   mapping_name(c.mapping), c.threads);
            *ratio = 0.0;
            free(images);
            return 0;
        }
    } else if (cp->dtype == DTYPE_FLOAT) {
        gpu_run_op_float(&cp->plan, c.mapping, c.scope, c.threads, (float)cp->alpha, (float)cp->beta, (float *)images,
                         cp->count);
    } else {
        gpu_run_op_double(&cp->plan, c.mapping, c.scope, c.threads, cp->alpha, cp->beta, (double *)images, cp->count);
    }
    const long diff = check_bits(cp, c.mapping, images);
    *ratio = check_error_ratio(cp, images);
    if (diff >= 0) {
        char got[24], want[24];
        check_element_hex(cp, images, diff, got, sizeof got);
        check_element_hex(cp, cp->emulated[c.mapping], diff, want, sizeof want);
        printf("  MISMATCH %s scope, %s, %d threads: image element %ld (problem %ld) is %s, emulation %s\n",
               scope_name(c.scope), mapping_name(c.mapping), c.threads, diff % cp->plan.image_len,
               diff / cp->plan.image_len, got, want);
    }
    free(images);
    return diff < 0;
}

typedef struct {
    run_on where;
    int quiet;
    const gpu_config *configs;
    int n_configs;
    double cpu_worst, gpu_worst;
    int mapping_ok[2];
} check_run;

/* One row: the emulation against the reference and, with a GPU or on the
 * emulator, every configuration against the emulation. */
static void check_row(check_run *r, op_kind op, op_shape shape, op_dtype dt, double beta, uint64_t seed)
{
    check_problem cp;
    const char *why = NULL;
    if (check_problem_make(&cp, op, shape, dt, 1.5, beta, 3, seed, &why) != 0) {
        fprintf(stderr, "error: %s: %s\n", op_name(op), why);
        exit(EXIT_BAD_INPUT);
    }
    double cpu_ratio = check_error_ratio(&cp, cp.emulated[MAP_SERIAL]);
    const double tree_ratio = check_error_ratio(&cp, cp.emulated[MAP_WARP_PER_OUTPUT]);
    if (tree_ratio > cpu_ratio)
        cpu_ratio = tree_ratio;
    if (cpu_ratio > r->cpu_worst)
        r->cpu_worst = cpu_ratio;
    char text[64], gpu_text[64] = "not run";
    op_shape_text(op, shape, text, sizeof text);
    if (!r->quiet)
        printf("%-20s %-20s %-7s %-19.4f ", op_name(op), text, dt == DTYPE_FLOAT ? "float" : "double", cpu_ratio);
    fflush(stdout);
    if (r->where & (RUN_GPU | RUN_EMU)) {
        int identical = 0;
        double row_worst = 0.0;
        for (int c = 0; c < r->n_configs; c++) {
            double ratio;
            const int same = run_config(&cp, r->configs[c], r->where == RUN_EMU, &ratio);
            identical += same;
            r->mapping_ok[r->configs[c].mapping] &= same;
            if (ratio > row_worst)
                row_worst = ratio;
        }
        if (row_worst > r->gpu_worst)
            r->gpu_worst = row_worst;
        snprintf(gpu_text, sizeof gpu_text, "%d of %d, %.4f", identical, r->n_configs, row_worst);
    }
    if (!r->quiet)
        printf("%s\n", gpu_text);
    check_problem_free(&cp);
}

static void print_header(run_on where, int n_configs)
{
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
    } else if (where == RUN_EMU) {
        printf("emulator: the kernels' own source on the CPU (common/emulator/)\n");
    }
    printf("%d GPU configurations per row: block scope at 1, 7, 31, 32, 64, 96, 100, 256 threads, warp and\n"
           "tile scopes at 32, 64, 96 threads, each with both mappings; 3 problems per launch\n\n",
           n_configs);
    printf("%-20s %-20s %-7s %-19s %s\n", "op", "shape", "dtype", "emulation err/tol",
           where == RUN_EMU ? "emulator bit-identical, err/tol" : "GPU bit-identical, err/tol");
}

int main(int argc, char **argv)
{
    const char *op_text = "all", *dtype_text = "both", *shape_text = NULL, *on = NULL;
    uint64_t seed = 5, n = 0; /* n == 0: --n not given */
    int quiet = 0;
    const cli_option options[] = {
        { "--op", CLI_CHOICE, &op_text, "which op (default all)", 0, 0, OP_CHOICES },
        { "--dtype", CLI_CHOICE, &dtype_text, "element type (default both)", 0, 0, "float|double|both" },
        { "--shape", CLI_STRING, &shape_text, "one shape M,N,K,L instead of the built-in list", 0, 0, "M,N,K,L" },
        { "--n", CLI_U64, &n, "one square shape N,N,N,N instead of the built-in list", 1, OP_MAX_DIM, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 5)", 0, UINT64_MAX, NULL },
        CLI_OPTION_ON_EMU(&on),
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Runs every contraction op with both mappings in every scope and thread count, float\n"
              "and double, and compares the GPU with the C emulation bit for bit.",
              options, sizeof options / sizeof options[0]);
    op_shape one_shape;
    int n_shapes;
    const op_shape *shapes = check_shapes_or_one(shape_text, n, &one_shape, &n_shapes);
    const int only_op = strcmp(op_text, "all") == 0 ? -1 : op_from_name(op_text);
    check_shapes_fit_or_exit(only_op, shapes, n_shapes);
    gpu_config configs[40];
    check_run r = { .where = cli_resolve_on(on), .quiet = quiet, .configs = configs, .mapping_ok = { 1, 1 } };
    r.n_configs = make_configs(configs);
    if (!quiet)
        print_header(r.where, r.n_configs);
    for (int op = 0; op < OP_COUNT; op++) {
        if (only_op >= 0 && op != only_op)
            continue;
        for (int s = 0; s < n_shapes; s++)
            for (int dt = DTYPE_FLOAT; dt <= DTYPE_DOUBLE; dt++) {
                if ((dt == DTYPE_FLOAT && strcmp(dtype_text, "double") == 0) ||
                    (dt == DTYPE_DOUBLE && strcmp(dtype_text, "float") == 0))
                    continue;
                /* every other shape checks beta = 0 */
                check_row(&r, (op_kind)op, shapes[s], (op_dtype)dt, s % 2 ? 0.0 : -0.75, seed + (uint64_t)s);
            }
    }
    if (!quiet)
        printf("\n");
    int ok = verdict("C emulation of both orders within tolerance of the double reference", r.cpu_worst <= 1.0);
    if (r.where & (RUN_GPU | RUN_EMU)) {
        const char *dev = r.where == RUN_EMU ? "emulated" : "GPU";
        char what[160];
        snprintf(what, sizeof what,
                 "%s serial mapping equals the serial emulation bit for bit (every scope and thread count)", dev);
        ok &= verdict(what, r.mapping_ok[MAP_SERIAL]);
        snprintf(what, sizeof what,
                 "%s warp per output equals the warp-tree emulation bit for bit (every scope and thread count)", dev);
        ok &= verdict(what, r.mapping_ok[MAP_WARP_PER_OUTPUT]);
        snprintf(what, sizeof what, "%s results within tolerance of the double reference", dev);
        ok &= verdict(what, r.gpu_worst <= 1.0);
    }
    return exit_status(ok);
}
