# bench/ - machine-wide measurements (GPU only): the copy-bandwidth ceiling
# and the read-only ceiling (its kernel is in common/gpu/, because the
# chapters' reduction benchmarks measure it beside their own kernels).
PROGRAMS += bench/copy_ceiling bench/read_ceiling
bench/copy_ceiling.SRCS := bench/copy_ceiling.c bench/gpu/copy_ceiling.cu
bench/read_ceiling.SRCS := bench/read_ceiling.c common/gpu/read_ceiling.cu
