/* traps_gpu.cu - the block-scope kernel of ops_gpu.cu with one mistake
 * each (see traps_gpu.h). Never used for results: only the traps of the
 * chapter run it, to show what the mistake does. */
#include "cuda_check.h"
#include "mappings.cuh"
#include "ops_gpu.h"
#include "traps_gpu.h"

// [listing trap-partial-warp-joins]
/* WRONG: counts the trailing partial warp as a warp. Its lanes that the
 * block lacks never form their terms, and the full-mask shuffle names
 * lanes that do not exist: undefined behaviour. */
template <typename T>
__device__ void block_scope_partial_warp_joins(const product_stage<T> &s)
{
    const int n_out = s.p.rows * s.p.cols;
    const int warps = (blockDim.x + 31) / 32; /* the mistake: blockDim.x / 32 is right */
    const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
    for (int out = warp; out < n_out; out += warps) {
        const T sum = warp_tree_sum(stage_partial(s, out, lane, 32));
        if (lane == 0)
            stage_store(s, out, sum);
    }
}
// [end]

template <typename T>
__global__ void op_block_scope_trap_kernel(op_plan plan, gpu_trap trap, T alpha, T beta, T *images)
{
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *image = reinterpret_cast<T *>(shared_bytes);
    T *mine = images + (size_t)blockIdx.x * plan.image_len;
    block_copy(image, mine, plan.image_len);
    __syncthreads();
    for (int st = 0; st < plan.n_stages; st++) {
        const product_stage<T> s = bind_stage(plan.stage[st], image, alpha, beta);
        if (trap == GPU_TRAP_PARTIAL_WARP_JOINS && blockDim.x >= 32)
            block_scope_partial_warp_joins(s);
        else
            block_scope_warp_per_output(s);
        if (trap != GPU_TRAP_NO_STAGE_BARRIER)
            __syncthreads();
    }
    if (trap == GPU_TRAP_NO_STAGE_BARRIER)
        __syncthreads(); /* only the stages race: the copy back waits for the last one */
    block_copy(mine, image, plan.image_len);
}

#ifndef EMU_KERNELS_ONLY /* the host's side; gpu/traps_emu.cpp takes the kernel alone */
template <typename T>
static void run_trap(const op_plan *plan, gpu_trap trap, int threads, T alpha, T beta, T *images, int count)
{
    if (threads < 1 || threads > 1024 || count < 1) {
        fprintf(stderr, "error: threads must lie in [1, 1024] and count be at least 1\n");
        exit(EXIT_BAD_INPUT);
    }
    const op_dtype dtype = sizeof(T) == sizeof(float) ? DTYPE_FLOAT : DTYPE_DOUBLE;
    const long long shared = op_shared_bytes(plan, SCOPE_BLOCK, threads, dtype, count);
    if (shared > (long long)gpu_shared_bytes_limit()) {
        fprintf(stderr, "error: %s needs %lld bytes of shared memory per block, the device allows %zu\n",
                op_name(plan->op), shared, gpu_shared_bytes_limit());
        exit(EXIT_BAD_INPUT);
    }
    const size_t bytes = (size_t)count * (size_t)plan->image_len * sizeof(T);
    T *d_images = NULL;
    CUDA_CHECK(cudaMalloc(&d_images, bytes));
    CUDA_CHECK(cudaMemcpy(d_images, images, bytes, cudaMemcpyHostToDevice));
    CUDA_CHECK(
        cudaFuncSetAttribute(op_block_scope_trap_kernel<T>, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)shared));
    op_block_scope_trap_kernel<T><<<count, threads, (size_t)shared>>>(*plan, trap, alpha, beta, d_images);
    CUDA_CHECK_LAUNCH();
    CUDA_CHECK(cudaMemcpy(images, d_images, bytes, cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaFree(d_images));
}

extern "C" void gpu_run_trap_float(const op_plan *plan, gpu_trap trap, int threads, float alpha, float beta,
                                   float *images, int count)
{
    run_trap<float>(plan, trap, threads, alpha, beta, images, count);
}

extern "C" void gpu_run_trap_double(const op_plan *plan, gpu_trap trap, int threads, double alpha, double beta,
                                    double *images, int count)
{
    run_trap<double>(plan, trap, threads, alpha, beta, images, count);
}
#endif
