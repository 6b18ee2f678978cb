/* block_replay.h - the block tree of gpu/block_trace.cu, one block, replayed
 * on the CPU in one fixed order of its warps (section 3.2's trap).
 *
 * The replay runs the kernel's step thread by thread on copies of its two
 * shared buffers, and remembers for every cell which level wrote it last. A
 * read at level k must find what level k - 1 wrote there; a read that finds
 * an older value (the loads, the zeros, or what level k - 3 left) is a read
 * too early, and the replay records which thread, and so which warp, made it.
 *
 * The order: warp 0 runs until it reaches a barrier or its end, then warp 1,
 * and so on; at the barrier they all wait, then the same again. With every
 * barrier of the kernel that is level after level; without the barriers
 * between levels (--missing-barrier) each warp runs all its levels before the
 * next warp starts. Both are orders the GPU may choose; the replay is one of
 * them, not a record of what a GPU did. */
#ifndef CH03_BLOCK_REPLAY_H
#define CH03_BLOCK_REPLAY_H

#include "tree_trace.h"

#ifdef __cplusplus
extern "C" {
#endif

#define BLOCK_REPLAY_MAX_N 1024 /* one block, one value per thread */
#define BLOCK_REPLAY_WARP 32
#define BLOCK_REPLAY_MAX_WARPS (BLOCK_REPLAY_MAX_N / BLOCK_REPLAY_WARP)
#define BLOCK_REPLAY_MAX_LEVELS 16 /* ceil(log2 1024) = 10 */

/* The first read too early of one level. */
typedef struct {
    int thread;     /* -1: the level read nothing too early */
    int buffer;     /* the shared buffer read, 0 or 1 */
    int cell;       /* its index; thread `cell` writes it at the level before */
    long long seen; /* the value the read found */
    int written_at; /* the level that had written it; -1: the loads (buffer 0) or zeros (buffer 1) */
} replay_early_read;

typedef struct {
    int n, warps, levels, barriers;         /* barriers: 1 with every barrier, 0 without those between levels */
    long long value[2][BLOCK_REPLAY_MAX_N]; /* the kernel's two shared buffers */
    int written_at[2][BLOCK_REPLAY_MAX_N];  /* the level whose write a cell holds; -1: none yet */
    int level, thread;                      /* what runs now */
    long long additions[BLOCK_REPLAY_MAX_LEVELS];
    long long reads[BLOCK_REPLAY_MAX_LEVELS];
    long long early[BLOCK_REPLAY_MAX_LEVELS]; /* reads too early */
    unsigned char warp_early[BLOCK_REPLAY_MAX_LEVELS][BLOCK_REPLAY_MAX_WARPS];
    replay_early_read first_early[BLOCK_REPLAY_MAX_LEVELS];
    long long sum; /* what thread 0 takes as the sum when its warp ends */
} block_replay;

/* Replays one block of gpu/block_trace.cu on x[0..n-1] (1 <= n <= 1024),
 * level sizes taken from t (tree_sum_traced of the same x), with every
 * barrier (barriers = 1) or only the one after the loads (barriers = 0). */
void block_replay_run(const long long *x, int n, const tree_trace *t, int barriers, block_replay *r);

#ifdef __cplusplus
}
#endif

#endif
