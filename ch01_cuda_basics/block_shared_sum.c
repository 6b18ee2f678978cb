/* block_shared_sum.c - section 1.3: one block's threads sum their values
 * through shared memory, with a barrier between the tree's levels; section
 * 1.9: the same sum finished in one launch by the last block to arrive.
 * The CPU runs the same tree (one loop per level) and a plain loop. */
#include "block_shared_sum.h"
#include "common.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// [listing cpu-block-tree]
/* The kernel's tree in C: at each level, "threads" t < stride add
 * s[t + stride] into s[t]. On the GPU a level is one step of all threads at
 * once, and a barrier separates it from the next; here a level is a loop. */
static long long cpu_block_tree(long long *s, int block, int adds_per_level[], int *levels)
{
    *levels = 0;
    for (int stride = block / 2; stride > 0; stride /= 2) {
        for (int t = 0; t < stride; t++)
            s[t] += s[t + stride];
        adds_per_level[(*levels)++] = stride;
    }
    return s[0];
}
// [end]

/* Plain loop sums of each block's slice, and the tree of each block. */
static int cpu_partials(const int *x, int n, int block, long long *partial, int quiet)
{
    const int blocks = (n + block - 1) / block;
    long long *s = alloc_or_exit((size_t)block, sizeof *s, "shared array");
    int adds[16], levels = 0, trees_agree = 1;
    for (int b = 0; b < blocks; b++) {
        partial[b] = 0;
        for (int t = 0; t < block; t++) {
            const int i = b * block + t;
            s[t] = i < n ? x[i] : 0;
            partial[b] += s[t];
        }
        const long long tree = cpu_block_tree(s, block, adds, &levels);
        trees_agree &= tree == partial[b];
        if (b == 0 && !quiet) {
            printf("the tree of block 0, in C:\n");
            for (int k = 0; k < levels; k++)
                printf("  level %d: threads t < %3d add s[t + %3d] into s[t]\n", k + 1, adds[k], adds[k]);
            printf("  %d levels, %d barriers; tree %lld, loop %lld\n", levels, levels + 1, tree, partial[0]);
        }
    }
    free(s);
    return trees_agree;
}

static void print_partials(const long long *partial, int blocks, int n, int block)
{
    printf("%5s %9s %12s\n", "block", "elements", "partial sum");
    for (int b = 0; b < blocks; b++) {
        if (b == 4 && blocks > 8) {
            printf("  ... (%d more blocks)\n", blocks - 8);
            b = blocks - 4;
        }
        const int elements = b == blocks - 1 ? n - b * block : block;
        printf("%5d %9d %12lld\n", b, elements, partial[b]);
    }
}

int main(int argc, char **argv)
{
    uint64_t n = 2000, block = 256, seed = 1;
    int quiet = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of integers (default 2000)", 1, UINT64_C(1) << 24, NULL },
        { "--block", CLI_U64, &block, "threads per block, a power of two (default 256)", 32, 1024, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        CLI_OPTION_ON(&on),
    };
    cli_parse(argc, argv, "Block sums in shared memory with __syncthreads(), checked against C loops.",
              options, sizeof options / sizeof options[0]);
    if ((block & (block - 1)) != 0) {
        fprintf(stderr, "error: --block expects a power of two, got %" PRIu64 "\n", block);
        return EXIT_BAD_INPUT;
    }
    const run_on where = cli_resolve_on(on);
    const int blocks = (int)((n + block - 1) / block);
    int *x = alloc_or_exit(n, sizeof *x, "x");
    long long *cpu = alloc_or_exit((size_t)blocks, sizeof *cpu, "partials");
    long long *gpu = alloc_or_exit((size_t)blocks, sizeof *gpu, "partials");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++)
        x[i] = (int)splitmix64_below(&g, 100);
    printf("sum of %" PRIu64 " integers in [0, 100), blocks of %" PRIu64 " threads: %d blocks\n",
           n, block, blocks);
    const int trees_agree = cpu_partials(x, (int)n, (int)block, cpu, quiet);
    long long total = 0;
    for (int b = 0; b < blocks; b++)
        total += cpu[b];
    if (!quiet)
        print_partials(cpu, blocks, (int)n, (int)block);
    printf("total: %lld\n", total);
    int ok = verdict("CPU: the tree of every block equals its loop sum", trees_agree);
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        gpu_block_partial_sums(x, (int)n, (int)block, gpu);
        ok &= verdict("GPU block partials equal the CPU's",
                      memcmp(gpu, cpu, (size_t)blocks * sizeof *cpu) == 0);
        const long long one_launch = gpu_sum_last_block(x, (int)n, (int)block);
        printf("GPU, one launch, the last block adds the partials: %lld\n", one_launch);
        ok &= verdict("one-launch total equals the CPU total", one_launch == total);
    }
    free(x);
    free(cpu);
    free(gpu);
    return exit_status(ok);
}
