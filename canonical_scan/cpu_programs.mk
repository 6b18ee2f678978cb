# CPU library, the two CLI programs and their tests (the CLI programs link the
# GPU kernels in gpu_reduce.cu and gpu_scan.cu for --on gpu).

# The CPU library: every program of the chapter (GPU ones too) may link it.
CANONICAL_CPU_SRCS := canonical_scan/pairwise.c canonical_scan/lanes_reduce.c \
                      canonical_scan/scan_policies.c canonical_scan/p4016_data.c
CANONICAL_GPU_SRCS := canonical_scan/gpu_reduce.cu canonical_scan/gpu_scan.cu

PROGRAMS += canonical_scan/canonical_reduce canonical_scan/canonical_scan
canonical_scan/canonical_reduce.SRCS := canonical_scan/canonical_reduce.c \
                                        $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)
canonical_scan/canonical_scan.SRCS := canonical_scan/canonical_scan.c \
                                      $(CANONICAL_CPU_SRCS) $(CANONICAL_GPU_SRCS)

# CPU-only: the literal evaluator and what uses it.
PROGRAMS += canonical_scan/test_canonical_cpu canonical_scan/policy_expressions
canonical_scan/test_canonical_cpu.SRCS := canonical_scan/test_canonical_cpu.c \
                                          canonical_scan/named_expression.c $(CANONICAL_CPU_SRCS)
canonical_scan/policy_expressions.SRCS := canonical_scan/policy_expressions.c \
                                          canonical_scan/named_expression.c $(CANONICAL_CPU_SRCS)

# One sum, many expressions (the hostile-cancellation section of the book).
PROGRAMS += canonical_scan/hostile_sums
canonical_scan/hostile_sums.SRCS := canonical_scan/hostile_sums.c $(CANONICAL_CPU_SRCS)
