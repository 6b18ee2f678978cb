/* emu_launch.h - kernel<<<grid, block>>>(args...) on the CPU:
 *
 *     if (emu_launch(block_tree_sum, dim3(1), dim3(64), a, b, n, out) != 0)
 *         ... the launch reported an error (stderr) ...
 *
 * Runs every block of the grid, one after another, and every thread of a
 * block as a coroutine (emu_threads.cpp), in the fixed order of
 * emu_block.cpp. Returns 0, or 1 after an error: a barrier or a warp
 * operation that not every thread it names reaches, or a bad launch size.
 * Every thread calls the kernel with the same arguments, as on the GPU. */
#ifndef COMMON_EMULATOR_EMU_LAUNCH_H
#define COMMON_EMULATOR_EMU_LAUNCH_H

#include "cuda_shim.h"

namespace emu
{
int run_grid(dim3 grid, dim3 block, void (*body)(void *), void *ctx);
/* Thread switches so far, both directions counted (common/emulator_switch_rate). */
uint64_t thread_switches(void);
} // namespace emu

/* A device buffer: memory a kernel may touch, with a guard zone on each
 * side, so that an access just outside it is reported (emu_check.cpp). */
void *emu_device_alloc(size_t bytes, const char *what);
void emu_device_free(void *p);

template <typename... Params, typename... Args>
int emu_launch(void (*kernel)(Params...), dim3 grid, dim3 block, Args... args)
{
    auto call = [&]() { kernel(args...); };
    /* the scheduler takes a plain function and a pointer: this one calls `call` */
    void (*body)(void *) = [](void *c) { (*static_cast<decltype(call) *>(c))(); };
    return emu::run_grid(grid, block, body, &call);
}

#endif
