# ch11_linked_lists/ - chapter 11: linked lists on the GPU.
# Every program is a C main (with the CPU baseline) plus CUDA kernels
# behind extern "C" launch functions (list_gpu.h).
CH11_LIST := ch11_linked_lists/lib/list.c ch11_linked_lists/lib/list_io.c ch11_linked_lists/lib/list_walk.c \
             ch11_linked_lists/lib/list_source.c ch11_linked_lists/lib/svg_draw.c ch11_linked_lists/lib/list_figures.c
CH11_RANK := ch11_linked_lists/lib/rank_emulation.c ch11_linked_lists/gpu/pointer_jump.cu \
             ch11_linked_lists/gpu/ruling_set.cu
# The strongest CPU rival (sublists on every core, POSIX threads: link with
# -pthread) and the packed pointer-jumping kernel.
CH11_RIVALS := ch11_linked_lists/lib/list_rank_threads.c ch11_linked_lists/lib/progress.c \
             ch11_linked_lists/lib/host_info.c ch11_linked_lists/gpu/wyllie_packed.cu

PROGRAMS += ch11_linked_lists/list_sum ch11_linked_lists/list_rank ch11_linked_lists/scatter_by_rank \
            ch11_linked_lists/list_rank_bench
ch11_linked_lists/list_sum.SRCS := ch11_linked_lists/list_sum.c ch11_linked_lists/gpu/array_vs_list.cu $(CH11_LIST)
ch11_linked_lists/list_rank.SRCS := ch11_linked_lists/list_rank.c $(CH11_LIST) $(CH11_RANK) $(CH11_RIVALS)
ch11_linked_lists/list_rank.LDFLAGS := -pthread
ch11_linked_lists/scatter_by_rank.SRCS := ch11_linked_lists/scatter_by_rank.c \
             ch11_linked_lists/gpu/scatter_by_rank.cu $(CH11_LIST) $(CH11_RANK)
ch11_linked_lists/list_rank_bench.SRCS := ch11_linked_lists/list_rank_bench.c \
             ch11_linked_lists/gpu/rank_bench.cu $(CH11_LIST) $(CH11_RANK) $(CH11_RIVALS)
ch11_linked_lists/list_rank_bench.LDFLAGS := -pthread
# --on emu: the kernels' own source on the CPU emulator (common/emulator/)
CH11_RANK_EMU := ch11_linked_lists/gpu/pointer_jump_emu.cpp ch11_linked_lists/gpu/ruling_set_emu.cpp $(EMU_SRCS)
ch11_linked_lists/list_sum.SRCS += ch11_linked_lists/gpu/array_vs_list_emu.cpp $(EMU_SRCS)
ch11_linked_lists/list_rank.SRCS += $(CH11_RANK_EMU) ch11_linked_lists/gpu/wyllie_packed_emu.cpp
ch11_linked_lists/scatter_by_rank.SRCS += $(CH11_RANK_EMU) ch11_linked_lists/gpu/scatter_by_rank_emu.cpp
