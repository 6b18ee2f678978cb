# reduced_ops/ - serial versus warp-per-output contractions.
#
# The CPU library: the op plans, the double reference and the C emulation of
# both summation orders. Every program of the chapter links it.
REDUCED_CPU_SRCS := reduced_ops/lib/op_plan.c reduced_ops/lib/reference.c reduced_ops/lib/emulate.c \
                    reduced_ops/lib/op_image.c reduced_ops/lib/check_problem.c reduced_ops/lib/block_walk.c

# CPU programs
PROGRAMS += reduced_ops/summation_order reduced_ops/emulation_check reduced_ops/plan_bounds_check \
            reduced_ops/picker_check reduced_ops/mapping_trace
reduced_ops/summation_order.SRCS := reduced_ops/summation_order.c $(REDUCED_CPU_SRCS)
reduced_ops/emulation_check.SRCS := reduced_ops/emulation_check.c $(REDUCED_CPU_SRCS)
reduced_ops/plan_bounds_check.SRCS := reduced_ops/plan_bounds_check.c $(REDUCED_CPU_SRCS)
reduced_ops/mapping_trace.SRCS := reduced_ops/mapping_trace.c reduced_ops/lib/walk_draw.c $(REDUCED_CPU_SRCS)
reduced_ops/picker_check.SRCS := reduced_ops/picker_check.c reduced_ops/lib/picker.c reduced_ops/lib/op_plan.c

# GPU programs (C main, kernels behind extern "C" launch functions)
PROGRAMS += reduced_ops/contraction_check reduced_ops/thread_count_invariance reduced_ops/reduced_ops_sweep
reduced_ops/contraction_check.SRCS := reduced_ops/contraction_check.c reduced_ops/gpu/ops_gpu.cu $(REDUCED_CPU_SRCS)
reduced_ops/thread_count_invariance.SRCS := reduced_ops/thread_count_invariance.c reduced_ops/gpu/ops_gpu.cu \
                                            reduced_ops/gpu/traps_gpu.cu \
                                            $(REDUCED_CPU_SRCS)
reduced_ops/reduced_ops_sweep.SRCS := reduced_ops/reduced_ops_sweep.c reduced_ops/gpu/sweep_gpu.cu reduced_ops/gpu/ops_gpu.cu \
                                      reduced_ops/lib/picker.c $(REDUCED_CPU_SRCS)

# The device code run on the CPU (common/emulator/, compiled with g++): graded
# without a GPU, built with or without nvcc.
PROGRAMS += reduced_ops/emulated_contraction
reduced_ops/emulated_contraction.SRCS := reduced_ops/tests/emulated_contraction.cpp $(REDUCED_CPU_SRCS) $(EMU_SRCS)
