/* emu_threads.cpp - every emulated GPU thread is a coroutine: its own small
 * stack and saved registers. Only one runs at a time, on the one OS thread;
 * it runs until it reaches a barrier or a warp operation, then hands control
 * back to the scheduler (emu_block.cpp), which decides who runs next. No OS
 * threads means no real concurrency: the order is fixed, so every run is the
 * same.
 *
 * A switch saves the registers the C calling convention says a function
 * must preserve, stores the stack pointer, loads the other coroutine's and
 * restores its registers: a dozen instructions (emu_switch_stacks below, for
 * x86-64 and 64-bit Arm). glibc's swapcontext does the same but also saves
 * and restores the signal mask, two system calls per switch, which made
 * them most of an emulation's time. Other processors (or -DEMU_UCONTEXT)
 * fall back on it. */
#include "emu_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

/* AddressSanitizer keeps a shadow of every stack; it must be told when the
 * running stack changes (its "fiber" calls), or it takes a coroutine's
 * frames for overflows of the main stack. */
#ifdef EMU_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif

#if (defined(__x86_64__) || defined(__aarch64__)) && !defined(EMU_UCONTEXT)
#define EMU_OWN_SWITCH 1
#else
#include <ucontext.h>
#endif

uint3 threadIdx, blockIdx;
dim3 blockDim, gridDim;

#ifdef EMU_OWN_SWITCH
/* emu_switch_stacks(&save, to): pushes the callee-saved registers on the
 * running stack, stores the stack pointer in *save, switches to the stack
 * `to` (saved by an earlier call, or prepared by prepare_stack below) and
 * pops that stack's registers; its `ret` returns into the other coroutine. */
extern "C" void emu_switch_stacks(void **save, void *to);
#if defined(__APPLE__)
#define EMU_SYMBOL "_emu_switch_stacks"
#else
#define EMU_SYMBOL "emu_switch_stacks"
#endif
#if defined(__x86_64__)
asm(".text\n"
    ".globl " EMU_SYMBOL "\n"
    ".p2align 4\n" EMU_SYMBOL ":\n"
    "    pushq %rbp\n"
    "    pushq %rbx\n"
    "    pushq %r12\n"
    "    pushq %r13\n"
    "    pushq %r14\n"
    "    pushq %r15\n"
    "    movq %rsp, (%rdi)\n"
    "    movq %rsi, %rsp\n"
    "    popq %r15\n"
    "    popq %r14\n"
    "    popq %r13\n"
    "    popq %r12\n"
    "    popq %rbx\n"
    "    popq %rbp\n"
    "    ret\n");
/* A new stack's frame: six registers, then where `ret` goes, then a null
 * return address for the entry function (it never returns). */
static const int FRAME_WORDS = 8, FRAME_ENTRY = 6;
#else /* __aarch64__: x19-x28, the frame pointer x29, the link register x30, d8-d15 */
asm(".text\n"
    ".globl " EMU_SYMBOL "\n"
    ".p2align 4\n" EMU_SYMBOL ":\n"
    "    sub sp, sp, #160\n"
    "    stp x19, x20, [sp, #0]\n"
    "    stp x21, x22, [sp, #16]\n"
    "    stp x23, x24, [sp, #32]\n"
    "    stp x25, x26, [sp, #48]\n"
    "    stp x27, x28, [sp, #64]\n"
    "    stp x29, x30, [sp, #80]\n"
    "    stp d8, d9, [sp, #96]\n"
    "    stp d10, d11, [sp, #112]\n"
    "    stp d12, d13, [sp, #128]\n"
    "    stp d14, d15, [sp, #144]\n"
    "    mov x9, sp\n"
    "    str x9, [x0]\n"
    "    mov sp, x1\n"
    "    ldp x19, x20, [sp, #0]\n"
    "    ldp x21, x22, [sp, #16]\n"
    "    ldp x23, x24, [sp, #32]\n"
    "    ldp x25, x26, [sp, #48]\n"
    "    ldp x27, x28, [sp, #64]\n"
    "    ldp x29, x30, [sp, #80]\n"
    "    ldp d8, d9, [sp, #96]\n"
    "    ldp d10, d11, [sp, #112]\n"
    "    ldp d12, d13, [sp, #128]\n"
    "    ldp d14, d15, [sp, #144]\n"
    "    add sp, sp, #160\n"
    "    ret\n");
/* A new stack's frame: the 20 saved registers, x30 (where `ret` goes) 12th. */
static const int FRAME_WORDS = 20, FRAME_ENTRY = 11;
#endif
#endif

namespace emu
{

/* 64 KiB is plenty for a kernel's locals; below each stack one page is made
 * inaccessible, so a thread that overflows its stack crashes at once
 * instead of overwriting its neighbour's. */
static const size_t stack_bytes = 64 * 1024;
static char *stacks;   /* one region for all, reused by every block */
static int stacks_for; /* how many threads it holds */
static size_t page;

static void (*thread_body)(void *);
static void *thread_ctx;

/* Where each coroutine stands while another runs. */
#ifdef EMU_OWN_SWITCH
static void *thread_sp[1024], *scheduler_sp;
#else
static ucontext_t thread_context[1024], scheduler_context;
#endif

#ifdef EMU_ASAN
static void *thread_fake_stack[1024], *scheduler_fake_stack;
static const void *scheduler_bottom;
static size_t scheduler_size;
#endif

static bool abandoned; /* a thread was left mid-kernel after an error */

static char *stack_of(int t)
{
    return stacks + (size_t)t * (stack_bytes + page) + page;
}

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
        mprotect(stack_of(t) - page, page, PROT_NONE);
    stacks_for = count;
}

static void switch_to_scheduler(int t, bool forever)
{
#ifdef EMU_ASAN
    /* NULL: this stack never runs again, its frames can be forgotten */
    __sanitizer_start_switch_fiber(forever ? NULL : &thread_fake_stack[t], scheduler_bottom, scheduler_size);
#else
    (void)forever;
#endif
#ifdef EMU_OWN_SWITCH
    emu_switch_stacks(&thread_sp[t], scheduler_sp);
#else
    swapcontext(&thread_context[t], &scheduler_context);
#endif
#ifdef EMU_ASAN
    __sanitizer_finish_switch_fiber(thread_fake_stack[t], NULL, NULL);
#endif
}

/* Where every coroutine starts, on its fresh stack: the thread's index is
 * the one the scheduler has just resumed. */
static void thread_entry(void)
{
#ifdef EMU_ASAN
    /* learn the scheduler's stack, which the switches back need */
    __sanitizer_finish_switch_fiber(NULL, &scheduler_bottom, &scheduler_size);
#endif
    const int t = block.current;
    thread_body(thread_ctx);
    block.threads[t].wait = EXITED;
    switch_to_scheduler(t, true);
    abort(); /* never resumed after EXITED */
}

void threads_start(int count, void (*body)(void *), void *ctx)
{
    reserve_stacks(count);
#ifdef EMU_ASAN
    /* a thread abandoned after an error leaves its frames' poison behind */
    if (abandoned)
        ASAN_UNPOISON_MEMORY_REGION(stacks, (size_t)stacks_for * (stack_bytes + page));
#endif
    thread_body = body;
    thread_ctx = ctx;
    for (int t = 0; t < count; t++) {
        /* the tops are staggered by a cache line each: otherwise every
         * stack's top falls on the same cache set, and they evict each other */
        char *top = stack_of(t) + stack_bytes - (size_t)(t % 64) * 64;
#ifdef EMU_OWN_SWITCH
        void **frame = (void **)top - FRAME_WORDS;
        for (int w = 0; w < FRAME_WORDS; w++)
            frame[w] = NULL;
        frame[FRAME_ENTRY] = (void *)thread_entry;
        thread_sp[t] = frame;
#else
        ucontext_t *c = &thread_context[t];
        getcontext(c);
        c->uc_stack.ss_sp = stack_of(t);
        c->uc_stack.ss_size = (size_t)(top - stack_of(t));
        c->uc_link = NULL;
        makecontext(c, thread_entry, 0);
#endif
        thread_state *s = &block.threads[t];
        s->wait = RUNNABLE;
        s->index.x = (unsigned)t % blockDim.x;
        s->index.y = (unsigned)t / blockDim.x % blockDim.y;
        s->index.z = (unsigned)t / (blockDim.x * blockDim.y);
    }
}

void set_indices(int t)
{
    threadIdx = block.threads[t].index;
}

static uint64_t switches;
uint64_t thread_switches(void)
{
    return switches;
}

void resume(int t)
{
    switches += 2; /* there, and back when it waits or ends */
    block.current = t;
    set_indices(t);
#ifdef EMU_ASAN
    __sanitizer_start_switch_fiber(&scheduler_fake_stack, stack_of(t), stack_bytes);
#endif
#ifdef EMU_OWN_SWITCH
    emu_switch_stacks(&scheduler_sp, thread_sp[t]);
#else
    swapcontext(&scheduler_context, &thread_context[t]);
#endif
#ifdef EMU_ASAN
    __sanitizer_finish_switch_fiber(scheduler_fake_stack, NULL, NULL);
#endif
    block.current = -1;
}

void wait_in_scheduler(void)
{
    const int t = block.current;
    switch_to_scheduler(t, false);
    set_indices(t); /* another thread ran meanwhile */
}

[[noreturn]] void fail_in_thread(void)
{
    block.failed = true;
    abandoned = true;
    for (;;) /* the scheduler sees `failed` and never resumes this thread */
        wait_in_scheduler();
}

} // namespace emu
