/* emulated_block_tree_sum.cpp - the kernel block_tree_sum of
 * gpu/sum_shapes_kernels.cuh, its own source, run on the CPU by the emulator
 * (common/emulator/): one block, its threads one after another, each up to
 * its next __syncthreads(). Checked for many n (odd ones, partial last
 * strides) and block sizes against the plain sum, which integers give
 * exactly whatever the order. A barrier that not every thread reaches is
 * reported with its line, as the GPU would hang or go wrong there. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "sum_shapes_kernels.cuh"

#include "common.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

/* Guard elements around both buffers: the kernel must leave them alone. */
#define GUARD 8
static const long long guard_value = 0x5eed5eed5eedLL;

static bool guards_intact(const long long *buf, size_t len)
{
    for (size_t g = 0; g < GUARD; g++)
        if (buf[g] != guard_value || buf[GUARD + len + g] != guard_value)
            return false;
    return true;
}

/* One launch: n values in [-2^30, 2^30), `threads` threads. */
static bool check_one(size_t n, int threads, uint64_t seed, bool quiet)
{
    const size_t half = n / 2 + 1; /* the launcher's size of the second buffer */
    long long *a = (long long *)alloc_or_exit(n + 2 * GUARD, sizeof(long long), "a");
    long long *b = (long long *)alloc_or_exit(half + 2 * GUARD, sizeof(long long), "b");
    long long out = 0, expect = 0;
    splitmix64 g = { seed + n * 1031 + (uint64_t)threads };
    for (size_t i = 0; i < n + 2 * GUARD; i++)
        a[i] = guard_value;
    for (size_t i = 0; i < half + 2 * GUARD; i++)
        b[i] = guard_value;
    for (size_t i = 0; i < n; i++) {
        a[GUARD + i] = (long long)(splitmix64_next(&g) >> 34) - (1LL << 29);
        expect += a[GUARD + i];
    }
    const int status = emu_launch(block_tree_sum, dim3(1), dim3((unsigned)threads), a + GUARD, b + GUARD, (int)n, &out);
    const bool ok = status == 0 && out == expect && guards_intact(a, n) && guards_intact(b, half);
    if (!quiet || !ok)
        printf("n = %7zu, %4d threads: %20lld  (sum %20lld)%s\n", n, threads, out, expect,
               status != 0               ? "  the launch failed"
               : !guards_intact(a, n)    ? "  wrote outside a[0..n)"
               : !guards_intact(b, half) ? "  wrote outside b[0..n/2]"
               : ok                      ? ""
                                         : "  MISMATCH");
    free(a);
    free(b);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t seed = 1, n_max = 5000;
    int quiet = 0;
    const cli_option options[] = {
        { "--n", CLI_U64, &n_max, "the largest n checked (default 5000)", 1, 1 << 20, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv, "Runs the kernel block_tree_sum on the CPU emulator and checks its sums.", options,
              sizeof options / sizeof options[0]);
    if (!quiet)
        printf("block_tree_sum (gpu/sum_shapes_kernels.cuh) on the CPU emulator, one block:\n");
    const size_t sizes[] = { 1, 2, 3, 7, 31, 32, 33, 64, 65, 100, 1000, 1023, 1024, 1025, 2049, 5000 };
    const int threads[] = { 32, 64, 96, 1024 };
    bool ok = true;
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
        for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++)
            if (sizes[s] <= n_max && ok) /* the first failure is enough to read */
                ok = check_one(sizes[s], threads[t], seed, quiet);
    verdict("block_tree_sum: the exact sum for every n and block size, nothing written out of bounds", ok);
    return exit_status(ok);
}
