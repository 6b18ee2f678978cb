#!/bin/sh
# bench_ratios.sh - list_rank_bench --ratios FILE appends one TSV line per
# headline ratio at the largest size (NAME RATIO OURS_US RIVAL_US
# DESCRIPTION, every number positive), keeps what FILE held, and a FILE it
# cannot write ends in `error: writing ...` and exit 1. 77 without a GPU.
prog=${BUILD:-build}/ch11_linked_lists/list_rank_bench
args="--min-log 12 --max-log 14 --reps 2 --warmup 1 --cpu-reps 1 --threads 3"
file=$(mktemp)
trap 'rm -f "$file"' EXIT
echo "earlier line" > "$file"
$prog $args --ratios "$file" > /dev/null
status=$?
[ "$status" -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
[ "$status" -eq 0 ] || { echo "FAIL: exit $status"; exit 1; }
[ "$(head -n 1 "$file")" = "earlier line" ] || { echo "FAIL: the file's first line was not kept"; exit 1; }
tail -n +2 "$file" | awk -F '\t' '
    NF != 5 || $1 !~ /^ch11\.[a-z_0-9]+\.2\^14$/ || !($2 > 0) || !($3 > 0) || !($4 > 0) || $5 == "" { print "FAIL: " $0; bad = 1 }
    { names = names " " $1 }
    END {
        if (NR != 5) { print "FAIL: " NR " ratio lines, expected 5"; bad = 1 }
        split("ruling_vs_cpu_sublists ruling_e2e_vs_cpu_sublists ruling_vs_wyllie_packed wyllie_packed_vs_two_array ruling_vs_cpu_walk", want, " ")
        for (i in want) if (index(names, " ch11." want[i] ".2^14") == 0) { print "FAIL: no " want[i]; bad = 1 }
        exit bad }' || exit 1
out=$($prog $args --ratios /nonexistent-folder/ratios.tsv 2>&1 > /dev/null)
status=$?
[ "$status" -eq 1 ] && printf '%s\n' "$out" | grep -q '^error: writing /nonexistent-folder/ratios.tsv' ||
    { echo "FAIL: an unwritable --ratios file: exit $status, '$out'"; exit 1; }
echo "ok: 5 ratio lines appended; an unwritable file is an error"
