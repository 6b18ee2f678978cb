/* ratios.h - the headline ratios a benchmark hands to the bench summary
 * (tools/bench_summary.py, `make bench`): with `--ratios FILE` a bench
 * APPENDS one line per ratio the book quotes,
 *     NAME<TAB>RATIO<TAB>OURS_US<TAB>RIVAL_US<TAB>DESCRIPTION
 * RATIO = rival time / our time (above 1: ours is faster), times in
 * microseconds, NAME dotted lower case `<chapter>.<what>.<size>`. A ratio
 * this build cannot measure (a rival it was built without) is written as
 * `NAME<TAB>skipped<TAB>-<TAB>-<TAB>WHY`, so the summary can tell "not
 * built" from "not run". A file that cannot be opened or written ends the
 * program: `error: writing FILE: REASON`, exit 1. */
#ifndef COMMON_RATIOS_H
#define COMMON_RATIOS_H

#ifdef __cplusplus
extern "C" {
#endif

/* path NULL (no --ratios given): nothing is written. */
void ratios_append(const char *path, const char *name, double ours_us, double rival_us, const char *description);
void ratios_append_skipped(const char *path, const char *name, const char *why);

#ifdef __cplusplus
}
#endif

#endif
