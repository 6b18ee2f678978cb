/* ruling_set_device.h - the ruling-set ranking on data already on the GPU
 * (ruling_set.cu), for the launch function and the benchmark. CUDA only. */
#ifndef CH11_RULING_SET_DEVICE_H
#define CH11_RULING_SET_DEVICE_H

#include "ruling_set_node.h"

/* Device memory for one ranking; allocated once, reused by the benchmark. */
typedef struct {
    ruler_link *link;
    sublist_tag *tag;
    int32_t *ruler_buf; /* 4 arrays of `rulers` ints: next/dist ping-pong */
    int32_t *linked;
    int32_t slots, rulers;
} ruling_set_work;

void ruling_set_alloc(ruling_set_work *w, int32_t n, int32_t head, int32_t k, uint32_t seed);
void ruling_set_release(ruling_set_work *w);
void ruling_set_rank_device(ruling_set_work *w, const list_node *d_node, int32_t n, int32_t head, int32_t k,
                            uint32_t seed, int32_t *d_dist);

#endif
