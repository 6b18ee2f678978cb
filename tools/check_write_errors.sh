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
# --files: every file a program writes is checked the same way by its own
# chapter. An output file is an option that the program's --help lists as
# `--OPTION FILE` with "write" or "append" in its description; the chapter's
# tests.list must hold a test that gives it /dev/full:
#     NAME  KIND  tools/expect_exit.sh 1 "error: writing /dev/full: No space left on device" -- $BUILD/CHAPTER/PROG ... --OPTION /dev/full
# (KIND gpu for a program that measures the GPU: without one it skips). So a
# chapter that adds a program with a file option touches only its tests.list.
# Exit 1 when a program passes a failed write, when a file it writes has no
# test, or when nothing was checked.
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
    . tools/lists.sh
    want='tools/expect_exit.sh 1 "error: writing /dev/full: No space left on device" --'
    for p in $(make -s --no-print-directory print-programs | cut -f1 | sort); do
        [ -x "$build/$p" ] || { echo "FAIL: $build/$p is not built"; failed=1; continue; }
        chapter=${p%%/*}
        # the options of --help that name a FILE the program writes
        for option in $("$build/$p" --help 2>/dev/null | \
                awk '$1 ~ /^--[a-z0-9-]+$/ && $2 == "FILE" && /[Ww]rite|[Aa]ppend/ { print $1 }'); do
            checked=$((checked + 1))
            # the chapter's test of it
            # (the message may stop before the reason; the command may sit in a sh -c '...')
            if list_entries "$chapter/tests.list" | grep -qE -- \
                    "tools/expect_exit\.sh 1 \"error: writing /dev/full(: No space left on device)?\" -- \\\$BUILD/$p( .*)? $option /dev/full( |'|\$)"; then
                echo "ok: $p $option has its test in $chapter/tests.list"
            else
                echo "FAIL: $p writes $option FILE, and $chapter/tests.list has no test of it on /dev/full:"
                echo "    write_error_${p#*/}_${option#--}  gpu,long  $want \$BUILD/$p ARGS $option /dev/full"
                failed=1
            fi
        done
    done
    echo "$checked file outputs found in the programs' --help"
    [ "$checked" -gt 0 ] || { echo "FAIL: no program lists an output FILE in its --help (the check looked in the wrong place)"; exit 1; }
    [ $failed -eq 0 ]
    exit
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
