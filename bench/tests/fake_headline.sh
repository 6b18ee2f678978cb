#!/bin/sh
# fake_headline.sh NAME RATIO CALLS_FILE [--ratios FILE] - a stand-in for a
# headline bench: records that it ran (one line "NAME" in CALLS_FILE) and
# appends one ratio row to the --ratios FILE (ours 10 us, rival 10 * RATIO).
name=$1; ratio=$2; calls=$3; shift 3
echo "$name" >> "$calls"
[ "${1:-}" = --ratios ] || { echo "error: expected --ratios FILE, got '$*'"; exit 2; }
rival=$(awk -v r="$ratio" 'BEGIN { printf "%.3f", 10 * r }')
printf 'demo.%s_vs_rival.2^20\t%s\t10.000\t%s\tfake bench %s\n' "$name" "$ratio" "$rival" "$name" >> "$2"
echo "self-check: fake $name: confirmed"
