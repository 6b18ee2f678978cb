/* thread_count_invariance.c - one fused op, one set of operands, run at
 * every block size and scope: the bits of the result never move with the
 * thread count, and each mapping's bits are exactly its C emulation's. The
 * shape is --shape M,N,K,L, or --n N for the square shape N,N,N,N. --on emu
 * runs the same kernels, their own source, on the CPU emulator
 * (common/emulator/), and so do the traps: there the emulator's checks stop
 * them, naming the line. */
#include "check_problem.h"
#include "common.h"
#include "op_image.h"
#include "ops_emu.h"
#include "ops_gpu.h"
#include "traps_gpu.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OP_CHOICES "gemm|gemv|syrk|tensor_vec_contract|vec_tensor_vec|congruence_sym|bilinear"

static size_t element_size(const check_problem *cp)
{
    return cp->dtype == DTYPE_FLOAT ? 4 : 8;
}

/* FNV-1a 64 over the bytes of the result, and its first element in hex. */
static uint64_t result_hash(const check_problem *cp, const void *image, char first[24])
{
    const size_t size = element_size(cp);
    check_element_hex(cp, image, cp->plan.result.begin, first, 24);
    return fnv1a64((const char *)image + (size_t)cp->plan.result.begin * size, (size_t)cp->plan.result.len * size);
}

static void print_row(const char *mapping, const char *where, int threads, const char *first, uint64_t hash,
                      int differs)
{
    char t[16] = "-";
    if (threads > 0)
        snprintf(t, sizeof t, "%d", threads);
    printf("%-16s %-18s %7s  %-18s  0x%016" PRIx64 "%s\n", mapping, where, t, first, hash,
           differs ? "  differs from the emulation" : "");
}

static void print_header(const check_problem *cp, const char *dtype_text, run_on where, const char *trap)
{
    char text[64];
    op_shape_text(cp->plan.op, cp->plan.shape, text, sizeof text);
    printf("%s: %s, %s, %s, alpha = 1.5, beta = -0.75\n", op_name(cp->plan.op), op_formula(cp->plan.op), text,
           dtype_text);
    for (int s = 0; s < cp->plan.n_stages; s++)
        printf("stage %d: %d outputs, contraction length %d\n", s + 1, cp->plan.stage[s].rows * cp->plan.stage[s].cols,
               cp->plan.stage[s].len);
    if (strcmp(trap, "none") != 0)
        printf("trap: %s (block scope, warp per output, a mistake committed on purpose)\n", trap);
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
    } else if (where == RUN_EMU) {
        printf("emulator: the kernels' own source on the CPU (common/emulator/)\n");
    }
    printf("\n%-16s %-18s %7s  %-18s  %s\n", "mapping", "where", "threads", "first result", "FNV-1a 64 of the result");
}

/* Runs configuration i (8 block sizes, then the warp and tile scopes; with a
 * trap, the block sizes only) on the GPU or, with on_emu, on the CPU
 * emulator, and returns 1 when its image equals the emulation of mapping m
 * bit for bit. */
static int run_gpu_config(const check_problem *cp, op_mapping m, int i, const char *trap, int on_emu, int quiet,
                          uint64_t want)
{
    static const int block_threads[] = { 1, 7, 31, 32, 64, 96, 100, 256 };
    const op_scope scope = i < 8 ? SCOPE_BLOCK : i == 8 ? SCOPE_WARP : SCOPE_TILE;
    const int threads = i < 8 ? block_threads[i] : 32;
    void *image = check_problem_input_copy(cp);
    if (image == NULL) {
        fprintf(stderr, "error: out of memory\n");
        exit(EXIT_BAD_INPUT);
    }
    const int float_type = cp->dtype == DTYPE_FLOAT;
    const gpu_trap t = strcmp(trap, "partial-warp-joins") == 0 ? GPU_TRAP_PARTIAL_WARP_JOINS
                                                               : GPU_TRAP_NO_STAGE_BARRIER;
    int stopped = 0; /* the emulator reported an error (on stderr) */
    if (on_emu && strcmp(trap, "none") != 0)
        stopped = float_type ? emu_run_trap_float(&cp->plan, t, threads, 1.5f, -0.75f, (float *)image, 1)
                             : emu_run_trap_double(&cp->plan, t, threads, 1.5, -0.75, (double *)image, 1);
    else if (on_emu)
        stopped = float_type ? emu_run_op_float(&cp->plan, m, scope, threads, 1.5f, -0.75f, (float *)image, 1)
                             : emu_run_op_double(&cp->plan, m, scope, threads, 1.5, -0.75, (double *)image, 1);
    else if (strcmp(trap, "none") != 0) {
        if (float_type)
            gpu_run_trap_float(&cp->plan, t, threads, 1.5f, -0.75f, (float *)image, 1);
        else
            gpu_run_trap_double(&cp->plan, t, threads, 1.5, -0.75, (double *)image, 1);
    } else if (float_type) {
        gpu_run_op_float(&cp->plan, m, scope, threads, 1.5f, -0.75f, (float *)image, 1);
    } else {
        gpu_run_op_double(&cp->plan, m, scope, threads, 1.5, -0.75, (double *)image, 1);
    }
    char first[24] = "stopped";
    const uint64_t got = stopped ? 0 : result_hash(cp, image, first);
    const int same = !stopped && got == want && check_bits(cp, m, image) < 0;
    static const char *const where[2][3] = { { "GPU block scope", "GPU warp scope", "GPU tile scope" },
                                             { "emu block scope", "emu warp scope", "emu tile scope" } };
    if (!quiet)
        print_row(m == MAP_SERIAL ? "serial" : "warp per output",
                  where[on_emu][i < 8    ? 0
                                : i == 8 ? 1
                                         : 2],
                  threads, first, got, !same);
    free(image);
    return same;
}

int main(int argc, char **argv)
{
    const char *op_text = "bilinear", *dtype_text = "float", *shape_text = NULL, *on = NULL;
    const char *trap = "none";
    uint64_t seed = 11, n = 0; /* n == 0: --n not given */
    int quiet = 0;
    const cli_option options[] = {
        { "--op", CLI_CHOICE, &op_text, "which op (default bilinear)", 0, 0, OP_CHOICES },
        { "--dtype", CLI_CHOICE, &dtype_text, "element type (default float)", 0, 0, "float|double" },
        { "--shape", CLI_STRING, &shape_text, "M,N,K,L (default 5,3,45,37)", 0, 0, "M,N,K,L" },
        { "--n", CLI_U64, &n, "the square shape N,N,N,N instead (--shape N,N,N,N)", 1, OP_MAX_DIM, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 11)", 0, UINT64_MAX, NULL },
        { "--trap", CLI_CHOICE, &trap, "GPU or emulator only: run a kernel with a mistake (default none)", 0, 0,
          "none|partial-warp-joins|no-stage-barrier" },
        CLI_OPTION_ON_EMU(&on),
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Runs one op at 1, 7, 31, 32, 64, 96, 100 and 256 threads and in the warp and tile scopes,\n"
              "and shows that each mapping's result keeps the same bits, equal to its C emulation.",
              options, sizeof options / sizeof options[0]);
    op_shape shape = { 5, 3, 45, 37 };
    op_shape_from_options(shape_text, n, &shape);
    const int trapped = strcmp(trap, "none") != 0;
    if (trapped && (on == NULL || (strcmp(on, "gpu") != 0 && strcmp(on, "emu") != 0))) {
        cli_refuse("--trap runs a GPU kernel: add --on gpu or --on emu (mapping_trace --trap walks it on the CPU)");
    }
    const run_on where = cli_resolve_on(on);
    const op_dtype dtype = strcmp(dtype_text, "float") == 0 ? DTYPE_FLOAT : DTYPE_DOUBLE;
    check_problem cp;
    const char *why = NULL;
    if (check_problem_make(&cp, (op_kind)op_from_name(op_text), shape, dtype, 1.5, -0.75, 1, seed, &why) != 0) {
        cli_refuse("%s", why);
    }
    if (!quiet)
        print_header(&cp, dtype_text, where, trap);
    int same_as_emulation[2] = { 1, 1 };
    for (int m = trapped ? MAP_WARP_PER_OUTPUT : MAP_SERIAL; m <= MAP_WARP_PER_OUTPUT; m++) {
        char first[24];
        const uint64_t want = result_hash(&cp, cp.emulated[m], first);
        if (!quiet)
            print_row(m == MAP_SERIAL ? "serial" : "warp per output", "CPU emulation", 0, first, want, 0);
        for (int i = 0; (where & (RUN_GPU | RUN_EMU)) && i < (trapped ? 8 : 10); i++)
            same_as_emulation[m] &= run_gpu_config(&cp, (op_mapping)m, i, trap, where == RUN_EMU, quiet, want);
    }
    if (!quiet)
        printf("\n");
    int ok = verdict("both emulated orders within tolerance of the double reference",
                     check_error_ratio(&cp, cp.emulated[MAP_SERIAL]) <= 1.0 &&
                         check_error_ratio(&cp, cp.emulated[MAP_WARP_PER_OUTPUT]) <= 1.0);
    if (where & (RUN_GPU | RUN_EMU)) {
        if (!trapped)
            ok &= verdict("serial: the same bits at every thread count and scope, equal to the emulation",
                          same_as_emulation[MAP_SERIAL]);
        ok &= verdict("warp per output: the same bits at every thread count and scope, equal to the emulation",
                      same_as_emulation[MAP_WARP_PER_OUTPUT]);
    }
    check_problem_free(&cp);
    return exit_status(ok);
}
