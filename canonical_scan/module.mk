# canonical_scan/ - deterministic reduce and scan: the CPU library (lib/),
# the kernels (gpu/) and the programs that run and compare them.

# The CPU library: every program of the chapter (GPU ones too) may link it.
CANONICAL_CPU_SRCS := canonical_scan/lib/pairwise.c canonical_scan/lib/lanes_reduce.c \
                      canonical_scan/lib/scan_policies.c canonical_scan/lib/p4016_data.c
CANONICAL_GPU_SRCS := canonical_scan/gpu/gpu_reduce.cu canonical_scan/gpu/gpu_scan.cu

# The vectorised, threaded reduce (POSIX threads: no OpenMP runtime needed).
# -O3 for the loops over lanes; no -march, so the library runs on any
# machine of its architecture (the bench program builds its own copy for
# the host, cpu_reduce_native.c).
CANONICAL_THREADED_SRCS := canonical_scan/lib/cpu_reduce.c canonical_scan/lib/cpu_threads.c
canonical_scan/lib/cpu_reduce.c.CFLAGS := -O3

PROGRAMS += canonical_scan/canonical_reduce canonical_scan/canonical_scan
canonical_scan/canonical_reduce.SRCS := canonical_scan/canonical_reduce.c $(CANONICAL_THREADED_SRCS) \
                                        $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)
canonical_scan/canonical_reduce.LDLIBS := -lpthread
canonical_scan/canonical_scan.SRCS := canonical_scan/canonical_scan.c \
                                      $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)

# CPU-only: the literal evaluator and what uses it.
PROGRAMS += canonical_scan/test_canonical_cpu canonical_scan/policy_expressions
canonical_scan/test_canonical_cpu.SRCS := canonical_scan/tests/test_canonical_cpu.c \
                                          canonical_scan/lib/named_expression.c $(CANONICAL_CPU_SRCS)
PROGRAMS += canonical_scan/test_cpu_reduce
canonical_scan/test_cpu_reduce.SRCS := canonical_scan/tests/test_cpu_reduce.c $(CANONICAL_THREADED_SRCS) \
                                       $(CANONICAL_CPU_SRCS)
canonical_scan/test_cpu_reduce.LDLIBS := -lpthread
canonical_scan/policy_expressions.SRCS := canonical_scan/policy_expressions.c \
                                          canonical_scan/lib/named_expression.c $(CANONICAL_CPU_SRCS)

# One sum, many expressions (the hostile-cancellation section of the book).
PROGRAMS += canonical_scan/hostile_sums
canonical_scan/hostile_sums.SRCS := canonical_scan/hostile_sums.c $(CANONICAL_CPU_SRCS)

CANONICAL_EMULATION_SRCS := canonical_scan/lib/gpu_emulation.c canonical_scan/lib/comparison_matrix.c

# CPU-only: runs on any machine.
PROGRAMS += canonical_scan/emulation_vs_cpu
canonical_scan/emulation_vs_cpu.SRCS := canonical_scan/emulation_vs_cpu.c $(CANONICAL_EMULATION_SRCS) \
                                        $(CANONICAL_CPU_SRCS)

PROGRAMS += canonical_scan/gpu_vs_cpu
canonical_scan/gpu_vs_cpu.SRCS := canonical_scan/gpu_vs_cpu.c $(CANONICAL_EMULATION_SRCS) \
                                  $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)

# GPU-only programs (exit 77 without a device). CUB lives in cub_baseline.cu.
CANONICAL_DEVICE_SRCS := canonical_scan/gpu/device_buffers.cu

PROGRAMS += canonical_scan/cub_contrast
canonical_scan/cub_contrast.SRCS := canonical_scan/cub_contrast.c canonical_scan/gpu/cub_baseline.cu \
                                    $(CANONICAL_DEVICE_SRCS) $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)

PROGRAMS += canonical_scan/canonical_bench
canonical_scan/canonical_bench.SRCS := canonical_scan/canonical_bench.c canonical_scan/gpu/cub_baseline.cu \
                                       $(CANONICAL_DEVICE_SRCS) $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS) \
                                       common/gpu/read_ceiling.cu

# CPU and GPU: the witness runs its CPU half anywhere (--on cpu).
PROGRAMS += canonical_scan/witness
canonical_scan/witness.SRCS := canonical_scan/witness.c $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)

# CUB's own determinism levels beside the canonical operations (needs a CCCL
# with the determinism API: make CCCL_DIR=...; otherwise those rows say so).
PROGRAMS += canonical_scan/determinism_levels
canonical_scan/determinism_levels.SRCS := canonical_scan/determinism_levels.c canonical_scan/gpu/cub_levels.cu \
                                          $(CANONICAL_DEVICE_SRCS) $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)

# The contraction trap: one source line, y = w * x + c, built twice. The fused
# build is the only file of the project compiled with -ffp-contract=fast
# (and -mfma on x86-64, where the baseline instruction set has no FMA).
PROGRAMS += canonical_scan/fma_contraction
canonical_scan/fma_contraction.SRCS := canonical_scan/fma_contraction.c canonical_scan/lib/multiply_add_separate.c \
                                       canonical_scan/lib/multiply_add_fused.c $(CANONICAL_CPU_SRCS)
canonical_scan/lib/multiply_add_fused.c.CFLAGS := -ffp-contract=fast $(if $(filter x86_64 amd64,$(shell uname -m)),-mfma)

# The CPU benchmark of the canonical reduce against a plain loop, omp simd,
# OpenMP reductions and the read bandwidth. Its copy of the reduce and its
# rivals are built for this machine (-O3 -march=native) -- the library
# stays portable -- and the rivals with OpenMP when the compiler has a
# runtime for it (clang: libomp-dev), else with -fopenmp-simd only (the
# parallel rivals then say "skipped: built without OpenMP").
CANONICAL_NATIVE = $(shell $(CC) -march=native -x c -c /dev/null -o /dev/null 2>/dev/null && echo -march=native)
CANONICAL_OPENMP = $(shell printf 'int main(void){return 0;}' | $(CC) -fopenmp -x c - -o /dev/null 2>/dev/null && echo -fopenmp)
PROGRAMS += canonical_scan/cpu_reduce_bench
canonical_scan/cpu_reduce_bench.SRCS := canonical_scan/cpu_reduce_bench.c canonical_scan/lib/cpu_reduce_native.c \
                                        canonical_scan/lib/sum_baselines.c canonical_scan/lib/cpu_threads.c \
                                        common/gpu/no_cuda.c common/lib/run_header.c $(CANONICAL_CPU_SRCS)
canonical_scan/lib/cpu_reduce_native.c.CFLAGS = -O3 $(CANONICAL_NATIVE)
canonical_scan/lib/sum_baselines.c.CFLAGS = -O3 $(CANONICAL_NATIVE) $(or $(CANONICAL_OPENMP),-fopenmp-simd)
canonical_scan/cpu_reduce_bench.LDLIBS = $(CANONICAL_OPENMP) -lpthread

# The classic prefix networks (Kogge-Stone, Brent-Kung, Blelloch, Sklansky)
# as named scan expressions: CPU only.
CLASSIC_CPU_SRCS := canonical_scan/lib/classic_networks.c canonical_scan/lib/named_expression.c
PROGRAMS += canonical_scan/classic_scans
canonical_scan/classic_scans.SRCS := canonical_scan/classic_scans.c canonical_scan/lib/classic_figure.c \
                                     $(CLASSIC_CPU_SRCS) $(CANONICAL_CPU_SRCS)
# The classic networks' kernels, their own source, on the CPU emulator.
PROGRAMS += canonical_scan/emulated_classic_scans
canonical_scan/emulated_classic_scans.SRCS := canonical_scan/tests/emulated_classic_scans.cpp $(CLASSIC_CPU_SRCS) \
                                              $(CANONICAL_CPU_SRCS) $(EMU_SRCS)
# The classic networks on the GPU: the kernels against their expressions,
# CUB's block scans against the networks, the device-wide scans against CUB.
PROGRAMS += canonical_scan/classic_gpu
canonical_scan/classic_gpu.SRCS := canonical_scan/classic_gpu.c canonical_scan/gpu/classic_scans.cu \
                                   canonical_scan/gpu/cub_block_probe.cu canonical_scan/gpu/cub_baseline.cu \
                                   $(CANONICAL_DEVICE_SRCS) $(CLASSIC_CPU_SRCS) $(CANONICAL_CPU_SRCS)
