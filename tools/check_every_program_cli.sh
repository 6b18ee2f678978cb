#!/bin/sh
# check_every_program_cli.sh - every built program answers --help with exit 0,
# lists the options every program has (--n, --seed, --quiet) in it, and
# answers garbage (`--n notanumber`, an unknown option) with `error: ...`,
# exit 2; and its --help tells the truth about `--on emu` (the wordings of
# common/lib/cli.h): a program that promises "emu: the kernels on the CPU
# emulator" runs `--on emu --n 5 --quiet` (a size all of them take) and
# confirms (exit 0); one that offers "emu: why the CPU emulator cannot run
# these kernels" answers `--on emu` with `error: --on emu: WHY`, exit 2.
failed=0; count=0
build=${BUILD:-build}
# every program the Makefile builds (make print-programs), nothing else of the
# build folder: it also holds the book's npm tools, whose scripts are no programs of ours
for prog in $(make -s --no-print-directory print-programs | cut -f1 | sort | sed "s|^|$build/|"); do
    [ -x "$prog" ] || { echo "FAIL: $prog is not built"; failed=1; continue; }
    count=$((count + 1))
    help=$("$prog" --help 2>&1); s=$?
    [ $s -eq 0 ] || { echo "FAIL: $prog --help exits $s"; failed=1; }
    for option in --n --seed --quiet; do
        printf '%s\n' "$help" | grep -qE "^ +$option( |\$)" || { echo "FAIL: $prog --help lists no $option"; failed=1; }
    done
    case $(printf '%s\n' "$help" | grep -E '^ +--on ') in
    *"emu: the kernels on the CPU emulator"*)
        out=$("$prog" --on emu --n 5 --quiet 2>&1); s=$?
        [ $s -eq 0 ] || { echo "FAIL: $prog --help promises --on emu, but --on emu --n 5 --quiet exits $s: $out"; failed=1; } ;;
    *"emu: why the CPU emulator cannot run"*)
        out=$("$prog" --on emu 2>&1); s=$?
        if [ $s -ne 2 ] || ! printf '%s\n' "$out" | grep -q '^error: --on emu: '; then
            echo "FAIL: $prog --help says --on emu is refused, but --on emu: exit $s, output: $out"; failed=1
        fi ;;
    esac
    for args in "--n notanumber" "--no-such-option"; do
        out=$("$prog" $args 2>&1); s=$?
        if [ $s -ne 2 ] || ! printf '%s\n' "$out" | grep -q '^error: '; then
            echo "FAIL: $prog $args: exit $s, output: $out"; failed=1
        fi
    done
done
echo "$count programs checked"
[ "$count" -gt 0 ] && [ $failed -eq 0 ]
