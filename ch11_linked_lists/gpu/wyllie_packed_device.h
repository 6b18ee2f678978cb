/* wyllie_packed_device.h - packed pointer jumping on data already on the
 * GPU (wyllie_packed.cu), for the launch function and the benchmark. CUDA
 * files only. */
#ifndef CH11_WYLLIE_PACKED_DEVICE_H
#define CH11_WYLLIE_PACKED_DEVICE_H

#include "wyllie_packed_node.h"

/* Device memory for one ranking of n nodes: two rounds of packed pairs. */
typedef struct {
    jump_link *buf; /* [2n]: round r and round r + 1 */
    int32_t *linked;
    int32_t n;
} wyllie_packed_work;

void wyllie_packed_alloc(wyllie_packed_work *w, int32_t n);
void wyllie_packed_release(wyllie_packed_work *w);

/* Round 0 from the pool d_node, every round, then the dist halves into
 * d_dist. Returns the rounds. */
int wyllie_packed_rank_device(wyllie_packed_work *w, const list_node *d_node, int32_t *d_dist);

#endif
