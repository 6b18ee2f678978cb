/* hello_threads_emu.cpp - the kernel of hello_threads.cu, its own source,
 * run on the CPU emulator (common/emulator/): hello_threads --on emu. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "hello_threads.h"

/* The .cu file's host side is left out: only its kernel is compiled here,
 * with g++, in a namespace of its own (a CUDA build links the GPU's). */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "hello_threads.cu"
}

#include <string.h>

extern "C" int emu_vector_add_traced(const float *a, const float *b, float *c, int *block_of, int *thread_of, int n,
                                     int block)
{
    const size_t floats = (size_t)n * sizeof(float), ints = (size_t)n * sizeof(int);
    float *d_a = (float *)emu_device_alloc(floats, "a"), *d_b = (float *)emu_device_alloc(floats, "b");
    float *d_c = (float *)emu_device_alloc(floats, "c");
    int *d_block = (int *)emu_device_alloc(ints, "block_of"), *d_thread = (int *)emu_device_alloc(ints, "thread_of");
    memcpy(d_a, a, floats);
    memcpy(d_b, b, floats);
    const int blocks = (n + block - 1) / block;
    const int status = emu_launch(emulated::vector_add_traced, dim3(blocks), dim3(block), (const float *)d_a,
                                  (const float *)d_b, d_c, d_block, d_thread, n);
    if (status == 0) {
        memcpy(c, d_c, floats);
        memcpy(block_of, d_block, ints);
        memcpy(thread_of, d_thread, ints);
    }
    emu_device_free(d_a);
    emu_device_free(d_b);
    emu_device_free(d_c);
    emu_device_free(d_block);
    emu_device_free(d_thread);
    return status;
}
