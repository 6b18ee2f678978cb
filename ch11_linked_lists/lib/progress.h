/* progress.h - "walk: 37% of 268435456 nodes" on stderr, every few seconds,
 * for the long CPU runs. Only the caller decides whether it is on (a
 * terminal on stderr or --progress, never under --quiet); the lines go to
 * stderr only, so stdout and the golden outputs never see them. */
#ifndef CH11_PROGRESS_H
#define CH11_PROGRESS_H

#include <stdint.h>

/* Seconds between two progress lines. */
#define PROGRESS_EVERY_S 2.0

typedef struct {
    int on;
    double last; /* host_seconds() of the last line (or of the start) */
} progress_meter;

/* on = 0 makes every call below do nothing. */
void progress_start(progress_meter *p, int on);

/* Prints "WHAT: P% of TOTAL UNIT" when PROGRESS_EVERY_S have passed since
 * the last line. Cheap when they have not: one clock read. */
void progress_report(progress_meter *p, const char *what, int64_t done, int64_t total, const char *unit);

/* Prints "WHAT" at once (a step that reports no percentage has begun). */
void progress_note(const progress_meter *p, const char *what);

/* 1 when the progress should be shown: --progress, or stderr is a
 * terminal; never with quiet. */
int progress_wanted(int asked, int quiet);

#endif
