/* device_reduce_cub.cu - the professional's baseline: cub::DeviceReduce::Sum
 * (C++: CUB is a template library), on the same device input as our kernel. */
#include "cuda_check.h"
#include "device_reduce.h"

#include <cub/device/device_reduce.cuh>

typedef struct {
    device_reduce_plan *plan;
    void *d_temp;
    size_t temp_bytes;
} cub_ctx;

template <typename T>
static void cub_sum(cub_ctx *c)
{
    const T *x = (const T *)c->plan->d_base + c->plan->offset;
    CUDA_CHECK(cub::DeviceReduce::Sum(c->d_temp, c->temp_bytes, x, (T *)c->plan->d_out, (long long)c->plan->n));
    CUDA_CHECK_LAUNCH();
}

static void launch_cub(void *p)
{
    cub_ctx *c = (cub_ctx *)p;
    if (c->plan->type == ELEM_FLOAT)
        cub_sum<float>(c);
    else
        cub_sum<double>(c);
}

struct cub_reduce {
    cub_ctx c;
};

extern "C" cub_reduce *cub_reduce_create(device_reduce_plan *plan)
{
    cub_reduce *r = (cub_reduce *)malloc(sizeof *r);
    if (r == NULL) {
        fprintf(stderr, "error: out of host memory\n");
        exit(EXIT_MISMATCH);
    }
    r->c = cub_ctx{ plan, NULL, 0 };
    launch_cub(&r->c); /* d_temp == NULL: asks for the temp storage size only */
    CUDA_CHECK(cudaMalloc(&r->c.d_temp, r->c.temp_bytes > 0 ? r->c.temp_bytes : 1));
    return r;
}

extern "C" void cub_reduce_launch(cub_reduce *r)
{
    launch_cub(&r->c);
}

extern "C" void cub_reduce_destroy(cub_reduce *r)
{
    CUDA_CHECK(cudaFree(r->c.d_temp));
    free(r);
}

extern "C" double cub_reduce_time_ms(device_reduce_plan *plan, int reps, double *spread, double *result)
{
    cub_ctx c = { plan, NULL, 0 };
    launch_cub(&c); /* d_temp == NULL: asks for the temp storage size only */
    CUDA_CHECK(cudaMalloc(&c.d_temp, c.temp_bytes > 0 ? c.temp_bytes : 1));
    const double ms = gpu_median_ms(launch_cub, &c, 3, reps, spread);
    *result = device_reduce_result(plan);
    CUDA_CHECK(cudaFree(c.d_temp));
    return ms;
}
