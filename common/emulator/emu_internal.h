/* emu_internal.h - what the emulator's three parts share: the state of each
 * emulated thread, and the block that is running now. Not for kernels. */
#ifndef COMMON_EMULATOR_EMU_INTERNAL_H
#define COMMON_EMULATOR_EMU_INTERNAL_H

#include "cuda_shim.h"

/* Built with AddressSanitizer: the stack switches tell it (emu_threads.cpp). */
#if defined(__SANITIZE_ADDRESS__)
#define EMU_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define EMU_ASAN 1
#endif
#endif

namespace emu
{

/* Where a thread stands when it is not running. */
enum thread_wait { RUNNABLE, AT_BARRIER, AT_WARP_OP, EXITED };

struct thread_state {
    uint3 index; /* its threadIdx */
    thread_wait wait;
    const char *file; /* where it waits (AT_BARRIER, AT_WARP_OP) */
    int line;
    /* AT_WARP_OP: the operation, its mask, what this lane offers, the
     * operation's argument (delta, source lane, lane mask) and width; the
     * scheduler writes `result` when the whole mask has arrived. */
    warp_op op;
    unsigned mask;
    uint64_t value, result;
    int arg, width;
    int vote; /* AT_BARRIER: its predicate, 0 or 1 (__syncthreads_or and kin) */
};

struct block_run {
    thread_state *threads;
    int count;   /* blockDim.x * blockDim.y * blockDim.z */
    int current; /* the thread running now, -1 in the scheduler */
    bool failed; /* an error was reported: the launch stops */
    int votes;   /* how many threads voted 1 at the barrier released last */
};
extern block_run block;

/* emu_threads.cpp: start `count` coroutines that each run body(ctx), and
 * switch between them and the scheduler (which runs on the caller's stack). */
void threads_start(int count, void (*body)(void *), void *ctx);
void resume(int t);           /* scheduler -> thread t, until it waits or ends */
void wait_in_scheduler(void); /* thread -> scheduler */
void set_indices(int t);      /* threadIdx := that of linear thread t */

/* The same source line: the same file (usually the same pointer) and line. */
inline bool same_place(const char *file_a, int line_a, const char *file_b, int line_b)
{
    return line_a == line_b && (file_a == file_b || strcmp(file_a, file_b) == 0);
}

/* Prints "error: ..." with the block's coordinates, marks the launch failed.
 * Called from a thread, it never returns (the thread is abandoned). */
void report(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
[[noreturn]] void fail_in_thread(void);

/* emu_warp.cpp: release every warp group whose lanes have all arrived.
 * Returns the number released; with `explain`, reports why the first group
 * that cannot be released waits forever. */
int release_warp_groups(bool explain);

/* emu_check.cpp: what the memory checks must know of the block's life. */
void checks_block_start(int count);             /* fresh shared memory, no history */
void checks_barrier(void);                      /* a __syncthreads() released every thread */
void checks_block_end(void);                    /* every thread has ended */
void checks_warp_sync(int base, unsigned mask); /* a warp operation released these lanes */
const char *op_name(warp_op op);

} // namespace emu

#endif
