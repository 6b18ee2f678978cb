# common/ - the shared helpers (built into build/common/libcommon*.a by the
# top-level Makefile) and two small programs that exercise them.
PROGRAMS += common/lcg_first_values common/test_common
common/lcg_first_values.SRCS := common/lcg_first_values.c
common/test_common.SRCS := common/tests/test_common.c

# The GPU template: C main + extern "C" launch function in a .cu file.
PROGRAMS += common/gpu_smoke
common/gpu_smoke.SRCS := common/gpu_smoke.c common/gpu/gpu_smoke.cu

# The CPU emulator of CUDA kernels (common/emulator/): the sources every
# emulation program links, and its own check.
EMU_SRCS := common/emulator/emu_threads.cpp common/emulator/emu_block.cpp common/emulator/emu_warp.cpp \
            common/emulator/emu_check.cpp
PROGRAMS += common/emulator_check
common/emulator_check.SRCS := common/emulator/tests/emulator_check.cpp $(EMU_SRCS)
PROGRAMS += common/emulator_switch_rate
common/emulator_switch_rate.SRCS := common/emulator/tests/emulator_switch_rate.cpp $(EMU_SRCS)

# gpu_smoke --on emu: its kernel's own source on the CPU emulator (after EMU_SRCS, which it needs).
common/gpu_smoke.SRCS += common/gpu/gpu_smoke_emu.cpp $(EMU_SRCS)
