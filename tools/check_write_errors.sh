#!/bin/sh
# check_write_errors.sh [--files] - no program loses its output silently.
#
# Every built program runs twice with stdout on /dev/full (every write
# fails: "No space left on device"): once with --help, and once as its
# default CPU run (--on cpu where its --on offers cpu, a quick argument set
# where the default is long). Each must exit 1 with the line
#     error: writing stdout: No space left on device
# A program with no CPU path writes "skipped: no CUDA device" and would end
# with 77: that line is lost too, so it must also end with 1.
#
# --files: the same for the files that --dat/--tsv name (cli_open_output),
# given /dev/full. Those options belong to GPU benchmarks, so on a machine
# without a GPU each of these runs exits 77 and the check is skipped (77);
# test_common --dat checks the same code path on every machine.
# Exit 1 when a program passes a failed write, or when nothing was checked.
build=${BUILD:-build}
failed=0; checked=0
expect_write_error() { # WHAT STDOUT COMMAND... (WHAT: stdout or the file on /dev/full)
    what=$1; out=$2; shift 2
    err=$("$@" 2>&1 >"$out"); status=$?
    if [ "$status" -eq 77 ]; then return 77; fi
    if [ "$status" -ne 1 ] || ! printf '%s\n' "$err" | grep -q "^error: writing $what: No space left on device$"; then
        echo "FAIL: $* > $out: exit $status, stderr: $(printf '%s' "$err" | tail -n 2)"
        failed=1
        return 1
    fi
    return 0
}

if [ "${1:-}" = "--files" ]; then
    ran=0
    while read -r prog args; do
        [ -n "$prog" ] || continue
        checked=$((checked + 1))
        # shellcheck disable=SC2086
        expect_write_error /dev/full /dev/null "$build/$prog" $args; s=$?
        [ $s -eq 77 ] || ran=$((ran + 1))
        [ $s -eq 0 ] && echo "ok: $prog $args"
    done <<EOF
common/test_common --dat /dev/full
ch03_work_span/brent_gpu --bench --n 4096 --reps 3 --dat /dev/full
ch11_linked_lists/list_sum --bench --min-log 10 --max-log 12 --reps 1 --dat /dev/full
ch11_linked_lists/list_rank_bench --min-log 12 --max-log 12 --reps 1 --warmup 1 --cpu-reps 1 --dat /dev/full
canonical_scan/canonical_bench --max-log2 20 --reps 2 --dat /dev/full
canonical_scan/canonical_bench --max-log2 20 --reps 2 --ratios /dev/full
canonical_scan/determinism_levels --max-log2 16 --reps 2 --runs 2 --pattern-log2 16 --ratios /dev/full
ch03_work_span/device_reduce_bench --n 2^20 --reps 5 --ratios /dev/full
reduced_ops/reduced_ops_sweep --op gemv --dtype float --target-ms 0.2 --tsv /dev/full
EOF
    echo "$checked file outputs, $ran run (the others need a GPU)"
    [ $failed -eq 0 ] || exit 1
    [ $ran -gt 1 ] || { echo "skipped: the --dat/--tsv runs need a CUDA device"; exit 77; }
    exit 0
fi

# The quick argument sets, for programs whose default run takes long.
quick_args() {
    case $1 in
        */gpu_vs_cpu) echo "--quick" ;;
        */list_rank_bench) echo "--n 2^12 --reps 1 --warmup 0 --cpu-reps 1" ;;
        *) echo "" ;;
    esac
}

# CPU runs only, even on a machine with a GPU (its runs would be benchmarks)
CUDA_VISIBLE_DEVICES=; export CUDA_VISIBLE_DEVICES
# every program the Makefile builds (make print-programs), nothing else of the
# build folder: it also holds the book's npm tools, whose scripts are no programs of ours
for prog in $(make -s --no-print-directory print-programs | cut -f1 | sort | sed "s|^|$build/|"); do
    [ -x "$prog" ] || { echo "FAIL: $prog is not built"; failed=1; continue; }
    checked=$((checked + 1))
    expect_write_error stdout /dev/full "$prog" --help
    on=""
    "$prog" --help 2>/dev/null | grep -q '^  --on [a-z|]*cpu' && on="--on cpu"
    # shellcheck disable=SC2046
    expect_write_error stdout /dev/full "$prog" $on $(quick_args "$prog") || failed=1
done
echo "$checked programs checked with stdout on /dev/full (--help and the default CPU run)"
[ "$checked" -gt 0 ] && [ $failed -eq 0 ]
