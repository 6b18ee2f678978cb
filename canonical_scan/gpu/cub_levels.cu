/* cub_levels.cu - see cub_levels.h. C++ because CUB and its execution
 * environments are templates. Build with CCCL_DIR=... (make) to get the
 * determinism API; the toolkit's own CCCL may be too old for it. */
#include "cub_levels.h"
#include "cuda_check.h"

#include <climits>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/version.cuh>

#if CUB_VERSION >= 300100
#include <cuda/memory_resource>
#include <cuda/std/execution>
#define HAVE_DETERMINISM_API 1
#else
#define HAVE_DETERMINISM_API 0
#endif

struct cub_levels {
    int n;
    void *d_temp;
    size_t temp_bytes;
};

extern "C" int cub_levels_available(void)
{
    return HAVE_DETERMINISM_API;
}

extern "C" int cub_levels_cccl_version(void)
{
    return CUB_VERSION * 10; /* CUB_VERSION is MMmmpp: 300600 -> 3006000 like CCCL_VERSION */
}

#if HAVE_DETERMINISM_API
/* A memory resource that hands CUB one buffer allocated beforehand: the
 * environment overloads would otherwise cudaMallocAsync and free their
 * temporary storage on every call, and that is not what is being compared. */
struct preallocated_resource {
    void *ptr;
    size_t bytes;
    void *allocate(cuda::stream_ref, size_t b, size_t)
    {
        if (b > bytes) {
            fprintf(stderr, "error: CUB asked for %zu bytes of temporary storage, %zu were set aside\n", b, bytes);
            exit(EXIT_MISMATCH);
        }
        return ptr;
    }
    void deallocate(cuda::stream_ref, void *, size_t, size_t) noexcept {}
    void *allocate_sync(size_t b, size_t)
    {
        return b <= bytes ? ptr : nullptr;
    }
    void deallocate_sync(void *, size_t, size_t) noexcept {}
    bool operator==(const preallocated_resource &o) const
    {
        return ptr == o.ptr;
    }
    bool operator!=(const preallocated_resource &o) const
    {
        return ptr != o.ptr;
    }
    friend constexpr void get_property(const preallocated_resource &, cuda::mr::device_accessible) noexcept {}
};

template <class Level>
static auto environment(cub_levels *c, Level level)
{
    return cuda::std::execution::env{ cuda::execution::require(level),
                                      cuda::std::execution::prop{ cuda::mr::get_memory_resource,
                                                                  preallocated_resource{ c->d_temp, c->temp_bytes } } };
}

/* The largest temporary storage any level asks for at n: the two-phase API
 * of the classic calls reports it; the reproducible accumulator's needs are
 * covered by a generous floor (its partials are a few per block). */
static size_t storage_for(int n)
{
    size_t reduce_bytes = 0, scan_bytes = 0;
    CUDA_CHECK(cub::DeviceReduce::Sum(NULL, reduce_bytes, (const double *)NULL, (double *)NULL, n));
    CUDA_CHECK(cub::DeviceScan::InclusiveSum(NULL, scan_bytes, (const double *)NULL, (double *)NULL, n));
    const size_t classic = reduce_bytes > scan_bytes ? reduce_bytes : scan_bytes;
    const size_t floor = (size_t)64 << 20;
    return classic > floor ? 4 * classic : floor;
}
#endif

extern "C" cub_levels *cub_levels_create(size_t n)
{
    if (n == 0 || n > (size_t)INT_MAX) {
        fprintf(stderr, "error: the CUB levels take 1 .. 2^31-1 elements, got %zu\n", n);
        exit(EXIT_BAD_INPUT);
    }
    cub_levels *c = (cub_levels *)calloc(1, sizeof *c);
    if (c == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_BAD_INPUT);
    }
    c->n = (int)n;
#if HAVE_DETERMINISM_API
    c->temp_bytes = storage_for(c->n);
    CUDA_CHECK(cudaMalloc(&c->d_temp, c->temp_bytes));
#endif
    return c;
}

extern "C" void cub_levels_reduce(cub_levels *c, cub_level level, const double *d_x, double *d_sum)
{
#if HAVE_DETERMINISM_API
    namespace det = cuda::execution::determinism;
    switch (level) {
    case CUB_NOT_GUARANTEED:
        CUDA_CHECK(cub::DeviceReduce::Sum(d_x, d_sum, c->n, environment(c, det::not_guaranteed)));
        break;
    case CUB_RUN_TO_RUN: CUDA_CHECK(cub::DeviceReduce::Sum(d_x, d_sum, c->n, environment(c, det::run_to_run))); break;
    default: CUDA_CHECK(cub::DeviceReduce::Sum(d_x, d_sum, c->n, environment(c, det::gpu_to_gpu))); break;
    }
    CUDA_CHECK_LAUNCH();
#else
    (void)c, (void)level, (void)d_x, (void)d_sum;
    fprintf(stderr, "error: built without the CCCL determinism API (make CCCL_DIR=...)\n");
    exit(EXIT_MISMATCH);
#endif
}

extern "C" void cub_levels_inclusive_scan(cub_levels *c, cub_level level, const double *d_x, double *d_out)
{
#if HAVE_DETERMINISM_API
    namespace det = cuda::execution::determinism;
    if (level == CUB_RUN_TO_RUN)
        CUDA_CHECK(cub::DeviceScan::InclusiveSum(d_x, d_out, c->n, environment(c, det::run_to_run)));
    else
        CUDA_CHECK(cub::DeviceScan::InclusiveSum(d_x, d_out, c->n, environment(c, det::not_guaranteed)));
    CUDA_CHECK_LAUNCH();
#else
    (void)c, (void)level, (void)d_x, (void)d_out;
    fprintf(stderr, "error: built without the CCCL determinism API (make CCCL_DIR=...)\n");
    exit(EXIT_MISMATCH);
#endif
}

extern "C" void cub_levels_destroy(cub_levels *c)
{
    if (c == NULL)
        return;
    if (c->d_temp != NULL)
        CUDA_CHECK(cudaFree(c->d_temp));
    free(c);
}

extern "C" double cub_levels_time_once_ms(void (*launch)(void *ctx), void *ctx)
{
    gpu_timer t;
    gpu_timer_create(&t);
    gpu_timer_start(&t);
    launch(ctx);
    const double ms = gpu_timer_stop_ms(&t);
    CUDA_CHECK_LAUNCH();
    gpu_timer_destroy(&t);
    return ms;
}
