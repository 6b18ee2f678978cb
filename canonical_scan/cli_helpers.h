/* cli_helpers.h - two helpers the chapter's programs need and common/ lacks
 * (candidates for common/): a verdict line on a chosen stream, for programs
 * whose stdout is reserved for a machine-readable result, and a check that
 * a buffer can be allocated before trying. */
#ifndef CANONICAL_SCAN_CLI_HELPERS_H
#define CANONICAL_SCAN_CLI_HELPERS_H

#include <stddef.h>
#include <stdio.h>

/* verdict() of common/verify.h, printed on `out`; returns ok. */
int verdict_to(FILE *out, const char *what, int ok);

/* Allocates count doubles, or prints "error: cannot allocate ..." and exits
 * with EXIT_BAD_INPUT when that is more than the machine's memory or malloc
 * fails (so an overcommitting kernel never gets to kill us later). */
double *doubles_or_exit(size_t count, const char *what);

#endif
