/* device_reduce.c - the chapter's reduction over the whole GPU, checked.
 *
 * For float and double inputs: the GPU sum must (1) be the same bits on a
 * second run (no float atomics, fixed order), (2) equal bit for bit the CPU
 * replay of the kernels' order of additions, and (3) lie within the error
 * bound gamma(depth) * sum|x| of a compensated double reference.
 * --on cpu replays an H200-shaped grid (132 SMs x 8 blocks) on the CPU only.
 * --on emu runs the kernels' own source on the CPU emulator
 * (common/emulator/) with that grid: the GPU's order, so the H200's bits.
 * --svg draws the stages of that replay (device_reduce_figure.h). */
#include "common.h"
#include "device_reduce.h"
#include "device_reduce_emulate.h"
#include "device_reduce_figure.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An H200 as the CPU replay sees it: 132 SMs, 8 blocks of 256 threads each. */
#define H200_SMS 132
#define H200_BLOCKS_PER_SM 8

static int check_type(elem_type type, size_t n, size_t offset, uint64_t seed, run_on where, int quiet, int svg)
{
    const char *name = type == ELEM_FLOAT ? "float" : "double";
    float *xf = NULL;
    double *xd = NULL;
    if (type == ELEM_FLOAT)
        xf = alloc_or_exit(n, sizeof *xf, "the float input");
    else
        xd = alloc_or_exit(n, sizeof *xd, "the double input");
    splitmix64 g = { seed };
    for (size_t i = 0; i < n; i++) {
        const double v = splitmix64_uniform(&g, -1.0, 1.0);
        if (xf)
            xf[i] = (float)v;
        else
            xd[i] = v;
    }
    const reduce_input in = { type, xf, xd, n };
    double ref, sum_abs;
    reference_sum(&in, &ref, &sum_abs);

    reduce_geometry geo;
    double got = 0.0, again = 0.0;
    if (where & RUN_GPU) {
        device_reduce_plan plan;
        device_reduce_plan_create(&plan, type, n, offset);
        device_reduce_upload(&plan, xf ? (const void *)xf : (const void *)xd);
        device_reduce_launch(&plan);
        got = device_reduce_result(&plan);
        device_reduce_launch(&plan);
        again = device_reduce_result(&plan);
        geo = plan.geometry;
        device_reduce_plan_destroy(&plan);
    } else if (where == RUN_EMU) { /* the kernels on an H200-shaped grid, one run: the emulator's order is fixed */
        fflush(stdout);            /* the emulator's error line goes to stderr: keep the order */
        if (emu_device_reduce(type, xf ? (const void *)xf : (const void *)xd, n, offset, H200_SMS, H200_BLOCKS_PER_SM,
                              &geo, &got) != 0) {
            verdict("the emulator ran the kernels without an error", 0);
            exit(EXIT_MISMATCH);
        }
    } else { /* an H200-shaped grid, input 16-byte aligned plus the offset */
        device_reduce_choose_geometry(&geo, type, n, offset * (size_t)type % 16, H200_SMS, H200_BLOCKS_PER_SM);
    }
    const double replay = device_reduce_emulate(&in, &geo);
    if (!(where & (RUN_GPU | RUN_EMU)))
        got = again = replay;
    const double tol = device_reduce_tolerance(&in, &geo, ref, sum_abs);
    const double err = got > ref ? got - ref : ref - got;
    if (svg) { /* the picture of the stages whose chain lengths the bound adds up */
        device_reduce_stages_svg(stdout, &in, &geo);
        if (!(err <= tol))
            fprintf(stderr, "error: the replay is outside the bound its picture shows\n");
        free(xf);
        free(xd);
        return err <= tol;
    }
    char h1[HEX64_LEN], h2[HEX64_LEN];
    if (!quiet) {
        printf("%s, n = %zu, offset %zu: %d blocks x %d threads, %d accumulators of %d-wide vectors, "
               "head %zu\n",
               name, n, offset, geo.blocks, geo.threads, geo.accumulators, geo.vector_width, geo.head);
        printf("  %-34s %.17g\n", "reference (compensated double)", ref);
        printf("  %-34s %.17g  %s\n",
               (where & RUN_GPU)  ? "GPU sum"
               : where == RUN_EMU ? "emulator sum"
                                  : "CPU replay of the kernels",
               got, double_hex(got, h1));
        if (where & (RUN_GPU | RUN_EMU))
            printf("  %-34s %.17g  %s\n", "CPU replay of the kernels", replay, double_hex(replay, h2));
        printf("  %-34s %zu additions\n", "longest chain (depth d)", device_reduce_depth(&in, &geo));
        printf("  %-34s %.3e\n", "sum |x|", sum_abs);
        printf("  %-34s %.3e = %.3g%% of the bound %.3e\n", "|error|", err, 100.0 * err / tol, tol);
    }
    char what[128];
    int ok = 1;
    if (where & RUN_GPU) {
        snprintf(what, sizeof what, "%s: two GPU runs give the same bits", name);
        ok &= verdict(what, doubles_bit_equal(got, again));
        snprintf(what, sizeof what, "%s: GPU sum equals the CPU replay of its order bit for bit", name);
        ok &= verdict(what, doubles_bit_equal(got, replay));
    } else if (where == RUN_EMU) {
        snprintf(what, sizeof what, "%s: emulator sum equals the CPU replay of its order bit for bit", name);
        ok &= verdict(what, doubles_bit_equal(got, replay));
    }
    snprintf(what, sizeof what, "%s: |sum - reference| <= gamma(d) * sum|x|", name);
    ok &= verdict(what, err <= tol);
    free(xf);
    free(xd);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t n = 1000003, seed = 1, offset = 0;
    const char *type = "both", *on = NULL;
    int quiet = 0, svg = 0;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements (default 1000003)", 1, UINT64_C(1) << 28, NULL },
        { "--type", CLI_CHOICE, &type, "element type (default both)", 0, 0, "float|double|both" },
        { "--offset", CLI_U64, &offset, "start the input this many elements past an aligned address (default 0)", 0, 3,
          NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        CLI_OPTION_ON_EMU(&on),
        { "--svg", CLI_FLAG, &svg, "draw the stages of the CPU replay as SVG (float unless --type double)", 0, 0,
          NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "A device-wide sum (warp shuffles, block tree, final block) checked bit for bit and against a bound.",
              options, sizeof options / sizeof options[0]);
    if (svg && on != NULL && strcmp(on, "cpu") != 0)
        cli_refuse("--svg draws the CPU replay; use it with --on cpu or no --on");
    if (svg)
        return exit_status(check_type(strcmp(type, "double") == 0 ? ELEM_DOUBLE : ELEM_FLOAT, (size_t)n, (size_t)offset,
                                      seed, RUN_CPU, 1, 1));
    const run_on where = cli_resolve_on(on);
    if (!quiet && where == RUN_EMU)
        printf("(the kernels' own source on the CPU emulator, common/emulator/, for an H200-shaped grid,\n"
               " %d SMs x %d blocks)\n\n",
               H200_SMS, H200_BLOCKS_PER_SM);
    else if (!quiet && !(where & RUN_GPU))
        printf("(CPU only: replaying the kernels for an H200-shaped grid, %d SMs x %d blocks)\n\n", H200_SMS,
               H200_BLOCKS_PER_SM);
    int ok = 1;
    if (strcmp(type, "double") != 0)
        ok &= check_type(ELEM_FLOAT, (size_t)n, (size_t)offset, seed, where, quiet, 0);
    if (strcmp(type, "float") != 0)
        ok &= check_type(ELEM_DOUBLE, (size_t)n, (size_t)offset, seed, where, quiet, 0);
    return exit_status(ok);
}
