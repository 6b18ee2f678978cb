/* launch_check.h - launch configurations of one-thread-per-item kernels,
 * checked on the host before launching (CUDA files only). */
#ifndef COMMON_LAUNCH_CHECK_H
#define COMMON_LAUNCH_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "exit_codes.h"

/* threads: a multiple of 32 in [32, 1024] (block trees also want a power
 * of two: pass power_of_two = 1). Any violation is a bug in the calling program,
 * so it stops the program like a failing CUDA call. */
static inline void check_block_size(int threads, int power_of_two)
{
    if (threads < 32 || threads > 1024 || threads % 32 != 0 || (power_of_two && (threads & (threads - 1)) != 0)) {
        fprintf(stderr, "error: bad block size %d\n", threads);
        exit(EXIT_MISMATCH);
    }
}

/* Blocks for one thread per item: ceil(items / threads), at least 1. */
static inline unsigned blocks_for(int64_t items, int threads)
{
    check_block_size(threads, 0);
    const int64_t blocks = items <= 0 ? 1 : (items + threads - 1) / threads;
    if (blocks > INT32_MAX) {
        fprintf(stderr, "error: %lld items need more than 2^31-1 blocks\n", (long long)items);
        exit(EXIT_MISMATCH);
    }
    return (unsigned)blocks;
}

#endif
