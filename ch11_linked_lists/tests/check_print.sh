#!/bin/sh
# check_print.sh N COMMAND... - COMMAND (a list_rank --print run) must exit 0
# and its stdout must be exactly N lines `index distance`, index 0..N-1 in
# order, every distance in [0, N) and each used once. 77 passes through.
n=$1; shift
out=$("$@" 2>/dev/null)
status=$?
[ "$status" -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
[ "$status" -eq 0 ] || { echo "FAIL: exit $status: $*"; exit 1; }
printf '%s\n' "$out" | awk -v n="$n" '
    NF != 2 || $1 != NR - 1 || $2 !~ /^[0-9]+$/ || $2 >= n || seen[$2]++ { bad = 1; print "FAIL: line " NR ": " $0; exit }
    END { if (!bad && NR != n) { print "FAIL: " NR " lines, expected " n; bad = 1 } exit bad }' || exit 1
echo "ok: $n lines 'index distance'"
