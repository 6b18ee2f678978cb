/* block_shared_sum.c - section 1.3: one block's threads sum their values
 * through shared memory, with a barrier between the tree's levels; section
 * 1.9: the same sum finished in one launch by the last block to arrive.
 * The CPU runs the same tree (one loop per level) and a plain loop.
 * --no-fence replays on the CPU the last block's step of that launch with
 * and without __threadfence(), in one order the GPU may produce, on a small
 * model of when one block's writes become visible to the others (the trap:
 * the last block adds a partial that has not reached memory yet). */
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

/* --no-fence: a small model of when one block's writes become visible to the
 * other blocks. A write first waits in its block's queue of pending writes (a
 * store buffer); the block itself sees it at once, the others only once it
 * has reached memory. Before the counter, the kernel writes one value to
 * global memory, its partial, so a block's queue holds at most that one. */
typedef struct {
    long long *memory; /* partial[] as every block sees it; 0 until written */
    long long *queued; /* queued[b]: block b's partial, still on its way */
    unsigned char *is_queued;
} block_writes;

static block_writes block_writes_new(int blocks)
{
    block_writes w = {
        alloc_or_exit((size_t)blocks, sizeof *w.memory, "partials in memory"),
        alloc_or_exit((size_t)blocks, sizeof *w.queued, "queued partials"),
        alloc_or_exit((size_t)blocks, sizeof *w.is_queued, "queue flags"),
    };
    /* cudaMalloc does not clear memory: what a real GPU finds there is
     * whatever was left; the model takes 0. */
    memset(w.memory, 0, (size_t)blocks * sizeof *w.memory);
    memset(w.is_queued, 0, (size_t)blocks);
    return w;
}

static void block_writes_free(block_writes *w)
{
    free(w->memory);
    free(w->queued);
    free(w->is_queued);
}

static void store_partial(block_writes *w, int block, long long value)
{
    w->queued[block] = value;
    w->is_queued[block] = 1;
}

/* Block `block`'s queued write reaches memory: at its __threadfence(), or
 * whenever the memory system gets to it. */
static void drain_queue(block_writes *w, int block)
{
    if (w->is_queued[block])
        w->memory[block] = w->queued[block];
    w->is_queued[block] = 0;
}

/* What block `reader` finds in partial[block]: its own write at once, another
 * block's only from memory. */
static long long load_partial(const block_writes *w, int reader, int block)
{
    return block == reader && w->is_queued[block] ? w->queued[block] : w->memory[block];
}

/* The schedule replayed: a block's queued write reaches memory on its own by
 * the time the block DRAIN_LAG places after it reaches the counter. */
#define DRAIN_LAG 2

// [listing no-fence-replay]
/* Thread 0 of every block in sum_last_block, in one order the GPU may
 * produce: the blocks reach the counter in the order 0, 1, 2, ... Returns
 * the total the last block adds up; *last is that block. */
static long long replay_last_block(const long long *partial, int blocks, int fence, block_writes *w, int *last)
{
    unsigned blocks_done = 0; /* an atomic: every block sees it at once */
    for (int b = 0; b < blocks; b++) {
        store_partial(w, b, partial[b]); /* partial[blockIdx.x] = sum; */
        if (fence)
            drain_queue(w, b); /* __threadfence(): the partial is out before the counter moves */
        if (b >= DRAIN_LAG)
            drain_queue(w, b - DRAIN_LAG);           /* an older write gets there on its own */
        if (blocks_done++ != (unsigned)(blocks - 1)) /* atomicAdd(blocks_done, 1u) */
            continue;
        *last = b;           /* it saw gridDim.x - 1: it adds up what it can see */
        long long total = 0; /* loads in program order: the second fence has nothing to hold back */
        for (int i = 0; i < blocks; i++)
            total += load_partial(w, b, i); /* done[i] */
        return total;
    }
    return 0; /* not reached: the last block to arrive returns */
}
// [end]

/* --no-fence: the same order with the fences and without; what the last
 * block read, partial by partial, and whether it adds up to the CPU total. */
static int report_no_fence(const long long *partial, int blocks, long long total, int quiet)
{
    block_writes fenced = block_writes_new(blocks), unfenced = block_writes_new(blocks);
    int last = 0;
    const long long with_fence = replay_last_block(partial, blocks, 1, &fenced, &last);
    const long long without = replay_last_block(partial, blocks, 0, &unfenced, &last);
    if (!quiet) {
        char order[96];
        if (blocks == 1)
            snprintf(order, sizeof order, "block 0, the only one, reaches the counter (its thread 0)");
        else
            snprintf(order, sizeof order, "blocks 0%s %d reach the counter in that order (thread 0 of each)",
                     blocks == 2   ? " and"
                     : blocks == 3 ? ", 1 and"
                                   : ", 1, ...,",
                     blocks - 1);
        printf("the last block's step of sum_last_block, with and without __threadfence(), replayed\n"
               "on the CPU in one order the GPU may produce (a model, not a recording of a GPU):\n"
               "  %s;\n"
               "  a write of block b waits in b's own queue: block b sees it at once, the others\n"
               "  once it reaches memory, at b's fence, or without one by the time block b + %d\n"
               "  reaches the counter; atomicAdd on the counter is seen by all blocks at once;\n"
               "  partial[] holds 0 until a write reaches it\n",
               order, DRAIN_LAG);
        printf("%5s %9s  %s\n%5s %9s  %10s %10s\n", "", "partial", "the last block read", "block", "written",
               "with fence", "without");
    }
    int stale = 0, first_stale = -1;
    for (int b = 0; b < blocks; b++) {
        const long long seen = load_partial(&unfenced, last, b);
        if (seen != partial[b] && stale++ == 0)
            first_stale = b;
        if (quiet || (blocks > 8 && b >= 4 && b < blocks - 4)) {
            if (!quiet && b == 4)
                printf("  ... (%d more blocks)\n", blocks - 8);
            continue;
        }
        printf("%5d %9lld  %10lld %10lld%s\n", b, partial[b], load_partial(&fenced, last, b), seen,
               seen != partial[b] ? "  stale: still in its block's queue"
               : b == last        ? "  its own write"
                                  : "");
    }
    printf("block %d is the last: its atomicAdd returned %d = gridDim.x - 1\n", last, blocks - 1);
    printf("with __threadfence(): the last block adds %lld; the CPU total is %lld\n", with_fence, total);
    if (stale == 0)
        printf("without: no stale partial; the last block adds %lld; the CPU total is %lld\n", without, total);
    else
        printf("without: it reads %d stale partial%s, %sblock %d's (%lld instead of %lld), and adds %lld;"
               " the CPU total is %lld\n",
               stale, stale == 1 ? "" : "s", stale == 1 ? "" : "the first ", first_stale,
               load_partial(&unfenced, last, first_stale), partial[first_stale], without, total);
    block_writes_free(&fenced);
    block_writes_free(&unfenced);
    int ok = verdict("with __threadfence(), the last block adds every partial", with_fence == total);
    ok &= verdict("without __threadfence(), the last block adds every partial", without == total);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t n = 2000, block = 256, seed = 1;
    int quiet = 0, no_fence = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of integers (default 2000)", 1, UINT64_C(1) << 24, NULL },
        { "--block", CLI_U64, &block, "threads per block, a power of two (default 256)", 32, 1024, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--no-fence", CLI_FLAG, &no_fence, "CPU trap: replay the last block's step without __threadfence()", 0, 0,
          NULL },
        CLI_OPTION_ON_EMU(&on),
    };
    cli_parse(argc, argv, "Block sums in shared memory with __syncthreads(), checked against C loops.", options,
              sizeof options / sizeof options[0]);
    if ((block & (block - 1)) != 0)
        cli_refuse("--block expects a power of two, got %" PRIu64, block);
    if (no_fence && on != NULL && strcmp(on, "cpu") != 0)
        cli_refuse("--no-fence is a CPU replay (use --on cpu)");
    const run_on where = no_fence ? RUN_CPU : cli_resolve_on(on);
    const int blocks = (int)((n + block - 1) / block);
    int *x = alloc_or_exit(n, sizeof *x, "x");
    long long *cpu = alloc_or_exit((size_t)blocks, sizeof *cpu, "partials");
    long long *gpu = alloc_or_exit((size_t)blocks, sizeof *gpu, "partials");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++)
        x[i] = (int)splitmix64_below(&g, 100);
    printf("sum of %" PRIu64 " integers in [0, 100), blocks of %" PRIu64 " threads: %d blocks\n", n, block, blocks);
    const int trees_agree = cpu_partials(x, (int)n, (int)block, cpu, quiet || no_fence);
    long long total = 0;
    for (int b = 0; b < blocks; b++)
        total += cpu[b];
    if (no_fence) {
        const int ok = report_no_fence(cpu, blocks, total, quiet);
        free(x);
        free(cpu);
        free(gpu);
        return exit_status(ok && trees_agree);
    }
    if (!quiet)
        print_partials(cpu, blocks, (int)n, (int)block);
    printf("total: %lld\n", total);
    int ok = verdict("CPU: the tree of every block equals its loop sum", trees_agree);
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        gpu_block_partial_sums(x, (int)n, (int)block, gpu);
        ok &= verdict("GPU block partials equal the CPU's", memcmp(gpu, cpu, (size_t)blocks * sizeof *cpu) == 0);
        const long long one_launch = gpu_sum_last_block(x, (int)n, (int)block);
        printf("GPU, one launch, the last block adds the partials: %lld\n", one_launch);
        ok &= verdict("one-launch total equals the CPU total", one_launch == total);
    } else if (where == RUN_EMU) {
        printf("emulator: the kernels' own source on the CPU (common/emulator/)\n");
        fflush(stdout); /* an error it reports goes to stderr: keep the order */
        long long one_launch = 0;
        if (emu_block_partial_sums(x, (int)n, (int)block, gpu) != 0 ||
            emu_sum_last_block(x, (int)n, (int)block, &one_launch) != 0) {
            ok = verdict("the emulator ran the kernels without an error", 0);
        } else {
            ok &= verdict("emulated block partials equal the CPU's",
                          memcmp(gpu, cpu, (size_t)blocks * sizeof *cpu) == 0);
            printf("emulator, one launch, the last block adds the partials: %lld\n", one_launch);
            ok &= verdict("one-launch total equals the CPU total", one_launch == total);
        }
    }
    free(x);
    free(cpu);
    free(gpu);
    return exit_status(ok);
}
