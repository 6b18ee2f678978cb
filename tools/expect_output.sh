#!/bin/sh
# expect_output.sh GOLDEN -- COMMAND...
# Passes when COMMAND exits 0 and its stdout equals the file GOLDEN.
# An exit of 77 (no GPU) is passed through, so CTest reports "skipped".
golden=$1; shift
[ "$1" = "--" ] && shift
actual=$("$@")
status=$?
[ "$status" -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
if [ "$status" -ne 0 ]; then echo "FAIL: exit $status: $*"; exit 1; fi
if ! printf '%s\n' "$actual" | diff -u "$golden" - ; then
    echo "FAIL: output differs from $golden"; exit 1
fi
echo "ok: output equals $golden"
