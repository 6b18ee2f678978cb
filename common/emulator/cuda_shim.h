/* cuda_shim.h - just enough of CUDA for g++ to compile a kernel's source as
 * plain C++ and run it on the CPU, one thread after another (common/emulator/).
 *
 * Why C++ and not C: a CUDA source is C++ (templates such as warp_sum<T>,
 * references, default arguments), so the emulation compiles it with g++.
 * Include this header before the kernel's .cuh; nothing else changes.
 *
 * What the words become:
 *   __global__ __device__ __host__   nothing: a kernel is an ordinary function
 *   __shared__                       `static`, in the section emu_shared: the
 *                                    blocks of a launch run one after another,
 *                                    so one static is exactly one block's
 *                                    shared memory; the checks (emu_check.cpp)
 *                                    watch that section, and poison it at
 *                                    the start of every block
 *   threadIdx blockIdx blockDim gridDim   globals, set by the scheduler each
 *                                    time it switches to another thread
 *   __syncthreads __syncwarp, shuffles, ballots   calls into the scheduler
 *   __syncthreads_or/_and/_count     the barrier, counting the predicates
 *                                    (emu_block.cpp, emu_warp.cpp)
 *   atomicAdd                        a plain read-add-write: one OS thread runs
 *                                    everything, nothing can come in between
 *                                    (the checks see it as atomic: no race
 *                                    with another atomic, a race with a
 *                                    plain access of another thread)
 *   __threadfence                    nothing, for the same reason
 *
 * Each barrier and warp operation records the file and line it was called
 * from (GCC's __builtin_FILE/__builtin_LINE as default arguments), so an
 * error names the line of the kernel. */
#ifndef COMMON_EMULATOR_CUDA_SHIM_H
#define COMMON_EMULATOR_CUDA_SHIM_H

#include <stdint.h>
#include <string.h>

#define __global__
#define __device__
#define __host__
#define __forceinline__ inline
#define __noinline__ __attribute__((noinline))
#define __launch_bounds__(...)
#define __align__(n) __attribute__((aligned(n)))
#if defined(__APPLE__)
#define __shared__ static __attribute__((section("__DATA,emu_shared")))
#else
#define __shared__ static __attribute__((section("emu_shared")))
#endif
/* __restrict__ is understood by g++ as it is. */

struct uint3 {
    unsigned int x, y, z;
};
struct dim3 {
    unsigned int x, y, z;
    dim3(unsigned int x_ = 1, unsigned int y_ = 1, unsigned int z_ = 1) : x(x_), y(y_), z(z_) {}
};

/* The vector types the kernels load 16 bytes at a time with: same size and
 * alignment as CUDA's, so a reinterpret_cast of an aligned pointer works. */
struct __attribute__((aligned(8))) float2 {
    float x, y;
};
struct __attribute__((aligned(16))) float4 {
    float x, y, z, w;
};
struct __attribute__((aligned(16))) double2 {
    double x, y;
};
struct __attribute__((aligned(8))) int2 {
    int x, y;
};
struct __attribute__((aligned(16))) int4 {
    int x, y, z, w;
};

extern uint3 threadIdx, blockIdx;
extern dim3 blockDim, gridDim;

namespace emu
{
/* The warp operations the scheduler knows (emu_warp.cpp). */
enum warp_op { OP_SYNCWARP, OP_BALLOT, OP_SHFL_IDX, OP_SHFL_UP, OP_SHFL_DOWN, OP_SHFL_XOR };
/* Offers `value` (the bits of a T of at most 8 bytes), waits until every lane
 * of `mask` has arrived at the same line, and returns what the operation
 * hands this lane. Never returns after an error (see emu_block.cpp). */
uint64_t warp_exchange(warp_op op, unsigned mask, uint64_t value, int arg, int width, const char *file, int line);
void block_barrier(const char *file, int line, int vote = 0);
/* The barrier, returning how many threads of the block passed a non-zero
 * predicate (emu_block.cpp). */
int block_barrier_count(int predicate, const char *file, int line);
/* An atomic read-modify-write of `size` bytes, by the atomic `name` (a
 * string that lives as long as the program), called
 * from `pc` (emu_check.cpp). */
void atomic_access(void *addr, size_t size, const char *name, const void *pc);

template <typename T>
uint64_t bits_of(T v)
{
    static_assert(sizeof(T) <= 8, "a shuffle moves at most 8 bytes");
    uint64_t b = 0;
    memcpy(&b, &v, sizeof v);
    return b;
}
template <typename T>
T from_bits(uint64_t b)
{
    T v;
    memcpy(&v, &b, sizeof v);
    return v;
}
template <typename T>
T shuffle(warp_op op, unsigned mask, T v, int arg, int width, const char *file, int line)
{
    return from_bits<T>(warp_exchange(op, mask, bits_of(v), arg, width, file, line));
}
} // namespace emu

inline void __syncthreads(const char *file = __builtin_FILE(), int line = __builtin_LINE())
{
    emu::block_barrier(file, line);
}
inline int __syncthreads_count(int predicate, const char *file = __builtin_FILE(), int line = __builtin_LINE())
{
    return emu::block_barrier_count(predicate, file, line);
}
inline int __syncthreads_or(int predicate, const char *file = __builtin_FILE(), int line = __builtin_LINE())
{
    return emu::block_barrier_count(predicate, file, line) != 0;
}
inline int __syncthreads_and(int predicate, const char *file = __builtin_FILE(), int line = __builtin_LINE())
{
    return emu::block_barrier_count(predicate, file, line) == (int)(blockDim.x * blockDim.y * blockDim.z);
}
inline void __syncwarp(unsigned mask = 0xffffffffu, const char *file = __builtin_FILE(), int line = __builtin_LINE())
{
    emu::warp_exchange(emu::OP_SYNCWARP, mask, 0, 0, 32, file, line);
}
inline unsigned __ballot_sync(unsigned mask, int predicate, const char *file = __builtin_FILE(),
                              int line = __builtin_LINE())
{
    return (unsigned)emu::warp_exchange(emu::OP_BALLOT, mask, predicate != 0, 0, 32, file, line);
}
template <typename T>
T __shfl_sync(unsigned mask, T v, int src_lane, int width = 32, const char *file = __builtin_FILE(),
              int line = __builtin_LINE())
{
    return emu::shuffle(emu::OP_SHFL_IDX, mask, v, src_lane, width, file, line);
}
template <typename T>
T __shfl_up_sync(unsigned mask, T v, unsigned delta, int width = 32, const char *file = __builtin_FILE(),
                 int line = __builtin_LINE())
{
    return emu::shuffle(emu::OP_SHFL_UP, mask, v, (int)delta, width, file, line);
}
template <typename T>
T __shfl_down_sync(unsigned mask, T v, unsigned delta, int width = 32, const char *file = __builtin_FILE(),
                   int line = __builtin_LINE())
{
    return emu::shuffle(emu::OP_SHFL_DOWN, mask, v, (int)delta, width, file, line);
}
template <typename T>
T __shfl_xor_sync(unsigned mask, T v, int lane_mask, int width = 32, const char *file = __builtin_FILE(),
                  int line = __builtin_LINE())
{
    return emu::shuffle(emu::OP_SHFL_XOR, mask, v, lane_mask, width, file, line);
}

/* Not instrumented (the checks would see a plain read and write): it tells
 * them itself. */
template <typename T>
__attribute__((no_sanitize_thread, noinline)) T atomicAdd(T *address, T v)
{
    emu::atomic_access(address, sizeof(T), "atomicAdd", __builtin_return_address(0));
    const T old = *address;
    *address = old + v;
    return old;
}
inline void __threadfence(void) {}

/* Bit counts, as the GPU's intrinsics define them. */
inline int __popc(unsigned x)
{
    return __builtin_popcount(x);
}
inline int __popcll(unsigned long long x)
{
    return __builtin_popcountll(x);
}
inline int __ffs(int x)
{
    return __builtin_ffs(x);
}
inline int __clz(int x)
{
    return x == 0 ? 32 : __builtin_clz((unsigned)x);
}

#endif
