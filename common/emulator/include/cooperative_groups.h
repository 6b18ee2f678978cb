/* cooperative_groups.h - the emulator's stand-in for CUDA's header of the
 * same name: the pieces the kernels use, a block and its 32-thread tiles,
 * built on the shim's warp operations (cuda_shim.h). This folder comes first
 * on the emulation programs' include path, so `#include
 * <cooperative_groups.h>` in a kernel finds this file. */
#ifndef COMMON_EMULATOR_COOPERATIVE_GROUPS_H
#define COMMON_EMULATOR_COOPERATIVE_GROUPS_H

#include "cuda_shim.h"

namespace cooperative_groups
{

struct thread_block {
    void sync(const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
    {
        emu::block_barrier(file, line);
    }
    unsigned thread_rank() const
    {
        return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
    }
};

inline thread_block this_thread_block()
{
    return thread_block();
}

/* Tiles of 32 are whole warps: their mask names all 32 lanes. Smaller tiles
 * are whole segments of a warp (the shuffles' `width`). */
template <unsigned Size>
struct thread_block_tile {
    static_assert(Size >= 1 && Size <= 32 && (Size & (Size - 1)) == 0, "a tile is 1, 2, 4, ..., 32 threads");
    unsigned mask() const
    {
        const unsigned lane = this_thread_block().thread_rank() % 32;
        return Size == 32 ? 0xffffffffu : ((1u << Size) - 1u) << (lane / Size * Size);
    }
    unsigned thread_rank() const
    {
        return this_thread_block().thread_rank() % Size;
    }
    unsigned size() const
    {
        return Size;
    }
    void sync(const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
    {
        emu::warp_exchange(emu::OP_SYNCWARP, mask(), 0, 0, 32, file, line);
    }
    template <typename T>
    T shfl_down(T v, unsigned delta, const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
    {
        return emu::shuffle(emu::OP_SHFL_DOWN, mask(), v, (int)delta, (int)Size, file, line);
    }
    template <typename T>
    T shfl_xor(T v, unsigned lane_mask, const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
    {
        return emu::shuffle(emu::OP_SHFL_XOR, mask(), v, (int)lane_mask, (int)Size, file, line);
    }
    template <typename T>
    T shfl(T v, unsigned src, const char *file = __builtin_FILE(), int line = __builtin_LINE()) const
    {
        return emu::shuffle(emu::OP_SHFL_IDX, mask(), v, (int)src, (int)Size, file, line);
    }
};

template <unsigned Size>
thread_block_tile<Size> tiled_partition(const thread_block &)
{
    return thread_block_tile<Size>();
}

} // namespace cooperative_groups

#endif
