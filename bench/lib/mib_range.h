/* mib_range.h - the buffer sizes of the two ceiling benchmarks
 * (copy_ceiling, read_ceiling), from their options: --n N is one size and
 * stands for --min-mib N --max-mib N; without it, the range given, each end
 * defaulting to the program's own. A contradiction is bad input: one
 * `error: ...` line and exit 2. */
#ifndef BENCH_MIB_RANGE_H
#define BENCH_MIB_RANGE_H

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "exit_codes.h"

/* one_mib, *min_mib, *max_mib: 0 when the option was not given. */
static inline void resolve_mib_range(uint64_t one_mib, uint64_t *min_mib, uint64_t *max_mib, uint64_t default_min,
                                     uint64_t default_max)
{
    if (one_mib != 0 && ((*min_mib != 0 && *min_mib != one_mib) || (*max_mib != 0 && *max_mib != one_mib))) {
        fprintf(stderr, "error: --n %" PRIu64 " is one size; --min-mib and --max-mib, if given, must be it too\n",
                one_mib);
        exit(EXIT_BAD_INPUT);
    }
    if (one_mib != 0)
        *min_mib = *max_mib = one_mib;
    *min_mib = *min_mib != 0 ? *min_mib : default_min;
    *max_mib = *max_mib != 0 ? *max_mib : default_max;
    if (*min_mib > *max_mib) {
        fprintf(stderr, "error: --min-mib %" PRIu64 " is larger than --max-mib %" PRIu64 "\n", *min_mib, *max_mib);
        exit(EXIT_BAD_INPUT);
    }
}

#endif
