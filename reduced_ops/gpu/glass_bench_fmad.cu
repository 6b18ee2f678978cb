/* glass_bench_fmad.cu - glass_bench.cu once more, compiled with nvcc's
 * default --fmad=true instead of the chapter's --fmad=false (module.mk), so
 * that glass_vs_ours_fmad shows what bit-exactness costs. */
#define REDUCED_OPS_FMAD 1
#include "glass_bench.cu"
