/* fixed_stage.cuh - the stage plan of gemm, gemv or syrk with its sizes as
 * compile-time constants, for sweep_kernel's PLAN. GLASS takes its sizes as
 * template parameters; given the same, the compiler turns the chapter's own
 * mapping code into the same kind of instruction stream: the contraction
 * unrolled, every shared-memory offset an immediate, out / cols a
 * multiply-shift. The plan is written down here a second time (op_plan.c is
 * C, not constexpr), so the host compares the two field by field before it
 * launches anything (fixed_stage_matches). syrk's plan reads A on both
 * sides, so its result is symmetric: `symmetric` says so, taken from the plan
 * itself, and sweep_kernel then runs the mappings of symmetric_mappings.cuh,
 * which compute one triangle. */
#ifndef REDUCED_OPS_FIXED_STAGE_CUH
#define REDUCED_OPS_FIXED_STAGE_CUH

#include "op_plan.h"
#include "symmetric_mappings.cuh"

/* The layout of op_plan_make: A m*k first, then B k*n (gemm) or x k (gemv),
 * then the result; syrk reads A as its own transpose. */
template <op_kind OP, int M, int N, int K>
static __host__ __device__ constexpr stage_plan fixed_stage_plan()
{
    static_assert(OP == OP_GEMM || OP == OP_GEMV || OP == OP_SYRK, "gemm, gemv and syrk only");
    stage_plan s{};
    const int a_len = M * K;
    const int b_len = OP == OP_GEMM ? K * N : OP == OP_GEMV ? K : 0;
    s.rows = M;
    s.cols = OP == OP_GEMM ? N : OP == OP_GEMV ? 1 : M;
    s.len = K;
    s.a = 0;
    s.a_row = K;
    s.a_k = 1;
    s.b = OP == OP_SYRK ? 0 : a_len;
    s.b_k = OP == OP_GEMM ? N : 1;
    s.b_col = OP == OP_GEMM ? 1 : OP == OP_GEMV ? 0 : K;
    s.c = a_len + b_len;
    s.scaled = 1;
    s.a_region = op_region{ 0, a_len };
    s.b_region = OP == OP_SYRK ? op_region{ 0, a_len } : op_region{ a_len, b_len };
    s.c_region = op_region{ a_len + b_len, s.rows * s.cols };
    return s;
}

template <op_kind OP, int M, int N, int K>
struct fixed_stage {
    static __host__ __device__ constexpr stage_plan make()
    {
        return fixed_stage_plan<OP, M, N, K>();
    }
    static __device__ stage_plan stage(const stage_plan &)
    {
        return make();
    }
    /* true for syrk alone: only its stage reads one operand on both sides */
    static constexpr bool symmetric = stage_is_symmetric(fixed_stage_plan<OP, M, N, K>());
};

static inline bool same_region(op_region x, op_region y)
{
    return x.begin == y.begin && x.len == y.len;
}

/* True when the compile-time plan is the one op_plan_make made. */
static inline bool fixed_stage_matches(const stage_plan &fixed, const stage_plan &made)
{
    return fixed.rows == made.rows && fixed.cols == made.cols && fixed.len == made.len && fixed.a == made.a &&
           fixed.a_row == made.a_row && fixed.a_k == made.a_k && fixed.b == made.b && fixed.b_k == made.b_k &&
           fixed.b_col == made.b_col && fixed.c == made.c && fixed.scaled == made.scaled &&
           same_region(fixed.a_region, made.a_region) && same_region(fixed.b_region, made.b_region) &&
           same_region(fixed.c_region, made.c_region);
}

#endif
