/* cpu_threads.h - run one job on T POSIX threads and wait for all of them.
 *
 * The chapter's CPU code uses plain pthreads rather than OpenMP so that the
 * library needs no OpenMP runtime (clang ships none by default). Threads
 * are started for each call and joined before it returns: no pool, no
 * state left behind. */
#ifndef CANONICAL_SCAN_CPU_THREADS_H
#define CANONICAL_SCAN_CPU_THREADS_H

#ifdef __cplusplus
extern "C" {
#endif

/* One share of the work: job(arg, index, count) for index in [0, count). */
typedef void (*thread_job)(void *arg, unsigned index, unsigned count);

/* Runs job(arg, t, count) for t = 0 .. count - 1 and returns when all have
 * finished. Share 0 runs on the calling thread; a share whose thread cannot
 * be started runs on the calling thread too, so every share always runs
 * exactly once (the results never depend on how many threads started). */
void threads_run(unsigned count, thread_job job, void *arg);

/* The number of processors online (at least 1). */
unsigned threads_online(void);

#ifdef __cplusplus
}
#endif

#endif
