/* traps_emu.cpp - the kernel of traps_gpu.cu, its own source, run on the CPU
 * emulator (common/emulator/): thread_count_invariance --on emu --trap. The
 * emulator stops each mistake where compute-sanitizer would: the trailing
 * partial warp's full-mask shuffle names lanes that never arrive (synccheck's
 * lesson), and the stages without a barrier race on shared memory
 * (racecheck's). */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "cli.h"
#include "common.h"
#include "mappings.cuh"
#include "ops_emu.h"
#include "ops_gpu.h"
#include "traps_gpu.h"

/* The C library, before the namespace below: a kernel file may include it
 * too, and its include guards then keep it out of the namespace (inside
 * one, C++'s <stdlib.h> and <math.h> do not compile). */
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emu_dynamic_shared.h" /* last: it redefines __shared__ for the .cu below */

/* The .cu file's host side is left out: only its kernel is compiled here. */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
#include "traps_gpu.cu"
} // namespace emulated

template <typename T>
static int run_trap(const op_plan *plan, gpu_trap trap, int threads, T alpha, T beta, T *images, int count)
{
    if (threads < 1 || threads > 1024 || count < 1) {
        fprintf(stderr, "error: threads must lie in [1, 1024] and count be at least 1\n");
        exit(EXIT_BAD_INPUT);
    }
    const op_dtype dtype = sizeof(T) == sizeof(float) ? DTYPE_FLOAT : DTYPE_DOUBLE;
    const long long shared = op_shared_bytes(plan, SCOPE_BLOCK, threads, dtype, count);
    if (shared > EMU_SHARED_BYTES) {
        fprintf(stderr, "error: %s needs %lld bytes of shared memory per block, the emulator allows %d (an H200's)\n",
                op_name(plan->op), shared, EMU_SHARED_BYTES);
        exit(EXIT_BAD_INPUT);
    }
    const size_t bytes = (size_t)count * (size_t)plan->image_len * sizeof(T);
    T *d_images = (T *)emu_device_alloc(bytes, "images");
    memcpy(d_images, images, bytes);
    const int status = emu_launch(emulated::op_block_scope_trap_kernel<T>, dim3((unsigned)count),
                                  dim3((unsigned)threads), *plan, trap, alpha, beta, d_images);
    if (status == 0)
        memcpy(images, d_images, bytes);
    emu_device_free(d_images);
    return status;
}

extern "C" int emu_run_trap_float(const op_plan *plan, gpu_trap trap, int threads, float alpha, float beta,
                                  float *images, int count)
{
    return run_trap<float>(plan, trap, threads, alpha, beta, images, count);
}

extern "C" int emu_run_trap_double(const op_plan *plan, gpu_trap trap, int threads, double alpha, double beta,
                                   double *images, int count)
{
    return run_trap<double>(plan, trap, threads, alpha, beta, images, count);
}
