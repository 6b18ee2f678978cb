/* common.h - the one header a companion C program includes.
 *
 *   exit_codes.h  EXIT_PASS, EXIT_MISMATCH, EXIT_BAD_INPUT, EXIT_NO_GPU
 *   cli.h         strict option parsing, --on cpu|gpu|both
 *   rng.h         lcg64 (P4016 data set), splitmix64
 *   verify.h      bit equality, hex, relative error, ULPs, FNV-1a 64, verdict
 *   timing.h      host clock, median and spread
 *   alloc.h       allocations that end in `error: ...` instead of a crash
 *   ratios.h      --ratios FILE: the headline ratios for the bench summary
 *   gpu.h         is there a GPU? (programs that link CUDA code only)
 *
 * CUDA files include cuda_check.h as well. */
#ifndef COMMON_COMMON_H
#define COMMON_COMMON_H

#include "exit_codes.h"
#include "cli.h"
#include "rng.h"
#include "verify.h"
#include "timing.h"
#include "alloc.h"
#include "gpu.h"
#include "ratios.h"

#endif
