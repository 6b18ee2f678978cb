/* warp_emulate.h - what one warp's shuffle tree and ballot compute, written
 * in C (one loop over the 32 lanes per step), so the CPU can check the GPU
 * and print every step of the tree. Each call also checks the strict rule
 * of a _sync primitive (GPUs before Volta demand it; from Volta on, the rule
 * covers only lanes that have not exited): every lane its mask names must be
 * executing the call. Lanes 0..active-1 run; lanes active..31 have left. */
#ifndef CH01_WARP_EMULATE_H
#define CH01_WARP_EMULATE_H

#define WARP_LANES 32
#define WARP_STEPS 6 /* the inputs, then offsets 16, 8, 4, 2, 1 */

typedef struct {
    int active;                        /* lanes 0..active-1 hold an element */
    int value[WARP_STEPS][WARP_LANES]; /* value[k][lane] after k steps */
} warp_sum_trace;

/* The first call whose mask named a lane that has left the kernel. Set lane
 * to -1 before the first call; after a call that broke the rule the warp has
 * stopped, and every later call returns 0 and leaves *fault as it is. */
typedef struct {
    int lane;      /* that lane, the lowest one; -1 while no call broke the rule */
    unsigned mask; /* the mask the call passed */
    int offset;    /* the shuffle's offset; 0: it was __ballot_sync */
} warp_fault;

/* The shuffle-down sum of x[0..active-1] (1 <= active <= 32), lane by lane,
 * every shuffle passing `mask`; returns lane 0's value, the warp's sum. A
 * shuffle whose mask names an exited lane stops the warp: it is recorded in
 * *fault and 0 is returned. trace may be NULL. */
int emulate_warp_sum(const int *x, int active, unsigned mask, warp_sum_trace *trace, warp_fault *fault);

/* __ballot_sync(mask, pred[lane]) in C: bit `lane` set where pred[lane] is
 * non-zero, for the running lanes that mask names. A mask that names an
 * exited lane is recorded in *fault, and 0 is returned. */
unsigned emulate_ballot(const int *pred, int active, unsigned mask, warp_fault *fault);

/* __popc in C: the number of set bits. */
int popcount32(unsigned bits);

#endif
