#!/bin/sh
# expect_same_stdout.sh COMMAND...
# Runs COMMAND twice; passes when both runs exit 0 with byte-identical
# stdout (run-to-run repeatability of a deterministic result).
first=$(mktemp); second=$(mktemp)
trap 'rm -f "$first" "$second"' EXIT
"$@" > "$first" || { echo "FAIL: first run exits $?: $*"; exit 1; }
"$@" > "$second" || { echo "FAIL: second run exits $?: $*"; exit 1; }
[ -s "$first" ] || { echo "FAIL: empty stdout: $*"; exit 1; }
cmp -s "$first" "$second" || { echo "FAIL: two runs differ: $*"; diff "$first" "$second"; exit 1; }
echo "ok: two runs print the same: $(cat "$first")"
