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
# the closed form t -> (i, j) of the symmetric mappings (lib/lower_triangle.h)
PROGRAMS += reduced_ops/lower_triangle_check
reduced_ops/lower_triangle_check.SRCS := reduced_ops/tests/lower_triangle_check.c

# GPU programs (C main, kernels behind extern "C" launch functions)
PROGRAMS += reduced_ops/contraction_check reduced_ops/thread_count_invariance reduced_ops/reduced_ops_sweep
reduced_ops/contraction_check.SRCS := reduced_ops/contraction_check.c reduced_ops/gpu/ops_gpu.cu $(REDUCED_CPU_SRCS)
reduced_ops/thread_count_invariance.SRCS := reduced_ops/thread_count_invariance.c reduced_ops/gpu/ops_gpu.cu \
                                            reduced_ops/gpu/traps_gpu.cu \
                                            $(REDUCED_CPU_SRCS)
reduced_ops/reduced_ops_sweep.SRCS := reduced_ops/reduced_ops_sweep.c reduced_ops/gpu/sweep_gpu.cu reduced_ops/gpu/ops_gpu.cu \
                                      reduced_ops/lib/picker.c $(REDUCED_CPU_SRCS)
# --on emu: the same kernels, their own source, on the CPU emulator (common/emulator/), in every
# build, with or without nvcc
reduced_ops/contraction_check.SRCS += reduced_ops/gpu/ops_emu.cpp $(EMU_SRCS)
reduced_ops/thread_count_invariance.SRCS += reduced_ops/gpu/ops_emu.cpp reduced_ops/gpu/traps_emu.cpp $(EMU_SRCS)
reduced_ops/reduced_ops_sweep.SRCS += reduced_ops/gpu/sweep_emu.cpp reduced_ops/gpu/ops_emu.cpp $(EMU_SRCS)

# The head to head with GLASS, built twice: with the chapter's --fmad=false and
# with nvcc's default --fmad=true (the second .cu only includes the first). GLASS
# comes in through GLASS_DIR alone (-isystem: its headers are not held to our
# warning flags); GLASS_DIR's value is kept in a stamp so that changing it
# rebuilds the two objects.
PROGRAMS += reduced_ops/glass_vs_ours reduced_ops/glass_vs_ours_fmad
REDUCED_GLASS_SRCS := reduced_ops/lib/op_plan.c reduced_ops/lib/reference.c reduced_ops/lib/emulate.c \
                      reduced_ops/lib/op_image.c
# Each links one .cu only: the sweep's kernel templates are instantiated in it, and a
# second object holding the same template compiled with the other --fmad could be
# the one the CUDA runtime launches.
reduced_ops/glass_vs_ours.SRCS := reduced_ops/glass_vs_ours.c reduced_ops/gpu/glass_bench.cu $(REDUCED_GLASS_SRCS)
reduced_ops/glass_vs_ours_fmad.SRCS := reduced_ops/glass_vs_ours.c reduced_ops/gpu/glass_bench_fmad.cu $(REDUCED_GLASS_SRCS)
REDUCED_GLASS_FLAGS := $(if $(GLASS_DIR),-isystem $(GLASS_DIR) -DREDUCED_OPS_HAVE_GLASS)
reduced_ops/gpu/glass_bench.cu.NVFLAGS := $(REDUCED_GLASS_FLAGS)
reduced_ops/gpu/glass_bench_fmad.cu.NVFLAGS := $(REDUCED_GLASS_FLAGS) --fmad=true
reduced_ops/gpu/glass_bench_fmad.cu.NVFLAGS_OUT := --fmad=false
REDUCED_GLASS_STAMP := $(BUILD)/obj/reduced_ops/gpu/glass_dir.stamp
$(shell mkdir -p $(BUILD)/obj/reduced_ops/gpu && { echo '$(GLASS_DIR)' | cmp -s - $(REDUCED_GLASS_STAMP) || echo '$(GLASS_DIR)' > $(REDUCED_GLASS_STAMP); })
$(BUILD)/obj/reduced_ops/gpu/glass_bench.cu.o $(BUILD)/obj/reduced_ops/gpu/glass_bench_fmad.cu.o: $(REDUCED_GLASS_STAMP)

# The device code run on the CPU (common/emulator/, compiled with g++): graded
# without a GPU, built with or without nvcc.
PROGRAMS += reduced_ops/emulated_contraction
reduced_ops/emulated_contraction.SRCS := reduced_ops/tests/emulated_contraction.cpp $(REDUCED_CPU_SRCS) $(EMU_SRCS)
