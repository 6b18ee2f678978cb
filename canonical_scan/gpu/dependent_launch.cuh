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
 * latency is hidden behind the first pass's last wave. On older GPUs, and
 * for code compiled for them, both calls compile to nothing and the host
 * launches the ordinary way (kernel_runs_sm90_code). */
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

/* Host: does `kernel` run sm_90 code -- may it be launched as a dependent
 * launch, or in thread-block clusters? The device must take them (compute
 * 9.0 and later) AND the kernel must have been compiled for one: code that
 * the driver compiled from older PTX (a compute_80 build running on a
 * Hopper GPU) has no wait_for_previous_pass, and launched early it would
 * read the previous pass's output too soon. */
template <typename... Params>
static int kernel_runs_sm90_code(void (*kernel)(Params...))
{
    int device = 0, major = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device));
    if (major < 9)
        return 0;
    cudaFuncAttributes attributes;
    CUDA_CHECK(cudaFuncGetAttributes(&attributes, (const void *)kernel));
    return attributes.ptxVersion >= 90; /* the virtual architecture it was compiled for, x10 */
}

/* Host: kernel<<<blocks, threads>>>(args...), as a dependent launch when
 * `dependent` (the kernel then calls wait_for_previous_pass before it reads
 * the previous pass's output). A C++ variadic template: the one way to pass
 * any kernel's parameters through cudaLaunchKernelEx with their types. */
template <typename... Params, typename... Args>
static void launch_pass_in_clusters(void (*kernel)(Params...), unsigned blocks, unsigned threads, int dependent,
                                    unsigned cluster, Args... args)
{
    cudaLaunchAttribute attribute[2];
    unsigned n = 0;
    if (dependent) {
        attribute[n].id = cudaLaunchAttributeProgrammaticStreamSerialization;
        attribute[n++].val.programmaticStreamSerializationAllowed = 1;
    }
    if (cluster > 1) { /* thread-block clusters (sm_90+): `cluster` consecutive blocks share a GPC */
        attribute[n].id = cudaLaunchAttributeClusterDimension;
        attribute[n].val.clusterDim.x = cluster;
        attribute[n].val.clusterDim.y = 1;
        attribute[n++].val.clusterDim.z = 1;
    }
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(blocks);
    config.blockDim = dim3(threads);
    config.dynamicSmemBytes = 0;
    config.stream = 0;
    config.attrs = attribute;
    config.numAttrs = n;
    CUDA_CHECK(cudaLaunchKernelEx(&config, kernel, args...));
}

template <typename... Params, typename... Args>
static void launch_pass(void (*kernel)(Params...), unsigned blocks, unsigned threads, int dependent, Args... args)
{
    launch_pass_in_clusters(kernel, blocks, threads, dependent, 1, args...);
}

#endif
