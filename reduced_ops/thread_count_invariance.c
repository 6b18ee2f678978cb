/* thread_count_invariance.c - one fused op, one set of operands, run at
 * every block size and scope: the bits of the result never move with the
 * thread count, and each mapping's bits are exactly its C emulation's. */
#include "check_problem.h"
#include "common.h"
#include "op_image.h"
#include "ops_gpu.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define OP_CHOICES "gemm|gemv|syrk|tensor_vec_contract|vec_tensor_vec|congruence_sym|bilinear"

static size_t element_size(const check_problem *cp) { return cp->dtype == DTYPE_FLOAT ? 4 : 8; }

/* FNV-1a 64 over the bytes of the result, and its first element in hex. */
static uint64_t result_hash(const check_problem *cp, const void *image, char first[24])
{
    const size_t size = element_size(cp);
    check_element_hex(cp, image, cp->plan.result.begin, first, 24);
    return fnv1a64((const char *)image + (size_t)cp->plan.result.begin * size,
                   (size_t)cp->plan.result.len * size);
}

static void print_row(const char *mapping, const char *where, int threads, const char *first, uint64_t hash)
{
    char t[16] = "-";
    if (threads > 0)
        snprintf(t, sizeof t, "%d", threads);
    printf("%-16s %-18s %7s  %-18s  0x%016" PRIx64 "\n", mapping, where, t, first, hash);
}

int main(int argc, char **argv)
{
    const char *op_text = "bilinear", *dtype_text = "float", *shape_text = "5,3,45,37", *on = NULL;
    uint64_t seed = 11;
    int quiet = 0;
    const cli_option options[] = {
        { "--op", CLI_CHOICE, &op_text, "which op (default bilinear)", 0, 0, OP_CHOICES },
        { "--dtype", CLI_CHOICE, &dtype_text, "element type (default float)", 0, 0, "float|double" },
        { "--shape", CLI_STRING, &shape_text, "M,N,K,L (default 5,3,45,37)", 0, 0, "M,N,K,L" },
        { "--seed", CLI_U64, &seed, "random seed (default 11)", 0, UINT64_MAX, NULL },
        CLI_OPTION_ON(&on),
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Runs one op at 1, 7, 31, 32, 64, 96, 100 and 256 threads and in the warp and tile scopes,\n"
              "and shows that each mapping's result keeps the same bits, equal to its C emulation.",
              options, sizeof options / sizeof options[0]);
    op_shape shape;
    op_shape_parse_or_exit(shape_text, &shape);
    const run_on where = cli_resolve_on(on);
    const op_dtype dtype = strcmp(dtype_text, "float") == 0 ? DTYPE_FLOAT : DTYPE_DOUBLE;
    check_problem cp;
    const char *why = NULL;
    if (check_problem_make(&cp, (op_kind)op_from_name(op_text), shape, dtype, 1.5, -0.75, 1, seed, &why) != 0) {
        fprintf(stderr, "error: %s\n", why);
        return EXIT_BAD_INPUT;
    }
    if (!quiet) {
        char text[64];
        op_shape_text(cp.plan.op, shape, text, sizeof text);
        printf("%s: %s, %s, %s, alpha = 1.5, beta = -0.75\n", op_name(cp.plan.op), op_formula(cp.plan.op), text,
               dtype_text);
        for (int s = 0; s < cp.plan.n_stages; s++)
            printf("stage %d: %d outputs, contraction length %d\n", s + 1,
                   cp.plan.stage[s].rows * cp.plan.stage[s].cols, cp.plan.stage[s].len);
        if (where & RUN_GPU) {
            char device[256];
            gpu_device_describe(device, sizeof device);
            printf("GPU: %s\n", device);
        }
        printf("\n%-16s %-18s %7s  %-18s  %s\n", "mapping", "where", "threads", "first result", "FNV-1a 64 of the result");
    }
    static const int block_threads[] = { 1, 7, 31, 32, 64, 96, 100, 256 };
    int same_as_emulation[2] = { 1, 1 };
    for (int m = MAP_SERIAL; m <= MAP_WARP_PER_OUTPUT; m++) {
        const char *mapping = m == MAP_SERIAL ? "serial" : "warp per output";
        char first[24];
        const uint64_t want = result_hash(&cp, cp.emulated[m], first);
        if (!quiet)
            print_row(mapping, "CPU emulation", 0, first, want);
        if (!(where & RUN_GPU))
            continue;
        for (int i = 0; i < 10; i++) { /* 8 block sizes, then the warp and tile scopes */
            const op_scope scope = i < 8 ? SCOPE_BLOCK : i == 8 ? SCOPE_WARP : SCOPE_TILE;
            const int threads = i < 8 ? block_threads[i] : 32;
            void *image = check_problem_input_copy(&cp);
            if (image == NULL) {
                fprintf(stderr, "error: out of memory\n");
                return EXIT_BAD_INPUT;
            }
            if (dtype == DTYPE_FLOAT)
                gpu_run_op_float(&cp.plan, (op_mapping)m, scope, threads, 1.5f, -0.75f, (float *)image, 1);
            else
                gpu_run_op_double(&cp.plan, (op_mapping)m, scope, threads, 1.5, -0.75, (double *)image, 1);
            const uint64_t got = result_hash(&cp, image, first);
            same_as_emulation[m] &= got == want && check_bits(&cp, (op_mapping)m, image) < 0;
            if (!quiet)
                print_row(mapping, i < 8 ? "GPU block scope" : i == 8 ? "GPU warp scope" : "GPU tile scope",
                          threads, first, got);
            free(image);
        }
    }
    if (!quiet)
        printf("\n");
    int ok = verdict("both emulated orders within tolerance of the double reference",
                     check_error_ratio(&cp, cp.emulated[MAP_SERIAL]) <= 1.0 &&
                         check_error_ratio(&cp, cp.emulated[MAP_WARP_PER_OUTPUT]) <= 1.0);
    if (where & RUN_GPU) {
        ok &= verdict("serial: the same bits at every thread count and scope, equal to the emulation",
                      same_as_emulation[MAP_SERIAL]);
        ok &= verdict("warp per output: the same bits at every thread count and scope, equal to the emulation",
                      same_as_emulation[MAP_WARP_PER_OUTPUT]);
    }
    check_problem_free(&cp);
    return exit_status(ok);
}
