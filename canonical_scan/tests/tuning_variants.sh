#!/bin/sh
# tuning_variants.sh compile|run - the knobs of lib/scan_tuning.h that the
# book's exercises switch (31.2 and the chapter's exercises), each in its
# other setting, so that no branch of the kernels goes unbuilt:
#   compile  nvcc compiles the kernel file each knob belongs to (DYADIC_*:
#            gpu_scan.cu, REDUCE_*: gpu_reduce.cu) with that setting, for
#            sm_90 (where every branch is compiled); needs nvcc, exit 77
#            without it.
#   run      builds gpu_vs_cpu with each setting in a build folder of its own
#            (build-variants/NAME) and runs it on the GPU against the CPU
#            library (--quick: every kernel, 7 sizes): the bits must not move
#            with any knob. Needs a GPU (exit 77 without one).
# Run from the repository root.
set -u
mode=${1:-}
variants="DYADIC_TILES_BY_BLOCK_INDEX=1 DYADIC_PREFETCH_GUESS=0 REDUCE_EVICT_FIRST=1
REDUCE_KEEP_PARTIALS=1 REDUCE_ROWS_LANES=32 REDUCE_DEPENDENT_LAUNCH=0"
nvcc=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
[ -n "$nvcc" ] || { echo "skipped: no nvcc"; exit 77; }
failed=0; count=0
case $mode in
compile)
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
    for v in $variants; do
        case $v in DYADIC_*) f=gpu_scan ;; *) f=gpu_reduce ;; esac
        count=$((count + 1))
        if ! "$nvcc" -O3 -std=c++17 -arch=sm_90 --fmad=false -D"$v" -Icommon/lib -Icommon/gpu \
                -Icanonical_scan/lib -Icanonical_scan/gpu -Xcompiler -Wall,-Wextra --Werror all-warnings \
                -c "canonical_scan/gpu/$f.cu" -o "$out/$f.o" > "$out/log" 2>&1; then
            echo "FAIL: -D$v, $f.cu:"; cat "$out/log"; failed=1
        fi
    done ;;
run)
    command -v nvidia-smi > /dev/null 2>&1 && nvidia-smi -L > /dev/null 2>&1 ||
        { echo "skipped: no CUDA device"; exit 77; }
    for v in $variants; do
        count=$((count + 1))
        dir=build-variants/$(echo "$v" | tr 'A-Z=' 'a-z_')
        if ! make -s BUILD="$dir" EXTRA_NVFLAGS="-D$v" "$dir/canonical_scan/gpu_vs_cpu" > /dev/null 2>&1; then
            echo "FAIL: -D$v does not build"; failed=1; continue
        fi
        "$dir/canonical_scan/gpu_vs_cpu" --on gpu --quick --quiet > "$dir/run.log" 2>&1
        s=$?
        [ $s -eq 0 ] || { echo "FAIL (exit $s): -D$v gpu_vs_cpu --on gpu --quick"; tail -n 5 "$dir/run.log"; failed=1; }
    done ;;
*)
    echo "usage: tuning_variants.sh compile|run" >&2; exit 2 ;;
esac
echo "$count builds of the tuning variants ($mode)"
[ "$count" -gt 0 ] && [ "$failed" -eq 0 ]
