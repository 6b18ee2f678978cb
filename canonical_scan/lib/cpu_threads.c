/* cpu_threads.c - see cpu_threads.h. */
#define _POSIX_C_SOURCE 200809L /* sysconf under -std=c11 */
#include "cpu_threads.h"

#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>

typedef struct {
    thread_job job;
    void *arg;
    unsigned index, count;
} thread_share;

static void *share_main(void *p)
{
    const thread_share *s = p;
    s->job(s->arg, s->index, s->count);
    return NULL;
}

void threads_run(unsigned count, thread_job job, void *arg)
{
    if (count <= 1) {
        job(arg, 0, 1);
        return;
    }
    pthread_t *tid = malloc(count * sizeof *tid);
    thread_share *share = malloc(count * sizeof *share);
    unsigned char *started = calloc(count, 1);
    if (!tid || !share || !started) { /* no memory for the bookkeeping: one thread does it all */
        free(tid);
        free(share);
        free(started);
        for (unsigned t = 0; t < count; t++)
            job(arg, t, count);
        return;
    }
    for (unsigned t = 1; t < count; t++) {
        share[t] = (thread_share){ job, arg, t, count };
        started[t] = pthread_create(&tid[t], NULL, share_main, &share[t]) == 0;
    }
    job(arg, 0, count);
    for (unsigned t = 1; t < count; t++) {
        if (started[t])
            pthread_join(tid[t], NULL);
        else
            job(arg, t, count);
    }
    free(tid);
    free(share);
    free(started);
}

unsigned threads_online(void)
{
    const long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n >= 1 ? (unsigned)n : 1u;
}
