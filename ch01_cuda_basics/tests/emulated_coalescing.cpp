/* emulated_coalescing.cpp - section 1.10's kernels, run on the CPU emulator
 * (common/emulator/): copy_gather with the coalesced, strided and random
 * index, and copy_2d both ways, over a 2-D grid of 2-D blocks, launched with
 * the grids gpu/coalescing.cu computes. Every copy must leave
 * in[element] at out[t], element for element: the kernels' index
 * arithmetic is checked without a GPU.
 *
 * C++ because a kernel is CUDA C++: the emulator compiles device code with
 * g++ (common/emulator/README). */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "coalescing_kernels.cuh"

#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Runs one copy on the emulator; returns the number of wrong elements, or
 * -1 when the emulator stopped the kernel. */
static long long run_copy(const char *name, int two_d, gather_kind kind, int stride, int transposed, const float *in,
                          const unsigned *perm, float *out, long long n, int quiet)
{
    memset(out, 0, (size_t)n * sizeof *out);
    int status;
    if (!two_d) {
        const unsigned threads = 256, blocks = (unsigned)((n + threads - 1) / threads);
        status = emu_launch(copy_gather, dim3(blocks), dim3(threads), in, out, n, kind, stride, perm);
    } else {
        const int width = COPY_ROW_FLOATS, height = (int)(n / COPY_ROW_FLOATS);
        const int along_x = transposed ? height : width, along_y = transposed ? width : height;
        const dim3 block(COPY_BLOCK_X, COPY_BLOCK_Y);
        const dim3 grid((along_x + block.x - 1) / block.x, (along_y + block.y - 1) / block.y);
        status = emu_launch(copy_2d, grid, block, in, out, width, height, transposed);
    }
    if (status != 0)
        return -1;
    long long wrong = 0;
    for (long long t = 0; t < n; t++) {
        const long long source = two_d ? t : gather_element(kind, t, n, stride, perm);
        wrong += memcmp(&out[t], &in[source], sizeof *out) != 0;
    }
    if (!quiet)
        printf("%-16s %lld of %lld elements wrong\n", name, wrong, n);
    return wrong;
}

int main(int argc, char **argv)
{
    uint64_t n = 32768, seed = 1;
    int quiet = 0;
    const uint64_t unit = 32 * COPY_ROW_FLOATS;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "floats to copy, a multiple of 32768 (default 32768)", unit, UINT64_C(1) << 20, NULL },
        { "--seed", CLI_U64, &seed, "seed of the values and the permutation (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
    };
    cli_parse(argc, argv, "Runs section 1.10's copy kernels on the CPU emulator and checks every element.", options,
              sizeof options / sizeof options[0]);
    if (n % unit != 0)
        cli_refuse("--n must be a multiple of %llu, got %llu", (unsigned long long)unit, (unsigned long long)n);
    float *in = (float *)alloc_or_exit((size_t)n, sizeof(float), "in");
    float *out = (float *)alloc_or_exit((size_t)n, sizeof(float), "out");
    unsigned *perm = (unsigned *)alloc_or_exit((size_t)n, sizeof(unsigned), "perm");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++) {
        in[i] = (float)splitmix64_below(&g, 1u << 24);
        perm[i] = (unsigned)i;
    }
    splitmix64_shuffle_u32(&g, perm, (size_t)n);
    const long long N = (long long)n;
    long long bad = 0, r;
    const struct {
        const char *name;
        int two_d;
        gather_kind kind;
        int stride, transposed;
    } cases[] = {
        { "coalesced", 0, GATHER_COALESCED, 1, 0 },
        { "strided 2", 0, GATHER_STRIDED, 2, 0 },
        { "strided 8", 0, GATHER_STRIDED, 8, 0 },
        { "strided 32", 0, GATHER_STRIDED, 32, 0 },
        { "random", 0, GATHER_RANDOM, 1, 0 },
        { "rows 2-D", 1, GATHER_COALESCED, 1, 0 },
        { "rows 2-D, x=row", 1, GATHER_COALESCED, 1, 1 },
    };
    for (const auto &c : cases) {
        r = run_copy(c.name, c.two_d, c.kind, c.stride, c.transposed, in, perm, out, N, quiet);
        bad += r < 0 ? N : r;
    }
    free(in);
    free(out);
    free(perm);
    const bool ok = bad == 0;
    verdict("emulated kernels: every copy leaves in[element] at out[t]", ok);
    return exit_status(ok);
}
