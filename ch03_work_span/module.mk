# ch03_work_span/ - chapter 3: work, span, Amdahl and Brent.
# Programs with a .cu source are GPU programs (C main + extern "C" launchers).
PROGRAMS += ch03_work_span/work_span
ch03_work_span/work_span.SRCS := ch03_work_span/work_span.c ch03_work_span/lib/tree_trace.c \
                                 ch03_work_span/gpu/sum_shapes.cu
# --on emu: the kernels' own source on the CPU emulator (common/emulator/)
ch03_work_span/work_span.SRCS += ch03_work_span/gpu/sum_shapes_emu.cpp $(EMU_SRCS)

PROGRAMS += ch03_work_span/block_trace
ch03_work_span/block_trace.SRCS := ch03_work_span/block_trace.c ch03_work_span/lib/tree_trace.c ch03_work_span/lib/tree_figures.c \
                                   ch03_work_span/lib/block_replay.c ch03_work_span/gpu/block_trace.cu
# --on emu: the kernel's own source on the CPU emulator (common/emulator/)
ch03_work_span/block_trace.SRCS += ch03_work_span/gpu/block_trace_emu.cpp $(EMU_SRCS)

PROGRAMS += ch03_work_span/amdahl_brent
ch03_work_span/amdahl_brent.SRCS := ch03_work_span/amdahl_brent.c ch03_work_span/lib/tree_trace.c

# brent_gpu needs the GPU (exit 77 without), except --schedule, its CPU replay.
PROGRAMS += ch03_work_span/brent_gpu
ch03_work_span/brent_gpu.SRCS := ch03_work_span/brent_gpu.c ch03_work_span/lib/tree_trace.c ch03_work_span/lib/brent_schedule.c \
                                 ch03_work_span/gpu/grid_tree.cu
# --on emu: the kernel's own source on the CPU emulator, for the p of one block
ch03_work_span/brent_gpu.SRCS += ch03_work_span/gpu/grid_tree_emu.cpp $(EMU_SRCS)

PROGRAMS += ch03_work_span/device_reduce ch03_work_span/device_reduce_bench
ch03_work_span/device_reduce.SRCS := ch03_work_span/device_reduce.c ch03_work_span/lib/device_reduce_emulate.c \
                                     ch03_work_span/lib/device_reduce_figure.c \
                                     ch03_work_span/gpu/device_reduce.cu
# --on emu: the kernels' own source on the CPU emulator (common/emulator/)
ch03_work_span/device_reduce.SRCS += ch03_work_span/gpu/device_reduce_emu.cpp $(EMU_SRCS)
ch03_work_span/device_reduce_bench.SRCS := ch03_work_span/device_reduce_bench.c \
                                           ch03_work_span/lib/device_reduce_emulate.c \
                                           ch03_work_span/gpu/device_reduce.cu ch03_work_span/gpu/device_reduce_cub.cu \
                                           common/gpu/read_ceiling.cu

# The kernels' own code run on the CPU (common/emulator/, compiled with g++):
# graded without a GPU, built with or without nvcc.
PROGRAMS += ch03_work_span/emulated_block_tree_sum ch03_work_span/emulated_device_reduce
ch03_work_span/emulated_block_tree_sum.SRCS := ch03_work_span/tests/emulated_block_tree_sum.cpp $(EMU_SRCS)
ch03_work_span/emulated_device_reduce.SRCS := ch03_work_span/tests/emulated_device_reduce.cpp \
                                              ch03_work_span/lib/device_reduce_emulate.c $(EMU_SRCS)
