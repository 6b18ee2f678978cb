#!/bin/sh
# expect_exact_stdout.sh GOLDEN -- COMMAND...
# Passes when COMMAND exits 0 and its stdout is byte for byte the file GOLDEN
# (trailing newline included; stderr is shown but not compared). For the
# machine-readable modes --hex and --summary, where "one line and nothing
# else" is the contract. Exit 77 (no GPU) is passed through.
golden=$1; shift
[ "$1" = "--" ] && shift
actual=$(mktemp)
trap 'rm -f "$actual"' EXIT
"$@" > "$actual"
status=$?
[ "$status" -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
if [ "$status" -ne 0 ]; then echo "FAIL: exit $status: $*"; exit 1; fi
if ! cmp -s "$golden" "$actual"; then
    echo "FAIL: stdout is not byte for byte $golden: $*"
    echo "--- expected"; od -c "$golden" | head -5
    echo "--- got"; od -c "$actual" | head -5
    exit 1
fi
echo "ok: stdout is exactly $golden"
