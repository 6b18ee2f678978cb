/* emu_dynamic_shared.h - the dynamic shared memory of the chapter's kernels
 * (`extern __shared__ __align__(16) unsigned char shared_bytes[];`, sized by
 * the launch) on the CPU emulator. cuda_shim.h makes __shared__ a `static`
 * in the section the emulator's checks watch, which an `extern` declaration
 * cannot be. So the *_emu.cpp files include a .cu with __shared__ defined
 * as nothing: the kernel's extern declaration then names
 * emulated::shared_bytes, one array of EMU_SHARED_BYTES in that section
 * (defined in ops_emu.cpp), poisoned at the start of every block and checked
 * for races and unwritten reads like any __shared__ array. The .cu files
 * included this way declare no other __shared__ array (one would become an
 * ordinary local variable). */
#ifndef REDUCED_OPS_EMU_DYNAMIC_SHARED_H
#define REDUCED_OPS_EMU_DYNAMIC_SHARED_H

#include "cuda_shim.h"
#include "ops_emu.h"

namespace emulated
{
extern unsigned char shared_bytes[EMU_SHARED_BYTES];
}

#undef __shared__
#define __shared__ /* extern only: see above */

#endif
