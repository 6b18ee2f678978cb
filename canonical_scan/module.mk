# canonical_scan/ - deterministic reduce and scan. The programs are declared in
# two files so the CPU library and CLI (cpu_programs.mk) and the GPU kernels
# and benchmarks (gpu_programs.mk) can grow independently.
include canonical_scan/cpu_programs.mk
-include canonical_scan/gpu_programs.mk
