#!/bin/sh
# expect_mismatch.sh COMMAND... - passes when COMMAND exits 1 and reports a
# MISMATCH (a trap the self-check must catch); 77 (no GPU) passes through.
output=$("$@" 2>&1)
status=$?
printf '%s\n' "$output" | tail -n 8
[ "$status" -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
if [ "$status" -ne 1 ] || ! printf '%s\n' "$output" | grep -q MISMATCH; then
    echo "FAIL: expected exit 1 with a MISMATCH, got exit $status: $*"; exit 1
fi
echo "ok: the self-check caught the wrong answer"
