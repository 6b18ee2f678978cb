#!/bin/sh
# run_list.sh bench|sanitize OUTDIR CHAPTER... - runs every `bench` line of
# the chapters' device.list (benchmarks) or every `sanitize` line (each
# command under compute-sanitizer memcheck, racecheck and synccheck), one log
# per command.
# Needs a CUDA device: without one it says so and exits 0.
. tools/lists.sh
mode=$1; outdir=$2; shift 2
mkdir -p "$outdir"
if ! nvidia-smi -L >/dev/null 2>&1; then
    echo "skipped: no CUDA device ($mode needs a GPU)"; exit 0
fi
if [ "$mode" = sanitize ]; then
    sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
    tools="memcheck racecheck synccheck"
else
    tools="none"
fi
failed=0; count=0
for chapter in "$@"; do
    n=0
    while IFS= read -r line; do
        [ -n "$line" ] || continue
        [ "${line%% *}" = "$mode" ] || continue
        cmd=$(printf '%s\n' "$line" | sed -E 's/^[^[:space:]]+[[:space:]]+//')
        n=$((n + 1))
        for tool in $tools; do
            log="$outdir/$chapter.$n.$tool.log"
            if [ "$mode" = sanitize ]; then
                full="$sanitizer --tool $tool --error-exitcode 99 $cmd"
            else
                full="$cmd"
            fi
            echo "== $full"
            sh -c "$full" > "$log" 2>&1
            status=$?
            count=$((count + 1))
            if [ "$status" -ne 0 ]; then
                failed=$((failed + 1)); echo "   FAILED (exit $status): $log"; tail -n 20 "$log"
            else
                tail -n 2 "$log" | sed 's/^/   /'
            fi
        done
    done <<EOF
$(list_entries "$chapter/device.list")
EOF
done
echo "$mode: $count runs, $failed failed; logs in $outdir/"
# no line of that mode in any device.list is a mistake (a misspelt mode or
# chapter), not a clean run
[ "$count" -gt 0 ] || { echo "FAIL: no '$mode' line in the device.list of: $*"; exit 1; }
[ "$failed" -eq 0 ]
