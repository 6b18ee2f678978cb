# canonical_scan/ GPU side: the kernels' CPU emulation and its test, the
# GPU-vs-CPU case table, the CUB contrast, the cross-platform witness and
# the benchmark. (The kernels themselves, gpu_reduce.cu and gpu_scan.cu, are
# linked by cpu_programs.mk's CANONICAL_GPU_SRCS as well.)
CANONICAL_EMULATION_SRCS := canonical_scan/gpu_emulation.c canonical_scan/comparison_matrix.c

# CPU-only: runs on any machine.
PROGRAMS += canonical_scan/emulation_vs_cpu
canonical_scan/emulation_vs_cpu.SRCS := canonical_scan/emulation_vs_cpu.c $(CANONICAL_EMULATION_SRCS) \
                                        $(CANONICAL_CPU_SRCS)

PROGRAMS += canonical_scan/gpu_vs_cpu
canonical_scan/gpu_vs_cpu.SRCS := canonical_scan/gpu_vs_cpu.c $(CANONICAL_EMULATION_SRCS) \
                                  $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)

# GPU-only programs (exit 77 without a device). CUB lives in cub_baseline.cu.
CANONICAL_DEVICE_SRCS := canonical_scan/device_buffers.cu

PROGRAMS += canonical_scan/cub_contrast
canonical_scan/cub_contrast.SRCS := canonical_scan/cub_contrast.c canonical_scan/cub_baseline.cu \
                                    $(CANONICAL_DEVICE_SRCS) $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)

PROGRAMS += canonical_scan/canonical_bench
canonical_scan/canonical_bench.SRCS := canonical_scan/canonical_bench.c canonical_scan/cub_baseline.cu \
                                       $(CANONICAL_DEVICE_SRCS) $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)

# CPU and GPU: the witness runs its CPU half anywhere (--on cpu).
PROGRAMS += canonical_scan/witness
canonical_scan/witness.SRCS := canonical_scan/witness.c $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)
