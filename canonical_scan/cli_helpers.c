/* cli_helpers.c - see cli_helpers.h. */
#define _DEFAULT_SOURCE /* sysconf(_SC_PHYS_PAGES) under -std=c11 */
#include "cli_helpers.h"
#include "exit_codes.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

int verdict_to(FILE *out, const char *what, int ok)
{
    fprintf(out, "self-check: %s: %s\n", what, ok ? "confirmed" : "MISMATCH");
    return ok;
}

static uint64_t physical_memory_bytes(void)
{
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return UINT64_MAX; /* unknown: let malloc decide */
    return (uint64_t)pages * (uint64_t)page;
}

double *doubles_or_exit(size_t count, const char *what)
{
    const size_t limit = SIZE_MAX / sizeof(double);
    double *p = NULL;
    /* several buffers live at once: one may take at most half the memory */
    if (count <= limit && (uint64_t)count * sizeof(double) <= physical_memory_bytes() / 2)
        p = malloc((count ? count : 1) * sizeof(double));
    if (!p) {
        fprintf(stderr, "error: cannot allocate %zu doubles for %s\n", count, what);
        exit(EXIT_BAD_INPUT);
    }
    return p;
}
