/* barrier_in_if.cpp - section 1.3's trap, run on the CPU: the block tree
 * of block_shared_sum.cu with its __syncthreads() moved inside the
 * `if (t < stride)`. On a GPU that is undefined behaviour -- the block may
 * hang, or go on with values not yet written -- so no run there shows one
 * reliable failure. The CPU emulator (common/emulator/) runs every thread
 * of the block up to its next barrier and stops, naming the line, when a
 * barrier is reached by some of the threads only.
 *
 * C++ because a kernel is CUDA C++: the emulator compiles device code with
 * g++ (common/README.md, its emulator section). --fixed runs the tree with the barrier
 * where block_shared_sum.cu has it, and passes. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "common.h"

#include <stdio.h>
#include <stdlib.h>

#define MAX_THREADS 1024

// [listing barrier-in-if]
/* WRONG: the barrier is inside the if, so at the first level only the
 * threads t < stride reach it; the others skip it and wait at the next. */
__device__ long long tree_sum_barrier_in_if(long long *s)
{
    const int t = threadIdx.x;
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        if (t < stride) {
            __syncthreads();
            s[t] += s[t + stride];
        }
    }
    __syncthreads();
    return s[0];
}
// [end]

/* Right: every thread reaches every barrier (block_shared_sum.cu). */
__device__ long long tree_sum_barrier_outside(long long *s)
{
    const int t = threadIdx.x;
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        __syncthreads();
        if (t < stride)
            s[t] += s[t + stride];
    }
    __syncthreads();
    return s[0];
}

__global__ void block_sum(const int *x, int n, int fixed, long long *out)
{
    __shared__ long long s[MAX_THREADS];
    const int t = threadIdx.x;
    s[t] = t < n ? x[t] : 0;
    const long long sum = fixed ? tree_sum_barrier_outside(s) : tree_sum_barrier_in_if(s);
    if (t == 0)
        *out = sum;
}

int main(int argc, char **argv)
{
    uint64_t n = 256, block = 256, seed = 1;
    int fixed = 0, quiet = 0;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "values to sum, at most the block size (default 256)", 1, MAX_THREADS, NULL },
        { "--block", CLI_U64, &block, "threads of the block, a power of two (default 256)", 2, MAX_THREADS, NULL },
        { "--seed", CLI_U64, &seed, "random seed of the values (default 1)", 0, UINT64_MAX, NULL },
        { "--fixed", CLI_FLAG, &fixed, "the barrier outside the if, as in block_shared_sum.cu", 0, 0, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Runs a block tree sum whose __syncthreads() sits inside an if on the CPU emulator (section 1.3).",
              options, sizeof options / sizeof options[0]);
    if (block & (block - 1))
        cli_refuse("--block expects a power of two, got %llu", (unsigned long long)block);
    if (n > block)
        cli_refuse("--n %llu is more than the block's %llu threads", (unsigned long long)n, (unsigned long long)block);
    int *x = (int *)alloc_or_exit((size_t)n, sizeof *x, "the values");
    splitmix64 g = { seed };
    long long expect = 0, got = 0;
    for (uint64_t i = 0; i < n; i++) {
        x[i] = (int)(splitmix64_next(&g) % 1000);
        expect += x[i];
    }
    if (!quiet)
        printf("one block of %llu threads sums %llu values, the barrier %s the if:\n", (unsigned long long)block,
               (unsigned long long)n, fixed ? "outside" : "inside");
    fflush(stdout); /* the emulator's error goes to stderr: keep the two in order */
    const int status = emu_launch(block_sum, dim3(1), dim3((unsigned)block), (const int *)x, (int)n, fixed, &got);
    if (!quiet && status == 0)
        printf("block sum %lld, plain loop %lld\n", got, expect);
    free(x);
    const bool ok = status == 0 && got == expect;
    verdict("every thread reaches every barrier, and the block sum is right", ok);
    return exit_status(ok);
}
