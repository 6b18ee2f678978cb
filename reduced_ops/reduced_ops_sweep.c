/* reduced_ops_sweep.c - the crossover sweep: serial against warp per output
 * for 12 shapes x 4 block sizes x {float, double} = 96 cells of one op
 * (gemm by default; gemv and syrk on request), operands resident in shared
 * memory, many ops per launch. Prints a markdown table for RESULTS.md and,
 * with --tsv, the same cells as a TSV (the data of the heat map and of
 * picker_check). Every cell's result is first checked bit for bit against
 * the C emulation. --n N measures the one shape N x N x N instead of the 12
 * (its operands must fit one block's shared memory); --quiet prints only the
 * summary and the verdict. --on emu --check-only checks the cells on the CPU
 * emulator (common/emulator/) instead: the same kernel, its own source, the
 * same bits; the emulator has no clock worth timing, so it checks only. */
#include "common.h"
#include "emulate.h"
#include "op_image.h"
#include "ops_emu.h"
#include "ops_gpu.h"
#include "picker.h"
#include "sweep_cells.h"
#include "sweep_gpu.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SHAPE_ENTRY(m, n, k) { m, n, k, 1 },
static const op_shape sweep_shapes[N_SHAPES] = { SWEEP_SHAPES(SHAPE_ENTRY) };
static const int sweep_blocks[N_BLOCKS] = SWEEP_BLOCK_SIZES;
#define TIE_MARGIN 1.05 /* warp per output is picked only if serial/warp > 1.05 */

typedef struct {
    op_dtype dtype;
    op_shape shape;
    int shape_index; /* row of the shape in sweep_shapes (the heat map's y) */
    int block;
    int n_out, k;
    sweep_timing serial, warp;
    int bits_ok;
} sweep_cell;

static const char *dtype_name(op_dtype d)
{
    return d == DTYPE_FLOAT ? "float" : "double";
}

/* Runs the cell once per mapping with reps = 1, on the GPU or, with on_emu,
 * on the CPU emulator, and compares every block's result with the C
 * emulation of that mapping, bit for bit. */
static int check_cell(const op_plan *plan, const sweep_cell *c, const double *image_d, int blocks, int on_emu)
{
    const size_t len = (size_t)plan->image_len, n_out = (size_t)c->n_out;
    int ok = 1;
    for (int m = MAP_SERIAL; m <= MAP_WARP_PER_OUTPUT; m++) {
        if (c->dtype == DTYPE_FLOAT) {
            float *image = alloc_or_exit(len, sizeof *image, "the float operand image");
            float *want = alloc_or_exit(len, sizeof *want, "the emulated image");
            float *got = alloc_or_exit((size_t)blocks * n_out, sizeof *got, "the GPU results");
            doubles_to_floats(image_d, image, len);
            memcpy(want, image, len * sizeof *want);
            emulate_op_float(plan, (op_mapping)m, 1.0f, 1.0f, want);
            if (on_emu) /* an error the emulator found (on stderr) fails the cell */
                ok &= emu_sweep_once_float(plan, (op_mapping)m, c->block, blocks, 1.0f, 1.0f, image, got) == 0;
            else
                gpu_sweep_once_float(plan, (op_mapping)m, c->block, blocks, 1.0f, 1.0f, image, got);
            for (int b = 0; b < blocks; b++)
                ok &= first_bit_difference_float(got + (size_t)b * n_out, want + plan->result.begin, n_out) < 0;
            free(image);
            free(want);
            free(got);
        } else {
            double *want = alloc_or_exit(len, sizeof *want, "the emulated image");
            double *got = alloc_or_exit((size_t)blocks * n_out, sizeof *got, "the GPU results");
            memcpy(want, image_d, len * sizeof *want);
            emulate_op_double(plan, (op_mapping)m, 1.0, 1.0, want);
            if (on_emu)
                ok &= emu_sweep_once_double(plan, (op_mapping)m, c->block, blocks, 1.0, 1.0, image_d, got) == 0;
            else
                gpu_sweep_once_double(plan, (op_mapping)m, c->block, blocks, 1.0, 1.0, image_d, got);
            for (int b = 0; b < blocks; b++)
                ok &= first_bit_difference_double(got + (size_t)b * n_out, want + plan->result.begin, n_out) < 0;
            free(want);
            free(got);
        }
    }
    return ok;
}

static void time_cell(const op_plan *plan, sweep_cell *c, const double *image_d, int blocks, double target_ms)
{
    const int trials = 3;
    if (c->dtype == DTYPE_FLOAT) {
        float *image = alloc_or_exit((size_t)plan->image_len, sizeof *image, "the float operand image");
        doubles_to_floats(image_d, image, (size_t)plan->image_len);
        gpu_sweep_time_float(plan, MAP_SERIAL, c->block, blocks, 1.0f, 1.0f, image, target_ms, trials, &c->serial);
        gpu_sweep_time_float(plan, MAP_WARP_PER_OUTPUT, c->block, blocks, 1.0f, 1.0f, image, target_ms, trials,
                             &c->warp);
        free(image);
    } else {
        gpu_sweep_time_double(plan, MAP_SERIAL, c->block, blocks, 1.0, 1.0, image_d, target_ms, trials, &c->serial);
        gpu_sweep_time_double(plan, MAP_WARP_PER_OUTPUT, c->block, blocks, 1.0, 1.0, image_d, target_ms, trials,
                              &c->warp);
    }
}

/* The cells of `n_shapes` shapes, in table order; order[] is the order they
 * are measured in. */
static int make_cells(const char *dtype_text, int shuffle, uint64_t seed, const op_shape *shapes, int n_shapes,
                      sweep_cell cells[N_CELLS], uint32_t order[N_CELLS])
{
    int n_cells = 0;
    for (int d = DTYPE_FLOAT; d <= DTYPE_DOUBLE; d++) {
        if (strcmp(dtype_text, "both") != 0 && strcmp(dtype_text, dtype_name((op_dtype)d)) != 0)
            continue;
        for (int s = 0; s < n_shapes; s++)
            for (int b = 0; b < N_BLOCKS; b++) {
                sweep_cell *c = &cells[n_cells];
                memset(c, 0, sizeof *c);
                c->dtype = (op_dtype)d;
                c->shape = shapes[s];
                c->shape_index = s;
                c->block = sweep_blocks[b];
                order[n_cells] = (uint32_t)n_cells;
                n_cells++;
            }
    }
    splitmix64 g = { seed };
    if (shuffle)
        splitmix64_shuffle_u32(&g, order, (size_t)n_cells);
    return n_cells;
}

/* Checks every cell bit for bit and, unless check_only, times it; returns 1
 * when every cell's result equals the emulation. */
static int run_cells(op_kind op, sweep_cell cells[], const uint32_t order[], int n_cells, uint64_t seed, int blocks,
                     int check_only, double target_ms, int on_emu)
{
    int all_bits_ok = 1;
    for (int i = 0; i < n_cells; i++) {
        sweep_cell *c = &cells[order[i]];
        op_plan plan;
        const char *why = NULL;
        if (op_plan_make(op, c->shape, &plan, &why) != 0) {
            fprintf(stderr, "error: %s\n", why);
            exit(EXIT_BAD_INPUT);
        }
        c->n_out = op_outputs(&plan);
        c->k = plan.stage[0].len;
        double *image = alloc_or_exit((size_t)plan.image_len, sizeof *image, "the operand image");
        op_images_fill(&plan, c->dtype, seed, image, 1); /* uniform in [-1, 1): never all zeros */
        c->bits_ok = check_cell(&plan, c, image, check_only ? (blocks < 2 ? blocks : 2) : blocks, on_emu);
        all_bits_ok &= c->bits_ok;
        if (!check_only)
            time_cell(&plan, c, image, blocks, target_ms);
        free(image);
    }
    return all_bits_ok;
}

typedef struct {
    const char *op_text;
    char device[256], date[64], command[1024];
    int blocks, blocks_asked, check_only, on_emu;
    double target_ms;
} sweep_run;

static void print_method(const sweep_run *r)
{
    printf("## %s: serial vs warp per output (%s)\n\n", r->op_text, r->check_only ? "check only" : "crossover sweep");
    printf("- device: %s\n- date: %s\n- command: `%s`\n", r->device, r->date, r->command);
    printf("- grid: %d blocks (%s), each with its own copy of the operands in shared memory\n", r->blocks,
           r->blocks_asked ? "as asked"
           : r->on_emu     ? "the emulator's default"
                           : "one per SM");
    printf("- per cell and mapping: a warm-up launch, a calibration launch, then 3 timed launches of R\n"
           "  back-to-back ops (R chosen so that a launch takes about %g ms); us = median launch time / R;\n"
           "  spread = (max - min) / median of the 3 launches, the larger of the two mappings\n",
           r->target_ms);
    printf("- ratio = serial us / warp us; pick = warp only if ratio > %.2f (the 5 %% tie margin)\n", TIE_MARGIN);
    printf("- picker: use_warp_per_output(), %s\n\n", picker_basis());
}

static void write_tsv_header(const sweep_run *r, FILE *tsv)
{
    if (tsv) {
        fprintf(tsv, "# %s serial vs warp per output; device: %s; date: %s\n# command: %s\n", r->op_text, r->device,
                r->date, r->command);
        fprintf(tsv, "op\tdtype\tM\tN\tK\tblock\tn_out\tk_contract\tserial_us\twarp_us\tratio\tspread_pct\tpick\t"
                     "reps_serial\treps_warp\tshape_index\n");
    }
}

/* One row per cell, in table order (markdown on stdout unless quiet, TSV to
 * tsv), then the summary line. */
static void print_cells(op_kind op, const char *op_text, const sweep_cell cells[], int n_cells, FILE *tsv, int quiet)
{
    if (!quiet)
        printf("| dtype | M | N | K | block | n_out | serial us | warp us | ratio | spread | pick | picker |\n"
               "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    int warp_wins = 0, picker_agrees = 0;
    for (int i = 0; i < n_cells; i++) {
        const sweep_cell *c = &cells[i];
        const double ratio = c->serial.us_per_op / c->warp.us_per_op;
        const double spread = 100.0 * (c->serial.spread > c->warp.spread ? c->serial.spread : c->warp.spread);
        const int warp = ratio > TIE_MARGIN;
        const int picked = use_warp_per_output(op, c->n_out, c->k, c->block, c->dtype);
        warp_wins += warp;
        picker_agrees += picked == warp;
        if (!quiet)
            printf("| %s | %d | %d | %d | %d | %d | %.4f | %.4f | %.3f | %.1f %% | %s | %s |\n", dtype_name(c->dtype),
                   c->shape.m, c->shape.n, c->shape.k, c->block, c->n_out, c->serial.us_per_op, c->warp.us_per_op,
                   ratio, spread, warp ? "warp" : "serial", picked ? "warp" : "serial");
        if (tsv)
            fprintf(tsv, "%s\t%s\t%d\t%d\t%d\t%d\t%d\t%d\t%.5f\t%.5f\t%.4f\t%.2f\t%s\t%ld\t%ld\t%d\n", op_text,
                    dtype_name(c->dtype), c->shape.m, c->shape.n, c->shape.k, c->block, c->n_out, c->k,
                    c->serial.us_per_op, c->warp.us_per_op, ratio, spread, warp ? "warp" : "serial", c->serial.reps,
                    c->warp.reps, c->shape_index);
    }
    printf("%swarp per output picked in %d of %d cells; the picker agrees with %d of %d\n%s", quiet ? "" : "\n",
           warp_wins, n_cells, picker_agrees, n_cells, quiet ? "" : "\n");
}

int main(int argc, char **argv)
{
    const char *op_text = "gemm", *dtype_text = "both", *tsv_path = NULL, *on = "gpu";
    uint64_t seed = 7, blocks_opt = 0, n = 0; /* n == 0: --n not given */
    double target_ms = 10.0;
    int shuffle = 0, check_only = 0, quiet = 0;
    const cli_option options[] = {
        { "--op", CLI_CHOICE, &op_text, "which op (default gemm)", 0, 0, "gemm|gemv|syrk" },
        { "--dtype", CLI_CHOICE, &dtype_text, "element types (default both)", 0, 0, "float|double|both" },
        { "--blocks", CLI_U64, &blocks_opt, "blocks per launch (default 0: one per SM)", 0, 65535, NULL },
        { "--target-ms", CLI_DOUBLE, &target_ms, "length of one timed launch in ms (default 10)", 0, 0, NULL },
        { "--shuffle", CLI_FLAG, &shuffle, "measure the cells in a random order", 0, 0, NULL },
        { "--seed", CLI_U64, &seed, "random seed for operands and --shuffle (default 7)", 0, UINT64_MAX, NULL },
        { "--tsv", CLI_STRING, &tsv_path, "also write the cells to this TSV file", 0, 0, NULL },
        { "--check-only", CLI_FLAG, &check_only, "only check every cell bit for bit (no timing)", 0, 0, NULL },
        { "--n", CLI_U64, &n, "measure the one shape N x N x N instead of the 12", 1, OP_MAX_DIM, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the summary and the verdict", 0, 0, NULL },
        { "--on", CLI_CHOICE, &on, "gpu (default), or emu: the kernel on the CPU emulator (with --check-only)", 0, 0,
          "gpu|emu" },
    };
    cli_parse(argc, argv,
              "The crossover sweep: serial vs warp-per-output for 12 shapes x 4 block sizes x\n"
              "{float, double}, operands in shared memory; prints a markdown table.",
              options, sizeof options / sizeof options[0]);
    if (target_ms < 0.1 || target_ms > 1000.0) {
        cli_refuse("--target-ms expects a number in [0.1, 1000], got %g", target_ms);
    }
    const op_kind op = (op_kind)op_from_name(op_text);
    const op_shape square = { (int)n, (int)n, (int)n, 1 };
    op_plan plan;
    const char *why = NULL;
    if (n != 0 && op_plan_make(op, square, &plan, &why) != 0) { /* before the device: bad input is exit 2 */
        cli_refuse("--n %d: %s", (int)n, why);
    }
    const int on_emu = strcmp(on, "emu") == 0;
    if (on_emu && !check_only)
        cli_refuse("--on emu: the emulator has no clock worth timing, it checks the cells only: add --check-only");
    if (!on_emu)
        gpu_require_device();
    FILE *tsv = cli_open_output(tsv_path);
    sweep_run run = { .op_text = op_text,
                      .blocks_asked = blocks_opt != 0,
                      .check_only = check_only,
                      .target_ms = target_ms,
                      .on_emu = on_emu };
    run.blocks = blocks_opt ? (int)blocks_opt : on_emu ? 2 : gpu_sm_count();
    sweep_cell cells[N_CELLS];
    uint32_t order[N_CELLS];
    const int n_cells = make_cells(dtype_text, shuffle, seed, n ? &square : sweep_shapes, n ? 1 : N_SHAPES, cells,
                                   order);
    if (on_emu)
        snprintf(run.device, sizeof run.device, "the CPU emulator (common/emulator/), the kernel's own source");
    else
        gpu_device_describe(run.device, sizeof run.device);
    utc_now(run.date, sizeof run.date, "%Y-%m-%d %H:%M UTC");
    cli_command_line(argc, argv, run.command, sizeof run.command);

    const int all_bits_ok = run_cells(op, cells, order, n_cells, seed, run.blocks, check_only, target_ms, on_emu);
    if (!quiet)
        print_method(&run);
    write_tsv_header(&run, tsv);
    if (!check_only)
        print_cells(op, op_text, cells, n_cells, tsv, quiet);
    else
        printf("%d cells checked\n%s", n_cells, quiet ? "" : "\n");
    if (tsv)
        cli_close_output(tsv, tsv_path);
    return exit_status(verdict(on_emu
                                   ? "every cell's emulated result equals the C emulation bit for bit (both mappings)"
                                   : "every cell's GPU result equals the C emulation bit for bit (both mappings)",
                               all_bits_ok));
}
