#!/bin/sh
# gpu_reduce_big_sweep.sh - canonical_reduce --on both (CPU == GPU bit for
# bit) on the sizes where the first pass changes shape (gpu_reduce.cu,
# reduce_plan.h): long tiles shared by thread-block clusters (L >= 16 and at
# least 256 long tiles of 2^17 elements: N = 2^25 exactly, the first such
# size; 2^26 + 12345 for L = 16 and 2^27 + 77 for L = 128, 256 and 512,
# each with a partial last tile read by the first block of its cluster while
# the others find nothing), first passes that leave more than 8192 partial
# values for a second pass (N = 8404993: 514 two-batch tiles for L = 16;
# 4202497: 129 four-batch tiles for L = 128 and 256), rows that divide the
# tiles exactly (2^23, L = 64), L = 1 and 2 above 2^25, L = 512 at 10^6,
# hostile data and init. REDUCE_PROG names another build's canonical_reduce.
# Exit 77 when there is no GPU.
prog=${REDUCE_PROG:-${BUILD:-build}/canonical_scan/canonical_reduce}
. canonical_scan/tests/both_runs.sh
run --n 8404993 --lanes 16
run --n 8404993 --lanes 16 --hostile --init -0.75
for lanes in 128 256; do
    run --n 4202497 --lanes $lanes
    run --n 4202497 --lanes $lanes --hostile --init -0.75
done
run --n 33554432 --lanes 16
run --n 33554432 --lanes 128 --hostile
run --n 8388608 --lanes 64
run --n 16777219 --lanes 16
run --n 16777219 --lanes 128 --hostile
run --n 33554435 --lanes 2
run --n 67121209 --lanes 1
run --n 1000003 --lanes 512 --hostile --init 0.5
run --n 67121209 --lanes 16
run --n 67121209 --lanes 16 --hostile --init -0.75
for lanes in 128 256 512; do
    run --n 134217805 --lanes $lanes
done
both_runs_verdict
