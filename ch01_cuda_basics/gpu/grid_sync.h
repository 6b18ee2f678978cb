/* grid_sync.h - the launch function grid_sync.c calls (gpu/grid_sync.cu). */
#ifndef CH01_GRID_SYNC_H
#define CH01_GRID_SYNC_H

#ifdef __cplusplus
extern "C" {
#endif

/* What the host learned before the cooperative launch. */
typedef struct {
    int cooperative;   /* the device supports cooperative launches */
    int sms;           /* streaming multiprocessors */
    int blocks_per_sm; /* blocks of `threads` that fit on one SM at once */
    int threads;       /* threads per block */
    int blocks;        /* blocks launched */
} grid_sync_launch;

/* Fills info: the device's answers, and the blocks to launch for n values
 * (no more than can be resident at once; too_many: one block more than that,
 * which the launch must refuse). */
void gpu_centre_plan(int n, int too_many, grid_sync_launch *info);

/* y[i] = n * x[i] - (x[0] + ... + x[n-1]) in one cooperative launch of
 * info->blocks blocks: every block adds its share, the whole grid waits at
 * grid.sync(), then every thread reads the total. */
void gpu_centre(const int *x, int n, long long *y, const grid_sync_launch *info);

/* The trap: the same kernel launched the ordinary way (<<<...>>>), where
 * grid.sync() is not allowed. */
void gpu_centre_ordinary_launch(const int *x, int n, long long *y, const grid_sync_launch *info);

#ifdef __cplusplus
}
#endif

#endif
