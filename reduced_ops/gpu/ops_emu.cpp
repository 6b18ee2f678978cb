/* ops_emu.cpp - the two kernels of ops_gpu.cu, their own source, run on the
 * CPU emulator (common/emulator/): contraction_check --on emu and
 * thread_count_invariance --on emu. Each block's problems are copied into
 * the dynamic shared memory of emu_dynamic_shared.h, as on the GPU. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "cli.h"
#include "common.h"
#include "launch_checks.h"
#include "mappings.cuh"
#include "ops_emu.h"
#include "ops_gpu.h"

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

/* The .cu file's host side is left out: only its kernels are compiled here,
 * with g++, in a namespace of their own (a CUDA build links the GPU's). */
#define EMU_KERNELS_ONLY
#define COMMON_CUDA_CHECK_H /* cuda_check.h is for the host side */
namespace emulated
{
__attribute__((section("emu_shared"), aligned(16))) unsigned char shared_bytes[EMU_SHARED_BYTES];

static inline int min(int a, int b) /* CUDA's device min() */
{
    return a < b ? a : b;
}
#include "ops_gpu.cu"
} // namespace emulated

/* The launch configuration, checked as ops_gpu.cu's run_op() checks it. */
static long long checked_shared_bytes(const op_plan *plan, op_scope scope, int threads, op_dtype dtype, int count)
{
    check_op_launch(scope, threads, count);
    const long long shared = op_shared_bytes(plan, scope, threads, dtype, count);
    if (shared > EMU_SHARED_BYTES) {
        fprintf(stderr, "error: %s needs %lld bytes of shared memory per block, the emulator allows %d (an H200's)\n",
                op_name(plan->op), shared, EMU_SHARED_BYTES);
        exit(EXIT_BAD_INPUT);
    }
    return shared;
}

template <typename T>
static int run_op(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, T alpha, T beta, T *images,
                  int count)
{
    const op_dtype dtype = sizeof(T) == sizeof(float) ? DTYPE_FLOAT : DTYPE_DOUBLE;
    checked_shared_bytes(plan, scope, threads, dtype, count);
    const int per_block = op_problems_per_block(scope, threads, count);
    const unsigned blocks = (unsigned)((count + per_block - 1) / per_block);
    const size_t bytes = (size_t)count * (size_t)plan->image_len * sizeof(T);
    T *d_images = (T *)emu_device_alloc(bytes, "images");
    memcpy(d_images, images, bytes);
    int status;
    if (scope == SCOPE_BLOCK)
        status = emu_launch(emulated::op_block_scope_kernel<T>, dim3(blocks), dim3((unsigned)threads), *plan, mapping,
                            alpha, beta, d_images);
    else
        status = emu_launch(emulated::op_warp_scope_kernel<T>, dim3(blocks), dim3((unsigned)threads), *plan, mapping,
                            scope, alpha, beta, d_images, count);
    if (status == 0)
        memcpy(images, d_images, bytes);
    emu_device_free(d_images);
    return status;
}

extern "C" int emu_run_op_float(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, float alpha,
                                float beta, float *images, int count)
{
    return run_op<float>(plan, mapping, scope, threads, alpha, beta, images, count);
}

extern "C" int emu_run_op_double(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, double alpha,
                                 double beta, double *images, int count)
{
    return run_op<double>(plan, mapping, scope, threads, alpha, beta, images, count);
}
