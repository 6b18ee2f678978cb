#!/bin/sh
# gpu_reduce_groups_sweep.sh - canonical_reduce --on both (CPU == GPU bit for
# bit) on sizes where the first pass finishes by groups (gpu_reduce.cu,
# choose_group_log2): more than REDUCE_TAIL_MAX = 8192 partial values, so
# that groups of 2^k tiles do the second pass inside the first. The cases
# cover a short last group (N = 4202497: 514 tiles for L = 16, groups of
# 32; 129 four-batch tiles for L = 128 and 256), groups that divide the
# tiles exactly (2^23, L = 64), L = 1 and 2 above 2^25, L = 512 at 10^6, a
# partial last tile everywhere but 2^23, hostile data and init. Exit 77
# when there is no GPU.
prog=build/canonical_scan/canonical_reduce
failed=0; runs=0
run() {
    $prog --on both --quiet "$@" > /dev/null 2>&1
    s=$?
    [ $s -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
    runs=$((runs + 1))
    [ $s -eq 0 ] || { echo "FAIL (exit $s): $prog --on both $*"; failed=1; }
}
for lanes in 16 128 256; do
    run --n 4202497 --lanes $lanes
    run --n 4202497 --lanes $lanes --hostile --init -0.75
done
run --n 8388608 --lanes 64
run --n 16777219 --lanes 16
run --n 16777219 --lanes 128 --hostile
run --n 33554435 --lanes 2
run --n 67121209 --lanes 1
run --n 1000003 --lanes 512 --hostile --init 0.5
echo "$runs runs of $prog --on both"
[ $failed -eq 0 ]
