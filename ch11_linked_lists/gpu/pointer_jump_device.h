/* pointer_jump_device.h - pointer jumping on arrays already on the GPU,
 * shared by gpu_wyllie_rank and the ruling set (which ranks its rulers
 * with it). CUDA files only. */
#ifndef CH11_POINTER_JUMP_DEVICE_H
#define CH11_POINTER_JUMP_DEVICE_H

#include <stdint.h>

#include "list_types.h"

/* Runs rounds until no node has a successor. The arrays start in next[0]
 * and dist[0] (in_place: only those are used); on return the answer is in
 * dist[0] (the buffers are swapped as needed). rounds_hint: the rounds
 * expected (ceil(log2 n) for one list), run without waiting for the GPU;
 * after that the device flag d_linked is read back after every round.
 * obs != NULL copies every round back (trace mode). Returns the rounds. */
int pointer_jump_device(int32_t *next[2], int32_t *dist[2], int32_t n, int in_place, int rounds_hint, int32_t *d_linked,
                        round_observer obs, void *ctx);

/* one thread per node: the round-0 arrays from the node pool */
void pointer_jump_init_device(const list_node *d_node, int32_t n, int32_t *d_next, int32_t *d_dist);

#endif
