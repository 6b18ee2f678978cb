/* warp_emulate.h - what one warp's shuffle tree and ballot compute, written
 * in C (one loop over the 32 lanes per step), so the CPU can check the GPU
 * and print every step of the tree. */
#ifndef CH01_WARP_EMULATE_H
#define CH01_WARP_EMULATE_H

#define WARP_LANES 32
#define WARP_STEPS 6 /* the inputs, then offsets 16, 8, 4, 2, 1 */

typedef struct {
    int active;                         /* lanes 0..active-1 hold an element */
    int value[WARP_STEPS][WARP_LANES];  /* value[k][lane] after k steps */
} warp_sum_trace;

/* The shuffle-down sum of x[0..active-1] (1 <= active <= 32), lane by lane;
 * returns lane 0's value, the warp's sum. trace may be NULL. */
int emulate_warp_sum(const int *x, int active, warp_sum_trace *trace);

/* __ballot_sync in C: bit `lane` set where pred[lane] is non-zero, for the
 * lanes 0..active-1. */
unsigned emulate_ballot(const int *pred, int active);

/* __popc in C: the number of set bits. */
int popcount32(unsigned bits);

#endif
