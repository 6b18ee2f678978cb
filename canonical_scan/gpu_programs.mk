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
