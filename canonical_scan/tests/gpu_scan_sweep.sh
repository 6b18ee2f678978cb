#!/bin/sh
# gpu_scan_sweep.sh - canonical_scan --on both (CPU == GPU in every element)
# over awkward sizes and block sizes, inclusive and exclusive, hostile data
# and init. left_fold runs on one GPU thread, so it gets small sizes only.
# Exit 77 when there is no GPU.
prog=${BUILD:-build}/canonical_scan/canonical_scan
. canonical_scan/tests/both_runs.sh
for n in 1 2 255 256 257 4097 65537 1000003; do
    for mode in "" "--exclusive --hostile --init 0.5"; do
        run --policy iterated_pairwise --n $n $mode
        for block in 1 3 16 256 1024; do
            run --policy block_dyadic --block $block --n $n $mode
        done
    done
done
for n in 1 2 257 4097; do
    run --policy left_fold --n $n
    run --policy left_fold --n $n --exclusive --hostile --init 0.5
done
both_runs_verdict
