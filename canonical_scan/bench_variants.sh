#!/bin/sh
# canonical_scan/bench_variants.sh OUTDIR REPS NAME=FLAGS ... - the benchmark
# once per compile-time variant of the kernels, all in one GPU session.
#
# Each NAME=FLAGS builds build/variant-NAME/canonical_scan/canonical_bench
# with EXTRA_NVFLAGS=FLAGS (builds run in parallel), then the benchmarks run
# one after another (never two on the GPU at once) and each writes
# OUTDIR/NAME.md. An empty FLAGS is the default build. Examples of flags:
#   -DDYADIC_MIN_BLOCKS=8        resident blocks (tiles) per SM asked of the scan
#   -DDYADIC_LOG_THREADS=7 -DDYADIC_LOG_ITEMS=4
#                                128 threads of 16 slots a tile (the tile
#                                shape; build the CPU emulation with the
#                                same flags in EXTRA_CFLAGS to check it)
#   -DREDUCE_WIDE_BATCHES=4      first reduce pass for L >= 128: 4 x 8192
#   -DSCAN_EXPERIMENT_SKIP_WAITS the scan without waiting (wrong sums: the
#                                benchmark's self-check then fails, exit 1)
set -u
out=$1 reps=$2
shift 2
mkdir -p "$out"
for v in "$@"; do
    name=${v%%=*} flags=${v#*=}
    make -j4 BUILD=build/variant-$name EXTRA_NVFLAGS="$flags" build/variant-$name/canonical_scan/canonical_bench \
        > "$out/build-$name.log" 2>&1 &
done
wait
for v in "$@"; do
    name=${v%%=*} flags=${v#*=}
    bin=build/variant-$name/canonical_scan/canonical_bench
    if [ ! -x "$bin" ]; then
        echo "variant $name: build failed (see build-$name.log)"
        continue
    fi
    { echo "variant $name: EXTRA_NVFLAGS='$flags'"; "$bin" --reps "$reps"; echo "exit $?"; } > "$out/$name.md" 2>&1
    echo "variant $name: $(grep -E 'block_dyadic<256>|L = 128' "$out/$name.md" | grep '2^28' | tr -s ' ' | tr '\n' ' ')"
done
