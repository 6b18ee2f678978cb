/* why_not_emulated.h - why the CPU emulator (common/emulator/) cannot run
 * this chapter's kernels, in the words `--on emu` answers with. The CPU
 * route of each program is the replay: it runs the kernels' arithmetic
 * through the step headers they share (__host__ __device__), tile by tile. */
#ifndef CANONICAL_SCAN_WHY_NOT_EMULATED_H
#define CANONICAL_SCAN_WHY_NOT_EMULATED_H

#define CANONICAL_KERNELS_NOT_EMULATED                                                                                 \
    "the canonical kernels use thread-block clusters (distributed shared memory), inline PTX and "                     \
    "programmatic dependent launches, none of which the CPU emulator models; --on cpu replays their arithmetic "       \
    "through the step headers the kernels share"

#endif
