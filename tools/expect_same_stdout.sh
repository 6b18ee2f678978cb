#!/bin/sh
# expect_same_stdout.sh COMMAND...
# Runs COMMAND twice; passes when both runs exit 0 with byte-identical
# stdout (run-to-run repeatability of a deterministic result). An exit of
# 77 (no GPU) is passed through, so CTest reports "skipped".
first=$(mktemp); second=$(mktemp)
trap 'rm -f "$first" "$second"' EXIT
"$@" > "$first"; status=$?
[ "$status" -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
[ "$status" -eq 0 ] || { echo "FAIL: first run exits $status: $*"; exit 1; }
"$@" > "$second" || { echo "FAIL: second run exits $?: $*"; exit 1; }
[ -s "$first" ] || { echo "FAIL: empty stdout: $*"; exit 1; }
cmp -s "$first" "$second" || { echo "FAIL: two runs differ: $*"; diff "$first" "$second" | head -n 20; exit 1; }
echo "ok: two runs print the same ($(wc -l < "$first") lines)"
