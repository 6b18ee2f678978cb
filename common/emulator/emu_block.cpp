/* emu_block.cpp - the scheduler: runs a launch block after block, and in a
 * block runs the threads in the order 0, 1, 2, ... each until it waits.
 *
 * One round: every runnable thread runs (in index order) until it reaches a
 * barrier, a warp operation or its end. Then the scheduler releases what can
 * be released: first every warp group whose mask has fully arrived
 * (emu_warp.cpp), and only when there is none, the block barrier, which
 * needs every thread of the block at the same __syncthreads(). When nothing
 * can be released and some thread still waits, the GPU would hang (or, worse,
 * go on with undefined results): the emulator reports which barrier or warp
 * operation is stuck and how many threads reached it, and the launch fails. */
#include "emu_internal.h"
#include "emu_launch.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

namespace emu
{

block_run block = { NULL, 0, -1, false, 0 };

void report(const char *fmt, ...)
{
    fprintf(stderr, "error: block (%u,%u,%u): ", blockIdx.x, blockIdx.y, blockIdx.z);
    va_list ap;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    block.failed = true;
}

void block_barrier(const char *file, int line, int vote)
{
    thread_state *s = &block.threads[block.current];
    s->wait = AT_BARRIER;
    s->vote = vote;
    s->file = file;
    s->line = line;
    wait_in_scheduler();
}

/* __syncthreads_count: the barrier, and how many threads passed a non-zero
 * predicate. Every thread reads the count as soon as it runs again, before
 * any thread can reach the next barrier. */
int block_barrier_count(int predicate, const char *file, int line)
{
    block_barrier(file, line, predicate != 0);
    return block.votes;
}

/* Every thread waits at a barrier: release them if it is one and the same. */
static bool release_barrier(void)
{
    const thread_state *first = &block.threads[0];
    for (int t = 0; t < block.count; t++) {
        const thread_state *s = &block.threads[t];
        if (!same_place(s->file, s->line, first->file, first->line)) {
            report("threads wait at different __syncthreads(): thread 0 at %s:%d, thread %d at %s:%d", first->file,
                   first->line, t, s->file, s->line);
            return false;
        }
    }
    block.votes = 0;
    for (int t = 0; t < block.count; t++) {
        block.threads[t].wait = RUNNABLE;
        block.votes += block.threads[t].vote;
    }
    checks_barrier();
    return true;
}

/* Nothing can be released: say what waits forever. */
static void explain_stuck(int at_barrier, int exited)
{
    if (at_barrier == 0 || at_barrier + exited < block.count) {
        release_warp_groups(true); /* a warp operation waits for a lane that never comes */
        if (block.failed)
            return;
    }
    int t = 0;
    while (block.threads[t].wait != AT_BARRIER)
        t++;
    report("__syncthreads() at %s:%d reached by %d of %d threads (%d ended without it: every thread of "
           "a block must reach every barrier)",
           block.threads[t].file, block.threads[t].line, at_barrier, block.count, exited);
}

/* Runs one block to its end. */
static void run_block(void (*body)(void *), void *ctx)
{
    checks_block_start(block.count);
    threads_start(block.count, body, ctx);
    for (;;) {
        for (int t = 0; t < block.count && !block.failed; t++)
            if (block.threads[t].wait == RUNNABLE)
                resume(t);
        if (block.failed)
            return;
        int at_barrier = 0, exited = 0;
        for (int t = 0; t < block.count; t++) {
            at_barrier += block.threads[t].wait == AT_BARRIER;
            exited += block.threads[t].wait == EXITED;
        }
        if (exited == block.count) {
            checks_block_end();
            return;
        }
        if (release_warp_groups(false) > 0 || block.failed)
            continue;
        if (at_barrier == block.count && release_barrier())
            continue;
        if (!block.failed)
            explain_stuck(at_barrier, exited);
        return;
    }
}

static bool launch_fits(dim3 grid, dim3 threads)
{
    const unsigned long long n = (unsigned long long)threads.x * threads.y * threads.z;
    if (grid.x < 1 || grid.y < 1 || grid.z < 1 || n < 1 || n > 1024) {
        fprintf(stderr, "error: launch of grid (%u,%u,%u), block (%u,%u,%u): a block has 1 to 1024 threads\n", grid.x,
                grid.y, grid.z, threads.x, threads.y, threads.z);
        return false;
    }
    return true;
}

int run_grid(dim3 grid, dim3 threads, void (*body)(void *), void *ctx)
{
    if (!launch_fits(grid, threads))
        return 1;
    static thread_state states[1024];
    gridDim = grid;
    blockDim = threads;
    block.threads = states;
    block.count = (int)(threads.x * threads.y * threads.z);
    block.failed = false;
    for (unsigned z = 0; z < grid.z; z++)
        for (unsigned y = 0; y < grid.y; y++)
            for (unsigned x = 0; x < grid.x; x++) {
                blockIdx.x = x;
                blockIdx.y = y;
                blockIdx.z = z;
                run_block(body, ctx);
                if (block.failed)
                    return 1;
            }
    return 0;
}

} // namespace emu
