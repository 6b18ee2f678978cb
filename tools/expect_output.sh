#!/bin/sh
# expect_output.sh GOLDEN -- COMMAND...
# Passes when COMMAND exits 0 and its stdout is byte for byte the file GOLDEN
# (trailing newline included; stderr is shown, not compared). Exit 77 (no
# GPU) is passed through, so CTest reports "skipped".
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
    diff -u "$golden" "$actual" | head -n 20
    exit 1
fi
echo "ok: stdout is exactly $golden"
