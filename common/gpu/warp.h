/* warp.h - the warp's size and the mask that names all of its lanes, for
 * .cu files. A *_sync warp primitive (__shfl_down_sync, __ballot_sync)
 * takes a mask of the lanes that take part; FULL_WARP says "all 32", which
 * is only right when all 32 lanes reach the call (Chapter 1, section 1.4). */
#ifndef COMMON_WARP_H
#define COMMON_WARP_H

#define WARP_SIZE 32
#define FULL_WARP 0xffffffffu

#endif
