# bench/ - machine-wide measurements: the copy-bandwidth ceiling (GPU only).
PROGRAMS += bench/copy_ceiling
bench/copy_ceiling.SRCS := bench/copy_ceiling.c bench/gpu/copy_ceiling.cu
