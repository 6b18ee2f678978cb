/* ops_gpu.cu - runs any op of op_plan.h with any mapping and scope, each
 * problem resident in shared memory: the kernels the tests check bit for
 * bit against emulate.c. Templates only for the element type (one source
 * for float and double). */
#include "cli.h"
#include "cuda_check.h"
#include "launch_checks.h"
#include "mappings.cuh"
#include "ops_gpu.h"

// [listing block-scope-kernel]
/* One block per problem: the block loads the image into shared memory,
 * runs the stages with a barrier after each, and writes the image back. */
template <typename T>
__global__ void op_block_scope_kernel(op_plan plan, op_mapping mapping, T alpha, T beta, T *images)
{
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *image = reinterpret_cast<T *>(shared_bytes);
    T *mine = images + (size_t)blockIdx.x * plan.image_len;
    block_copy(image, mine, plan.image_len);
    __syncthreads();
    for (int st = 0; st < plan.n_stages; st++) {
        const product_stage<T> s = bind_stage(plan.stage[st], image, alpha, beta);
        if (mapping == MAP_SERIAL)
            block_scope_serial(s);
        else
            block_scope_warp_per_output(s);
        __syncthreads(); /* the next stage reads this stage's output */
    }
    block_copy(mine, image, plan.image_len);
}
// [end]

/* One warp per problem, threads/32 problems per block; the warps of the last
 * block that have no problem only help with the copies. */
template <typename T>
__global__ void op_warp_scope_kernel(op_plan plan, op_mapping mapping, op_scope scope, T alpha, T beta, T *images,
                                     int count)
{
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *shared_images = reinterpret_cast<T *>(shared_bytes);
    const int warps = blockDim.x / 32;
    const int first = blockIdx.x * warps;
    const int here = min(warps, count - first); /* >= 1: the grid is ceil(count / warps) */
    T *mine = images + (size_t)first * plan.image_len;
    block_copy(shared_images, mine, here * plan.image_len);
    __syncthreads();
    const cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    if (warp < here) { /* warp-uniform: whole warps enter or skip */
        T *image = shared_images + warp * plan.image_len;
        for (int st = 0; st < plan.n_stages; st++) {
            const product_stage<T> s = bind_stage(plan.stage[st], image, alpha, beta);
            if (mapping == MAP_SERIAL)
                warp_scope_serial(s, lane);
            else if (scope == SCOPE_TILE)
                tile_scope_warp_per_output(tile, s);
            else
                warp_scope_warp_per_output(s, lane);
            __syncwarp(); /* the next stage reads what other lanes stored */
        }
    }
    __syncthreads();
    block_copy(mine, shared_images, here * plan.image_len);
}

#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/ops_emu.cpp takes the kernels alone */
extern "C" size_t gpu_shared_bytes_limit(void)
{
    int device = 0, bytes = 0;
    CUDA_CHECK(cudaGetDevice(&device));
    CUDA_CHECK(cudaDeviceGetAttribute(&bytes, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    return (size_t)bytes;
}

template <typename T>
static void run_op(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, T alpha, T beta, T *images,
                   int count)
{
    check_op_launch(scope, threads, count); /* before anything is launched */
    const op_dtype dtype = sizeof(T) == sizeof(float) ? DTYPE_FLOAT : DTYPE_DOUBLE;
    const long long shared = op_shared_bytes(plan, scope, threads, dtype, count);
    if (shared > (long long)gpu_shared_bytes_limit()) {
        fprintf(stderr, "error: %s needs %lld bytes of shared memory per block, the device allows %zu\n",
                op_name(plan->op), shared, gpu_shared_bytes_limit());
        exit(EXIT_BAD_INPUT);
    }
    const int per_block = op_problems_per_block(scope, threads, count);
    const int blocks = (count + per_block - 1) / per_block;

    const size_t bytes = (size_t)count * (size_t)plan->image_len * sizeof(T);
    T *d_images = NULL;
    CUDA_CHECK(cudaMalloc(&d_images, bytes));
    CUDA_CHECK(cudaMemcpy(d_images, images, bytes, cudaMemcpyHostToDevice));
    if (scope == SCOPE_BLOCK) {
        CUDA_CHECK(
            cudaFuncSetAttribute(op_block_scope_kernel<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared));
        op_block_scope_kernel<T><<<blocks, threads, (size_t)shared>>>(*plan, mapping, alpha, beta, d_images);
    } else {
        CUDA_CHECK(
            cudaFuncSetAttribute(op_warp_scope_kernel<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared));
        op_warp_scope_kernel<T>
            <<<blocks, threads, (size_t)shared>>>(*plan, mapping, scope, alpha, beta, d_images, count);
    }
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(images, d_images, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_images));
}

extern "C" void gpu_run_op_float(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, float alpha,
                                 float beta, float *images, int count)
{
    run_op<float>(plan, mapping, scope, threads, alpha, beta, images, count);
}

extern "C" void gpu_run_op_double(const op_plan *plan, op_mapping mapping, op_scope scope, int threads, double alpha,
                                  double beta, double *images, int count)
{
    run_op<double>(plan, mapping, scope, threads, alpha, beta, images, count);
}
#endif
