/* alloc.h - host allocations that fail politely.
 *
 * A size the user typed (--n 2^40) must end in one `error: ...` line and
 * exit 2, not in a crash or in the kernel's out-of-memory killer later. */
#ifndef COMMON_ALLOC_H
#define COMMON_ALLOC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* malloc(count * size), or "error: cannot allocate COUNT elements for WHAT"
 * and exit EXIT_BAD_INPUT when the product overflows, exceeds half of the
 * machine's physical memory (several buffers live at once) or malloc fails.
 * count == 0 returns a valid 1-byte block. */
void *alloc_or_exit(size_t count, size_t size, const char *what);

#ifdef __cplusplus
}
#endif

#endif
