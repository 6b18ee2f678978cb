/* emulated_contraction.cpp - the device code of gpu/product_stage.cuh,
 * gpu/warp_tree.cuh and gpu/mappings.cuh, its own source, run on the CPU by
 * the emulator (common/emulator/): every op, both mappings, block scope at
 * block sizes below, at and above a warp (with a trailing partial warp),
 * warp and tile scopes with 1 to 3 warps per block, and the symmetric
 * block-scope mappings (gpu/symmetric_mappings.cuh: one triangle, each
 * result stored twice) on the stages they apply to. The two kernels below
 * drive the mappings as gpu/ops_gpu.cu's do (a problem's image in shared
 * memory, a barrier after each stage).
 * "exact": integer operands, so every order of additions gives the double
 * reference exactly; a lane's partial or a tree level lost shows whatever
 * the order. "bits": random operands, the images must be the bits of the
 * chapter's C emulation (lib/emulate.c), the GPU's order.
 * --print PART prints, instead of the verdicts, what the kernels computed:
 * one line per op, shape, type and configuration of that part, with a 64-bit
 * FNV-1a hash of the bits of its whole images on the random operands of
 * --seed (serial, warps, tiles, in-thread, symmetric: every shape; bits:
 * every configuration, on the first shape only). Random operands, never
 * integers: on integer operands every order of additions gives the same
 * result, so a hash of those results could not tell the kernel's order from
 * another one. --n N runs the square shape N,N,N,N instead of the three
 * built-in shapes. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "mappings.cuh"
#include "symmetric_mappings.cuh"

extern "C" {
#include "check_problem.h"
#include "reference.h"
}
#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Shared memory of one block: enough for the shapes below (checked). */
#define EMU_SHARED_ELEMENTS 16384

template <typename T>
__global__ void block_scope_kernel(op_plan plan, op_mapping mapping, bool symmetric, T alpha, T beta, T *images)
{
    __shared__ T image[EMU_SHARED_ELEMENTS];
    T *mine = images + (size_t)blockIdx.x * plan.image_len;
    block_copy(image, mine, plan.image_len);
    __syncthreads();
    for (int st = 0; st < plan.n_stages; st++) {
        const product_stage<T> s = bind_stage(plan.stage[st], image, alpha, beta);
        if (symmetric && stage_is_symmetric(plan.stage[st])) {
            if (mapping == MAP_SERIAL)
                block_scope_serial_symmetric(s);
            else
                block_scope_warp_per_output_symmetric(s);
        } else if (mapping == MAP_SERIAL)
            block_scope_serial(s);
        else
            block_scope_warp_per_output(s);
        __syncthreads();
    }
    block_copy(mine, image, plan.image_len);
}

template <typename T>
__global__ void warp_scope_kernel(op_plan plan, op_mapping mapping, op_scope scope, T alpha, T beta, T *images,
                                  int count)
{
    __shared__ T shared_images[EMU_SHARED_ELEMENTS];
    const int warps = blockDim.x / 32, first = blockIdx.x * warps;
    const int here = warps < count - first ? warps : count - first;
    T *mine = images + (size_t)first * plan.image_len;
    block_copy(shared_images, mine, here * plan.image_len);
    __syncthreads();
    const cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (warp < here) {
        T *image = shared_images + warp * plan.image_len;
        for (int st = 0; st < plan.n_stages; st++) {
            const product_stage<T> s = bind_stage(plan.stage[st], image, alpha, beta);
            if (mapping == MAP_SERIAL)
                warp_scope_serial(s, lane);
            else if (scope == SCOPE_TILE)
                tile_scope_warp_per_output(tile, s);
            else
                warp_scope_warp_per_output(s, lane);
            __syncwarp();
        }
    }
    __syncthreads();
    block_copy(mine, shared_images, here * plan.image_len);
}

typedef struct {
    op_scope scope;
    op_mapping mapping;
    int threads;
    bool symmetric;
} config;

/* What a configuration exercises, for the verdicts. */
enum part { PART_SERIAL, PART_WARP_TREE, PART_TILE_TREE, PART_IN_THREAD, PART_SYMMETRIC, PART_COUNT };
static part part_of(config c)
{
    if (c.symmetric)
        return PART_SYMMETRIC;
    if (c.mapping == MAP_SERIAL)
        return PART_SERIAL;
    if (c.scope == SCOPE_TILE)
        return PART_TILE_TREE;
    return c.scope == SCOPE_BLOCK && c.threads < 32 ? PART_IN_THREAD : PART_WARP_TREE;
}

template <typename T>
static int run(const op_plan *plan, config c, double alpha, double beta, T *images, int count)
{
    const int per_block = c.scope == SCOPE_BLOCK ? 1 : c.threads / 32;
    if ((long)plan->image_len * per_block > EMU_SHARED_ELEMENTS) {
        fprintf(stderr, "error: %s: the image does not fit the emulation's shared memory\n", op_name(plan->op));
        exit(EXIT_BAD_INPUT);
    }
    const unsigned blocks = (unsigned)((count + per_block - 1) / per_block);
    /* The kernel gets a device buffer of the emulator, as a cudaMalloc'ed
     * one on a GPU, not the host array: it checks every access to it for
     * bounds (memcheck) and for races between the threads of a block. */
    const size_t bytes = (size_t)count * (size_t)plan->image_len * sizeof(T);
    T *d_images = (T *)emu_device_alloc(bytes, "images");
    memcpy(d_images, images, bytes);
    const int status = c.scope == SCOPE_BLOCK
                           ? emu_launch(block_scope_kernel<T>, dim3(blocks), dim3((unsigned)c.threads), *plan,
                                        c.mapping, c.symmetric, (T)alpha, (T)beta, d_images)
                           : emu_launch(warp_scope_kernel<T>, dim3(blocks), dim3((unsigned)c.threads), *plan, c.mapping,
                                        c.scope, (T)alpha, (T)beta, d_images, count);
    memcpy(images, d_images, bytes);
    emu_device_free(d_images);
    return status;
}

/* FNV-1a over the bytes of n elements: --print shows what a configuration computed. */
template <typename T>
static uint64_t hash_of(uint64_t h, const T *x, size_t n)
{
    const unsigned char *b = (const unsigned char *)x;
    for (size_t i = 0; i < n * sizeof(T); i++)
        h = (h ^ b[i]) * 0x100000001b3ULL;
    return h;
}
static const uint64_t HASH_START = 0xcbf29ce484222325ULL;

/* Integer operands in [-3, 3]: the kernel's results equal the reference. */
template <typename T>
static bool exact_case(const op_plan *plan, config c, int count, uint64_t seed, uint64_t *hash)
{
    const size_t len = (size_t)count * (size_t)plan->image_len;
    T *images = (T *)alloc_or_exit(len, sizeof(T), "images");
    double *image = (double *)alloc_or_exit((size_t)plan->image_len, sizeof(double), "image");
    double *result = (double *)alloc_or_exit((size_t)op_outputs(plan), sizeof(double), "result");
    splitmix64 g = { seed };
    for (size_t e = 0; e < len; e++)
        images[e] = (T)((int)(splitmix64_next(&g) % 7) - 3);
    T *input = (T *)alloc_or_exit(len, sizeof(T), "input");
    for (size_t e = 0; e < len; e++)
        input[e] = images[e];
    bool ok = run<T>(plan, c, 2.0, 0.5, images, count) == 0;
    for (int p = 0; p < count && ok; p++) {
        for (int e = 0; e < plan->image_len; e++)
            image[e] = (double)input[(size_t)p * plan->image_len + e];
        reference_op(plan, 2.0, 0.5, image, 0, result);
        for (int o = 0; o < op_outputs(plan); o++)
            ok &= (double)images[(size_t)p * plan->image_len + plan->result.begin + o] == result[o];
    }
    *hash = HASH_START;
    for (int p = 0; p < count; p++)
        *hash = hash_of(*hash, images + (size_t)p * plan->image_len + plan->result.begin, (size_t)op_outputs(plan));
    free(images);
    free(image);
    free(result);
    free(input);
    return ok;
}

/* Random operands: the images equal lib/emulate.c's bit for bit. */
template <typename T>
static bool bits_case(const check_problem *cp, config c, uint64_t *hash)
{
    T *images = (T *)check_problem_input_copy(cp);
    if (!images) {
        fprintf(stderr, "error: out of memory\n");
        exit(EXIT_BAD_INPUT);
    }
    const bool ok = run<T>(&cp->plan, c, cp->alpha, cp->beta, images, cp->count) == 0 &&
                    check_bits(cp, c.mapping, images) < 0;
    *hash = hash_of(HASH_START, images, cp->len);
    free(images);
    return ok;
}

static const char *const part_names[PART_COUNT] = {
    "serial (stage_partial)",
    "warp per output, warps (warp_tree_sum)",
    "warp per output, tiles (tile_tree_sum)",
    "warp per output, blocks under 32 threads (tree32_in_thread)",
    "symmetric stages, one triangle stored twice (serial and warp per output, block scope)",
};

/* True when some stage of the plan has a symmetric result (syrk's). */
static bool has_symmetric_stage(const op_plan *plan)
{
    for (int st = 0; st < plan->n_stages; st++)
        if (stage_is_symmetric(plan->stage[st]))
            return true;
    return false;
}

static int make_configs(config *c, bool symmetric_too)
{
    static const int block_threads[] = { 1, 7, 31, 32, 64, 100 };
    static const int warp_threads[] = { 32, 96 };
    int n = 0;
    for (int m = MAP_SERIAL; m <= MAP_WARP_PER_OUTPUT; m++) {
        for (int i = 0; i < 6; i++)
            c[n++] = config{ SCOPE_BLOCK, (op_mapping)m, block_threads[i], false };
        for (int s = SCOPE_WARP; s <= SCOPE_TILE; s++)
            for (int i = 0; i < 2; i++)
                c[n++] = config{ (op_scope)s, (op_mapping)m, warp_threads[i], false };
        for (int i = 0; i < 6 && symmetric_too; i++)
            c[n++] = config{ SCOPE_BLOCK, (op_mapping)m, block_threads[i], true };
    }
    return n;
}

/* Configurations run per part: a part that never ran has checked nothing. */
static int part_runs[PART_COUNT];

/* --print: the part whose results are printed (PART_COUNT: bits), or -1. */
static int print_part = -1;
static const char *const print_words = "serial|warps|tiles|in-thread|symmetric|bits";

/* One op, shape and type through every configuration. */
static void check_row(op_kind op, op_shape shape, op_dtype dt, uint64_t seed, bool quiet, bool exact[PART_COUNT],
                      bool bits[PART_COUNT])
{
    check_problem cp;
    const char *why = NULL;
    if (check_problem_make(&cp, op, shape, dt, 1.5, 0.25, 3, seed, &why) != 0) {
        fprintf(stderr, "error: %s: %s\n", op_name(op), why);
        exit(EXIT_BAD_INPUT);
    }
    config configs[40];
    const int n = make_configs(configs, has_symmetric_stage(&cp.plan));
    int passed = 0;
    for (int i = 0; i < n && print_part >= 0; i++) {
        const config c = configs[i];
        if (print_part != PART_COUNT && part_of(c) != print_part)
            continue;
        uint64_t h = 0;
        const bool ok = dt == DTYPE_FLOAT ? bits_case<float>(&cp, c, &h) : bits_case<double>(&cp, c, &h);
        exact[0] &= ok;
        char text[64];
        op_shape_text(op, shape, text, sizeof text);
        printf("%s %s %s, %s scope, %s%s, %d threads: %016llx\n", op_name(op), text,
               dt == DTYPE_FLOAT ? "float" : "double",
               c.scope == SCOPE_BLOCK  ? "block"
               : c.scope == SCOPE_WARP ? "warp"
                                       : "tile",
               c.mapping == MAP_SERIAL ? "serial" : "warp per output", c.symmetric ? " (symmetric)" : "", c.threads,
               (unsigned long long)h);
    }
    for (int i = 0; i < n && print_part < 0; i++) {
        const config c = configs[i];
        if (!exact[part_of(c)] || !bits[part_of(c)])
            continue; /* this part failed already: its first failure is enough to read */
        uint64_t h;
        const bool e = dt == DTYPE_FLOAT ? exact_case<float>(&cp.plan, c, 3, seed, &h)
                                         : exact_case<double>(&cp.plan, c, 3, seed, &h);
        const bool b = dt == DTYPE_FLOAT ? bits_case<float>(&cp, c, &h) : bits_case<double>(&cp, c, &h);
        part_runs[part_of(c)]++;
        exact[part_of(c)] &= e;
        bits[part_of(c)] &= b;
        passed += e && b;
        if (!e || !b)
            printf("  MISMATCH %s %s, %s scope, %s%s, %d threads: %s\n", op_name(op),
                   dt == DTYPE_FLOAT ? "float" : "double",
                   c.scope == SCOPE_BLOCK  ? "block"
                   : c.scope == SCOPE_WARP ? "warp"
                                           : "tile",
                   c.mapping == MAP_SERIAL ? "serial" : "warp per output", c.symmetric ? " (symmetric)" : "", c.threads,
                   !e ? "not the exact result on integer operands" : "not the bits of lib/emulate.c");
    }
    if (!quiet && print_part < 0) {
        char text[64];
        op_shape_text(op, shape, text, sizeof text);
        printf("%-20s %-20s %-7s %d of %d configurations\n", op_name(op), text, dt == DTYPE_FLOAT ? "float" : "double",
               passed, n);
    }
    check_problem_free(&cp);
}

/* The largest N for which every op's image of the shape N,N,N,N fits the
 * shared memory of run(): three images, one per warp, at 96 threads. */
static int largest_square_shape(void)
{
    int n = 1;
    for (;; n++)
        for (int op = 0; op < OP_COUNT; op++) {
            const op_shape shape = { n + 1, n + 1, n + 1, n + 1 };
            op_plan plan;
            const char *why = NULL;
            if (op_plan_make((op_kind)op, shape, &plan, &why) != 0 || 3L * plan.image_len > EMU_SHARED_ELEMENTS)
                return n;
        }
}

int main(int argc, char **argv)
{
    uint64_t seed = 1, n = 0; /* n == 0: --n not given */
    int quiet = 0;
    const char *print = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "the square shape N,N,N,N instead of the three built-in shapes", 1,
          (uint64_t)largest_square_shape(), NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--print", CLI_CHOICE, &print,
          "print only what one part's configurations computed on random operands (a hash of the bits)", 0, 0,
          print_words },
    };
    cli_parse(argc, argv, "Runs the contraction kernels' device code on the CPU emulator, every op and mapping.",
              options, sizeof options / sizeof options[0]);
    if (print) {
        static const char *const words[PART_COUNT + 1] = {
            "serial", "warps", "tiles", "in-thread", "symmetric", "bits"
        };
        for (int p = 0; p <= PART_COUNT; p++)
            if (strcmp(print, words[p]) == 0)
                print_part = p;
    }
    static const op_shape built_in[] = { { 7, 5, 45, 3 }, { 2, 3, 64, 33 }, { 1, 1, 1, 1 } };
    const op_shape square = { (int)n, (int)n, (int)n, (int)n };
    const op_shape *shapes = n ? &square : built_in;
    const int n_shapes = n ? 1 : 3;
    bool exact[PART_COUNT], bits[PART_COUNT];
    for (int p = 0; p < PART_COUNT; p++)
        exact[p] = bits[p] = true;
    if (print_part >= 0) { /* the values only; the status says whether they hold */
        for (int op = 0; op < OP_COUNT; op++)
            for (int s = 0; s < (print_part == PART_COUNT ? 1 : n_shapes); s++)
                for (int dt = DTYPE_FLOAT; dt <= DTYPE_DOUBLE; dt++)
                    check_row((op_kind)op, shapes[s], (op_dtype)dt, seed, true, exact, bits);
        return exit_status(exact[0]);
    }
    if (!quiet)
        printf("%-20s %-20s %-7s on the CPU emulator, exact and bit for bit\n", "op", "shape", "type");
    for (int op = 0; op < OP_COUNT; op++)
        for (int s = 0; s < n_shapes; s++)
            for (int dt = DTYPE_FLOAT; dt <= DTYPE_DOUBLE; dt++)
                check_row((op_kind)op, shapes[s], (op_dtype)dt, seed, quiet, exact, bits);
    int ok = 1;
    char what[160];
    for (int p = 0; p < PART_COUNT; p++) {
        snprintf(what, sizeof what, "%s: exact on integer operands", part_names[p]);
        ok &= verdict(what, exact[p] && part_runs[p] > 0);
    }
    bool all_exact = true, all_bits = true;
    for (int p = 0; p < PART_COUNT; p++) {
        all_exact &= exact[p];
        all_bits &= bits[p];
    }
    ok &= verdict("every configuration: the bits of lib/emulate.c on random operands", all_exact && all_bits);
    return exit_status(ok);
}
