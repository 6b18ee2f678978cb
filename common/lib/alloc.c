/* alloc.c - see alloc.h. */
#define _DEFAULT_SOURCE /* sysconf(_SC_PHYS_PAGES) under -std=c11 */
#include "alloc.h"
#include "exit_codes.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static uint64_t physical_memory_bytes(void)
{
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return UINT64_MAX; /* unknown: let malloc decide */
    return (uint64_t)pages * (uint64_t)page;
}

void *alloc_or_exit(size_t count, size_t size, const char *what)
{
    void *p = NULL;
    if (size == 0 || count <= SIZE_MAX / size) {
        const uint64_t bytes = (uint64_t)count * size;
        if (bytes <= physical_memory_bytes() / 2)
            p = malloc(bytes ? bytes : 1);
    }
    if (p == NULL) {
        fprintf(stderr, "error: cannot allocate %zu elements of %zu bytes for %s\n", count, size, what);
        exit(EXIT_BAD_INPUT);
    }
    return p;
}
