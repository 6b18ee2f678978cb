/* dependent_launch.cuh - a pass that may be launched before the pass it
 * reads has finished (programmatic dependent launch, sm_90 and later).
 *
 * Between two kernels of a stream the GPU normally drains the first grid,
 * then launches the second: a few microseconds in which no SM works. With
 * the launch attribute below, the second grid is launched as soon as every
 * block of the first has said it no longer needs to hold it back
 * (let_next_pass_launch); its blocks then wait, at
 * wait_for_previous_pass, until the first grid has finished and its writes
 * are visible. Nothing is read early, so nothing can change: the launch
 * latency is hidden behind the first pass's last wave. On older GPUs (and
 * in the host code of builds for them) both calls do nothing and the
 * launch is an ordinary one. */
#ifndef CANONICAL_SCAN_DEPENDENT_LAUNCH_CUH
#define CANONICAL_SCAN_DEPENDENT_LAUNCH_CUH

#include "cuda_check.h"

// [listing dependent-launch]
/* Before the first read of what the previous pass wrote. */
__device__ __forceinline__ void wait_for_previous_pass(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.wait;" ::: "memory");
#endif
}

/* Once this block has issued its loads: the next pass may be launched. */
__device__ __forceinline__ void let_next_pass_launch(void)
{
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
    asm volatile("griddepcontrol.launch_dependents;" ::: "memory");
#endif
}
// [end]

/* Host: does the current device take dependent launches (compute 9.0+)? */
static inline int device_takes_dependent_launch(void)
{
    int device = 0, major = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
    return major >= 9;
}

/* Host: kernel<<<blocks, threads>>>(args...), as a dependent launch when
 * `dependent` (the kernel then calls wait_for_previous_pass before it reads
 * the previous pass's output). A C++ variadic template: the one way to pass
 * any kernel's parameters through cudaLaunchKernelEx with their types. */
template <typename... Params, typename... Args>
static void launch_pass(void (*kernel)(Params...), unsigned blocks, unsigned threads, int dependent,
                        Args... args)
{
    cudaLaunchAttribute attribute[1];
    attribute[0].id = cudaLaunchAttributeProgrammaticStreamSerialization;
    attribute[0].val.programmaticStreamSerializationAllowed = 1;
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(blocks);
    config.blockDim = dim3(threads);
    config.dynamicSmemBytes = 0;
    config.stream = 0;
    config.attrs = attribute;
    config.numAttrs = dependent ? 1 : 0;
    CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, args...));
}

#endif
