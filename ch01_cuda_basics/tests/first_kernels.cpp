/* first_kernels.cpp - worked answers to chapter 1's exercises 12 to 14, the
 * kernels written from nothing: y = a x + y in a grid-stride loop, a count
 * of the values above a threshold (a warp's shuffle sum, one atomicAdd per
 * warp), and a dot product (a block tree in shared memory, one atomicAdd per
 * block). Each runs on the CPU emulator (common/emulator/), which runs the
 * kernel's own source thread by thread, and is checked against a plain C
 * loop. The kernels are CUDA C and compile unchanged with nvcc.
 *
 * C++ because a kernel is CUDA C++: the emulator compiles device code with
 * g++ (common/emulator/README). */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "common.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FULL_WARP 0xffffffffu
#define DOT_MAX_THREADS 1024

// [listing answer-scale-add]
/* y[i] = a * x[i] + y[i] for every i < n, whatever the size of the grid:
 * thread g takes elements g, g + stride, g + 2 stride, ... */
__global__ void scale_add(float a, const float *x, float *y, int n)
{
    const int stride = gridDim.x * blockDim.x;
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride)
        y[i] = a * x[i] + y[i];
}
// [end]

// [listing answer-count-above]
/* *count += the number of x[i] > threshold. No lane returns early: a lane
 * past the end counts 0, so all 32 lanes of every warp reach the shuffles
 * and the full mask is right (blockDim.x must be a multiple of 32). */
__global__ void count_above(const int *x, int n, int threshold, unsigned *count)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned c = (i < n && x[i] > threshold) ? 1u : 0u;
    for (int offset = 16; offset > 0; offset /= 2)
        c += __shfl_down_sync(FULL_WARP, c, offset);
    if (threadIdx.x % 32 == 0 && c != 0)
        atomicAdd(count, c); /* one atomic per warp, not one per element */
}
// [end]

// [listing answer-dot-product]
/* *result += the sum of x[i] * y[i]: each thread a grid-stride chain, the
 * block a tree in shared memory (blockDim.x a power of two), one atomicAdd
 * per block. Integers: the total is the same in every order. */
__global__ void dot_product(const int *x, const int *y, int n, unsigned long long *result)
{
    __shared__ unsigned long long s[DOT_MAX_THREADS];
    const int t = threadIdx.x;
    unsigned long long mine = 0;
    for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
        mine += (unsigned long long)x[i] * (unsigned long long)y[i];
    s[t] = mine;
    for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
        __syncthreads(); /* the level before has written what t reads */
        if (t < stride)
            s[t] += s[t + stride];
    }
    if (t == 0)
        atomicAdd(result, s[0]);
}
// [end]

int main(int argc, char **argv)
{
    uint64_t n = 1000, block = 128, grid = 4, seed = 1;
    int quiet = 0;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "elements (default 1000)", 1, 1u << 20, NULL },
        { "--block", CLI_U64, &block, "threads a block, a power of two from 32 (default 128)", 32, DOT_MAX_THREADS,
          NULL },
        { "--grid", CLI_U64, &grid, "blocks of the grid-stride kernels (default 4)", 1, 1024, NULL },
        { "--seed", CLI_U64, &seed, "random seed of the values (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(
        argc, argv,
        "Runs the answers to chapter 1's exercises 12-14 (scale_add, count_above, dot_product) on the CPU emulator.",
        options, sizeof options / sizeof options[0]);
    if (block & (block - 1))
        cli_refuse("--block expects a power of two, got %llu", (unsigned long long)block);
    const int count = (int)n, threshold = 900;
    float *x = (float *)alloc_or_exit(n, sizeof *x, "x");
    float *y = (float *)alloc_or_exit(n, sizeof *y, "y");
    float *expect_y = (float *)alloc_or_exit(n, sizeof *expect_y, "the CPU's y");
    int *u = (int *)alloc_or_exit(n, sizeof *u, "u");
    int *v = (int *)alloc_or_exit(n, sizeof *v, "v");
    splitmix64 g = { seed };
    const float a = 0.75f;
    unsigned expect_above = 0;
    unsigned long long expect_dot = 0;
    for (int i = 0; i < count; i++) {
        x[i] = (float)(splitmix64_next(&g) % 1000) / 8.0f;
        y[i] = (float)(splitmix64_next(&g) % 1000) / 16.0f;
        expect_y[i] = a * x[i] + y[i];
        u[i] = (int)(splitmix64_next(&g) % 1000);
        v[i] = (int)(splitmix64_next(&g) % 1000);
        expect_above += u[i] > threshold;
        expect_dot += (unsigned long long)u[i] * (unsigned long long)v[i];
    }
    const unsigned blocks_all = (unsigned)((n + block - 1) / block); /* one thread per element */
    /* The kernels get device buffers of the emulator, as cudaMalloc's on a
     * GPU, not the host arrays: it checks every access to them for bounds
     * (memcheck) and for races between the threads of a block (racecheck). */
    const size_t float_bytes = n * sizeof(float), int_bytes = n * sizeof(int);
    float *d_x = (float *)emu_device_alloc(float_bytes, "x"), *d_y = (float *)emu_device_alloc(float_bytes, "y");
    int *d_u = (int *)emu_device_alloc(int_bytes, "u"), *d_v = (int *)emu_device_alloc(int_bytes, "v");
    unsigned *d_above = (unsigned *)emu_device_alloc(sizeof *d_above, "count");
    unsigned long long *d_dot = (unsigned long long *)emu_device_alloc(sizeof *d_dot, "result");
    memcpy(d_x, x, float_bytes);
    memcpy(d_y, y, float_bytes);
    memcpy(d_u, u, int_bytes);
    memcpy(d_v, v, int_bytes);
    *d_above = 0;
    *d_dot = 0;
    fflush(stdout); /* the emulator's errors go to stderr: keep the two in order */

    int status = emu_launch(scale_add, dim3((unsigned)grid), dim3((unsigned)block), a, (const float *)d_x, d_y, count);
    memcpy(y, d_y, float_bytes);
    int same = 0;
    for (int i = 0; i < count; i++)
        same += y[i] == expect_y[i];
    if (!quiet)
        printf("scale_add, %llu blocks of %llu threads for %d elements: %d of %d equal the C loop's\n",
               (unsigned long long)grid, (unsigned long long)block, count, same, count);
    bool ok = verdict("emulated scale_add equals the C loop bit for bit", status == 0 && same == count);

    status = emu_launch(count_above, dim3(blocks_all), dim3((unsigned)block), (const int *)d_u, count, threshold,
                        d_above);
    const unsigned above = *d_above;
    if (!quiet)
        printf("count_above %d, %u blocks of %llu threads: %u values (C loop: %u)\n", threshold, blocks_all,
               (unsigned long long)block, above, expect_above);
    ok &= verdict("emulated count_above equals the C loop", status == 0 && above == expect_above);

    status = emu_launch(dot_product, dim3((unsigned)grid), dim3((unsigned)block), (const int *)d_u, (const int *)d_v,
                        count, d_dot);
    const unsigned long long dot = *d_dot;
    if (!quiet)
        printf("dot_product, %llu blocks of %llu threads: %llu (C loop: %llu)\n", (unsigned long long)grid,
               (unsigned long long)block, dot, expect_dot);
    ok &= verdict("emulated dot_product equals the C loop", status == 0 && dot == expect_dot);

    emu_device_free(d_x);
    emu_device_free(d_y);
    emu_device_free(d_u);
    emu_device_free(d_v);
    emu_device_free(d_above);
    emu_device_free(d_dot);
    free(x);
    free(y);
    free(expect_y);
    free(u);
    free(v);
    return exit_status(ok);
}
