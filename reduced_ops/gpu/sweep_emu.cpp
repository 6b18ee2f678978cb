/* sweep_emu.cpp - the kernel every timing of the chapter runs
 * (sweep_kernel.cuh, through sweep_gpu.cu), its own source, run once on the
 * CPU emulator (common/emulator/): reduced_ops_sweep --on emu --check-only.
 * The emulator checks the cells' bits; it has no clock worth timing. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "cli.h"
#include "common.h"
#include "launch_checks.h"
#include "mappings.cuh"
#include "ops_emu.h"
#include "ops_gpu.h"
#include "sweep_gpu.h"
#include "symmetric_mappings.cuh"

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
#include "sweep_gpu.cu"
} // namespace emulated

/* As sweep_gpu.cu's sweep_setup() and sweep_once(), with reps = 1. */
template <typename T>
static int sweep_once(const op_plan *plan, op_mapping mapping, int threads, int blocks, T alpha, T beta, const T *image,
                      T *results)
{
    check_sweep_launch(plan, threads, blocks);
    const size_t shared = (size_t)plan->image_len * sizeof(T);
    if (shared > EMU_SHARED_BYTES)
        cli_refuse("the operands do not fit in one block's shared memory");
    const stage_plan stage = plan->stage[0];
    const size_t result_bytes = (size_t)blocks * (size_t)(stage.rows * stage.cols) * sizeof(T);
    T *d_image = (T *)emu_device_alloc(shared, "image");
    T *d_results = (T *)emu_device_alloc(result_bytes, "results");
    memcpy(d_image, image, shared);
    const long reps = 1;
    const int status = mapping == MAP_SERIAL
                           ? emu_launch(emulated::sweep_kernel<T, MAP_SERIAL>, dim3((unsigned)blocks),
                                        dim3((unsigned)threads), stage, plan->image_len, alpha, beta,
                                        (const T *)d_image, d_results, reps)
                           : emu_launch(emulated::sweep_kernel<T, MAP_WARP_PER_OUTPUT>, dim3((unsigned)blocks),
                                        dim3((unsigned)threads), stage, plan->image_len, alpha, beta,
                                        (const T *)d_image, d_results, reps);
    if (status == 0)
        memcpy(results, d_results, result_bytes);
    emu_device_free(d_image);
    emu_device_free(d_results);
    return status;
}

extern "C" int emu_sweep_once_float(const op_plan *plan, op_mapping mapping, int threads, int blocks, float alpha,
                                    float beta, const float *image, float *results)
{
    return sweep_once<float>(plan, mapping, threads, blocks, alpha, beta, image, results);
}

extern "C" int emu_sweep_once_double(const op_plan *plan, op_mapping mapping, int threads, int blocks, double alpha,
                                     double beta, const double *image, double *results)
{
    return sweep_once<double>(plan, mapping, threads, blocks, alpha, beta, image, results);
}
