/* sweep_kernel.cuh - the kernel every timing of the chapter runs: one
 * problem per block, its operands resident in shared memory, the op repeated
 * `reps` times. PLAN says where the stage plan comes from: the kernel's
 * argument, read at run time (plan_at_run_time, what every other kernel of
 * the chapter does), or a plan whose sizes are compile-time constants
 * (fixed_stage in fixed_stage.cuh), with which the compiler unrolls the
 * contraction and folds the index arithmetic; the mapping code is the same
 * either way, and so are the bits. A compile-time plan may also say that its
 * result is symmetric (syrk's): then the kernel computes one triangle and
 * stores each result twice (symmetric_mappings.cuh), the same bits again. */
#ifndef REDUCED_OPS_SWEEP_KERNEL_CUH
#define REDUCED_OPS_SWEEP_KERNEL_CUH

#include "mappings.cuh"
#include "symmetric_mappings.cuh"

/* The plan the kernel was given. */
struct plan_at_run_time {
    static __device__ stage_plan stage(const stage_plan &given)
    {
        return given;
    }
    static constexpr bool symmetric = false; /* every output computed */
};

// [listing sweep-kernel]
/* Every block holds its own copy of the problem in shared memory and runs
 * the op `reps` times. The barrier after each op is what real code has when
 * the next op reads this one's result; it also stops the compiler from
 * hoisting the (loop-invariant) contraction out of the repetitions. With
 * beta = 1 each op also reads the C the previous one wrote. */
template <typename T, op_mapping MAPPING, typename PLAN = plan_at_run_time>
__global__ void sweep_kernel(stage_plan stage, int image_len, T alpha, T beta, const T *image, T *results, long reps)
{
    extern __shared__ __align__(16) unsigned char shared_bytes[];
    T *mine = reinterpret_cast<T *>(shared_bytes);
    block_copy(mine, image, image_len);
    __syncthreads();
    const product_stage<T> s = bind_stage(PLAN::stage(stage), mine, alpha, beta);
    for (long r = 0; r < reps; r++) {
        if constexpr (PLAN::symmetric) { /* one triangle, each result stored twice */
            if (MAPPING == MAP_SERIAL)
                block_scope_serial_symmetric(s);
            else
                block_scope_warp_per_output_symmetric(s);
        } else if (MAPPING == MAP_SERIAL) {
            block_scope_serial(s);
        } else {
            block_scope_warp_per_output(s);
        }
        __syncthreads();
    }
    const int n_out = stage.rows * stage.cols;
    block_copy(results + (size_t)blockIdx.x * n_out, mine + stage.c, n_out);
}
// [end]

#endif
