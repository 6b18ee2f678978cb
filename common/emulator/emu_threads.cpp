/* emu_threads.cpp - every emulated GPU thread is a coroutine: its own small
 * stack and saved registers (glibc's ucontext: makecontext, swapcontext).
 * Only one runs at a time, on the one OS thread; it runs until it reaches a
 * barrier or a warp operation, then hands control back to the scheduler
 * (emu_block.cpp), which decides who runs next. No OS threads means no real
 * concurrency: the order is fixed, so every run is the same. */
#include "emu_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

uint3 threadIdx, blockIdx;
dim3 blockDim, gridDim;

namespace emu {

/* 64 KiB is plenty for a kernel's locals; below each stack one page is made
 * inaccessible, so a thread that overflows its stack crashes at once
 * instead of overwriting its neighbour's. */
static const size_t stack_bytes = 64 * 1024;
static char *stacks;      /* one region for all, reused by every block */
static int stacks_for;    /* how many threads it holds */
static size_t page;

static void (*thread_body)(void *);
static void *thread_ctx;

static void reserve_stacks(int count)
{
    if (count <= stacks_for)
        return;
    page = (size_t)sysconf(_SC_PAGESIZE);
    if (stacks)
        munmap(stacks, (size_t)stacks_for * (stack_bytes + page));
    const size_t size = (size_t)count * (stack_bytes + page);
    stacks = (char *)mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (stacks == MAP_FAILED) {
        fprintf(stderr, "error: emulator: no memory for %d thread stacks\n", count);
        exit(1);
    }
    for (int t = 0; t < count; t++)
        mprotect(stacks + (size_t)t * (stack_bytes + page), page, PROT_NONE);
    stacks_for = count;
}

/* makecontext passes int arguments only: the thread's index. */
static void thread_main(int t)
{
    thread_body(thread_ctx);
    block.threads[t].wait = EXITED; /* then uc_link returns to the scheduler */
}

void threads_start(int count, void (*body)(void *), void *ctx)
{
    reserve_stacks(count);
    thread_body = body;
    thread_ctx = ctx;
    for (int t = 0; t < count; t++) {
        thread_state *s = &block.threads[t];
        getcontext(&s->context);
        s->context.uc_stack.ss_sp = stacks + (size_t)t * (stack_bytes + page) + page;
        s->context.uc_stack.ss_size = stack_bytes;
        s->context.uc_link = &block.scheduler;
        makecontext(&s->context, (void (*)(void))thread_main, 1, t);
        s->wait = RUNNABLE;
    }
}

void set_indices(int t)
{
    threadIdx.x = (unsigned)t % blockDim.x;
    threadIdx.y = (unsigned)t / blockDim.x % blockDim.y;
    threadIdx.z = (unsigned)t / (blockDim.x * blockDim.y);
}

void resume(int t)
{
    block.current = t;
    set_indices(t);
    swapcontext(&block.scheduler, &block.threads[t].context);
    block.current = -1;
}

void wait_in_scheduler(void)
{
    swapcontext(&block.threads[block.current].context, &block.scheduler);
    set_indices(block.current); /* another thread ran meanwhile */
}

[[noreturn]] void fail_in_thread(void)
{
    block.failed = true;
    for (;;) /* the scheduler sees `failed` and never resumes this thread */
        wait_in_scheduler();
}

} // namespace emu
