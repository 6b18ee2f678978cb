/* emulator_switch_rate.cpp - how fast the CPU emulator (common/emulator/)
 * switches between the threads it runs: a kernel that does nothing but meet
 * at barriers and shuffles, so nearly all its time is switching. Every
 * thread stops at each barrier and each warp operation, and the scheduler
 * resumes it: two switches (thread to scheduler, scheduler to thread).
 * The sums the kernel leaves are checked, so a fast but wrong emulator
 * fails here too; the rate itself is reported, never judged. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "common.h"
#include "warp.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* The CPU time of this process: on a machine shared with other work, the
 * wall clock also counts the time the others ran. */
static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Each round: a value goes to the next thread of the block through shared
 * memory (two barriers) and round the warp by a shuffle. */
__global__ void ring_rounds(const uint32_t *in, uint32_t *out, int rounds)
{
    __shared__ uint32_t cell[1024];
    const unsigned t = threadIdx.x, n = blockDim.x;
    uint32_t v = in[blockIdx.x * n + t];
    for (int r = 0; r < rounds; r++) {
        cell[t] = v;
        __syncthreads();
        v = cell[(t + 1) % n] + (uint32_t)r;
        __syncthreads();
        v ^= __shfl_xor_sync(FULL_WARP, v, 1);
    }
    out[blockIdx.x * n + t] = v;
}

/* The same rounds, one block at a time, as plain loops. */
static void ring_rounds_cpu(const uint32_t *in, uint32_t *out, unsigned n, int rounds)
{
    uint32_t *next = (uint32_t *)malloc(n * sizeof *next);
    for (unsigned t = 0; t < n; t++)
        out[t] = in[t];
    for (int r = 0; r < rounds; r++) {
        for (unsigned t = 0; t < n; t++)
            next[t] = out[(t + 1) % n] + (uint32_t)r;
        for (unsigned t = 0; t < n; t++)
            out[t] = next[t] ^ next[t ^ 1u];
    }
    free(next);
}

int main(int argc, char **argv)
{
    uint64_t threads = 256, rounds = 2000, seed = 1;
    int quiet = 0;
    const cli_option options[] = {
        { "--n", CLI_U64, &threads, "threads per block, a multiple of 64 (default 256; 4 blocks)", 64, 1024, NULL },
        { "--rounds", CLI_U64, &rounds, "rounds of two barriers and a shuffle (default 2000)", 1, 1000000, NULL },
        { "--seed", CLI_U64, &seed, "seed of the values passed round (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdict", 0, 0, NULL },
    };
    cli_parse(argc, argv, "Measures the thread switches per second of the CPU emulator of CUDA kernels.", options,
              sizeof options / sizeof options[0]);
    if (threads % 64 != 0)
        cli_refuse("--n expects a multiple of 64 (whole warps, pairs of lanes), got %llu", (unsigned long long)threads);
    const unsigned n = (unsigned)threads, blocks = 4;
    uint32_t *in = (uint32_t *)malloc(blocks * n * sizeof *in), *out = (uint32_t *)malloc(blocks * n * sizeof *out);
    uint32_t *expect = (uint32_t *)malloc(blocks * n * sizeof *expect);
    splitmix64 g = { seed };
    for (unsigned i = 0; i < blocks * n; i++)
        in[i] = (uint32_t)(splitmix64_next(&g) >> 32);

    const uint64_t before = emu::thread_switches();
    const double start = host_seconds(), cpu_start = cpu_seconds();
    const int status = emu_launch(ring_rounds, dim3(blocks), dim3(n), (const uint32_t *)in, out, (int)rounds);
    const double seconds = host_seconds() - start, cpu = cpu_seconds() - cpu_start;
    const uint64_t switches = emu::thread_switches() - before;

    for (unsigned b = 0; b < blocks; b++)
        ring_rounds_cpu(in + b * n, expect + b * n, n, (int)rounds);
    int same = status == 0;
    for (unsigned i = 0; same && i < blocks * n; i++)
        same = out[i] == expect[i];
    if (!quiet) {
        printf("%u blocks of %u threads, %llu rounds of two __syncthreads() and a __shfl_xor_sync()\n", blocks, n,
               (unsigned long long)rounds);
        printf("thread switches: %llu in %.3f s of CPU time (%.3f s wall): %.1f million per CPU second\n",
               (unsigned long long)switches, cpu, seconds, (double)switches / cpu / 1e6);
    }
    const int ok = verdict("every thread's value after the rounds is the plain loops' value", same);
    free(in);
    free(out);
    free(expect);
    return exit_status(ok);
}
