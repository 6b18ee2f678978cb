#!/bin/sh
# gpu_reduce_sweep.sh - canonical_reduce --on both (CPU == GPU bit for bit)
# over awkward sizes and lane counts: partial warps, blocks and rows, lanes
# beyond N, hostile data, init. Exit 77 when there is no GPU.
prog=${BUILD:-build}/canonical_scan/canonical_reduce
failed=0; runs=0
for n in 1 2 3 31 33 257 4097 65537 1000003; do
    for lanes in 1 3 16 17 128 1000; do
        for extra in "" "--hostile --init -0.75"; do
            $prog --on both --quiet --n $n --lanes $lanes $extra > /dev/null 2>&1
            s=$?
            [ $s -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
            runs=$((runs + 1))
            [ $s -eq 0 ] || { echo "FAIL (exit $s): $prog --on both --n $n --lanes $lanes $extra"; failed=1; }
        done
    done
done
echo "$runs runs of $prog --on both"
[ $failed -eq 0 ]
