# CPU library, the two CLI programs and their tests (the CLI programs link the
# GPU kernels in gpu_reduce.cu and gpu_scan.cu for --on gpu).
