# ch01_cuda_basics/ - chapter 1: CUDA for C programmers. One program per idea,
# each a C main (the CPU reference and the checks) and one .cu file (the
# kernels and their extern "C" launch function), named alike.
CH01 := ch01_cuda_basics
CH01_PROGRAMS := hello_threads block_shared_sum warp_primitives atomics_histogram grid_sync \
                 checked_calls event_timing vector_loads coalescing
PROGRAMS += $(addprefix $(CH01)/,$(CH01_PROGRAMS))
$(foreach p,$(CH01_PROGRAMS),$(eval $(CH01)/$(p).SRCS := $(CH01)/$(p).c $(CH01)/gpu/$(p).cu))
# --on emu: the kernels' own source on the CPU emulator (common/emulator/)
$(CH01)/checked_calls.SRCS += $(CH01)/gpu/checked_calls_emu.cpp $(EMU_SRCS)
$(CH01)/hello_threads.SRCS += $(CH01)/gpu/hello_threads_emu.cpp $(EMU_SRCS)
$(CH01)/block_shared_sum.SRCS += $(CH01)/gpu/block_shared_sum_emu.cpp $(EMU_SRCS)
$(CH01)/warp_primitives.SRCS += $(CH01)/gpu/warp_primitives_emu.cpp $(EMU_SRCS)
$(CH01)/atomics_histogram.SRCS += $(CH01)/gpu/atomics_histogram_emu.cpp $(EMU_SRCS)
warp_primitives_lib := $(CH01)/lib/warp_emulate.c
$(CH01)/warp_primitives.SRCS += $(warp_primitives_lib)

# -lineinfo: compute-sanitizer's reports then name the source line of the
# faulting access (section 1.7 shows one).
$(CH01)/gpu/checked_calls.cu.NVFLAGS := -lineinfo

# Section 1.3's trap on the CPU emulator (C++: it compiles device code, common/emulator/).
PROGRAMS += $(CH01)/barrier_in_if
$(CH01)/barrier_in_if.SRCS := $(CH01)/tests/barrier_in_if.cpp $(EMU_SRCS)

# Section 1.10's kernels on the CPU emulator (gpu/coalescing_kernels.cuh).
PROGRAMS += $(CH01)/emulated_coalescing
$(CH01)/emulated_coalescing.SRCS := $(CH01)/tests/emulated_coalescing.cpp $(EMU_SRCS)

# The answers to exercises 12-14 (kernels written from nothing), on the CPU emulator.
PROGRAMS += $(CH01)/first_kernels
$(CH01)/first_kernels.SRCS := $(CH01)/tests/first_kernels.cpp $(EMU_SRCS)
