/* progress.c - see progress.h. */
#define _POSIX_C_SOURCE 200112L /* isatty under -std=c11 */
#include "progress.h"
#include "timing.h"

#include <stdio.h>
#include <unistd.h>

void progress_start(progress_meter *p, int on)
{
    p->on = on;
    p->last = on ? host_seconds() : 0;
}

void progress_report(progress_meter *p, const char *what, int64_t done, int64_t total, const char *unit)
{
    if (p == NULL || !p->on)
        return;
    const double now = host_seconds();
    if (now - p->last < PROGRESS_EVERY_S)
        return;
    p->last = now;
    const int percent = total > 0 ? (int)(100 * done / total) : 100;
    fprintf(stderr, "%s: %d%% of %lld %s\n", what, percent, (long long)total, unit);
}

void progress_note(const progress_meter *p, const char *what)
{
    if (p != NULL && p->on)
        fprintf(stderr, "%s\n", what);
}

int progress_wanted(int asked, int quiet)
{
    return !quiet && (asked || isatty(STDERR_FILENO));
}
