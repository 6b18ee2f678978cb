#!/bin/sh
# run_list.sh bench|headline|sanitize OUTDIR CHAPTER... - runs the device
# work of the chapters' tests.list (the lines whose KIND is bench, headline
# or sanitize), one log per run:
#   sanitize  every `sanitize` line under compute-sanitizer memcheck, racecheck
#             and synccheck;
#   headline  every `headline` line (a bench whose ratios the book quotes)
#             HEADLINE_RUNS times (default 3), each time as a separate process
#             with `--ratios OUTDIR/ratios/run<K>.tsv` appended; the rounds are
#             interleaved (round 1 of every headline bench, then round 2, ...)
#             so a slow phase of the machine does not favour one of them.
#             Then tools/bench_summary.py writes OUTDIR/SUMMARY.md from the
#             runs and bench/floors.list (when that file exists) and fails if a
#             ratio is below its floor or a floor went unmeasured;
#   bench     the headline runs and summary, then every `bench` line once.
# Exit 0 only when every run and the summary passed; a mode with no line in
# any of the chapters' tests.list fails (a misspelt mode or chapter).
# Needs a CUDA device: without one it says so and exits 0.
. tools/lists.sh
# the build folder the commands name as $BUILD/CHAPTER/PROGRAM
BUILD=${BUILD:-build}; export BUILD
mode=$1; outdir=$2; shift 2
case $mode in bench|headline|sanitize) ;; *)
    echo "error: mode must be bench, headline or sanitize, got '$mode'" >&2; exit 2 ;;
esac
mkdir -p "$outdir"
if ! nvidia-smi -L >/dev/null 2>&1; then
    echo "skipped: no CUDA device ($mode needs a GPU)"; exit 0
fi
failed=0; count=0; skipped=0
started=$(date +%s)

# run_one LOG COMMAND: runs it, logs it, counts it, reports its time
run_one() {
    echo "== $2"
    t0=$(date +%s)
    sh -c "$2" < /dev/null > "$1" 2>&1
    status=$?
    count=$((count + 1))
    # A program that lacks an optional dependency (GLASS, CCCL) says `skipped:` and exits 77
    # before any CUDA call; under a sanitizer that shows as "terminated before first
    # instrumented API call". Neither is a failure of the kernels.
    if [ "$status" -ne 0 ] && grep -q '^skipped:' "$1" &&
        { [ "$status" -eq 77 ] || grep -q 'terminated before first instrumented API call' "$1"; }; then
        skipped=$((skipped + 1)); echo "   skipped ($(grep -m1 '^skipped:' "$1"))"
    elif [ "$status" -ne 0 ]; then
        failed=$((failed + 1)); echo "   FAILED (exit $status, $(( $(date +%s) - t0 )) s): $1"; tail -n 20 "$1"
    else
        tail -n 2 "$1" | sed 's/^/   /'; echo "   ($(( $(date +%s) - t0 )) s)"
    fi
}

# lines_of KIND: "CHAPTER<TAB>N<TAB>COMMAND" for every KIND line, in chapter order
lines_of() {
    for chapter in "$@"; do
        list_entries "$chapter/tests.list" | awk -v kind="$kind" -v ch="$chapter" '
            $2 == kind { n++; cmd = $0; sub(/^[[:space:]]*[^[:space:]]+[[:space:]]+[^[:space:]]+[[:space:]]+/, "", cmd); print ch "\t" n "\t" cmd }'
    done
}

tab=$(printf '\t')
run_kind() {
    kind=$1; shift
    lines_of "$@" > "$outdir/.lines"
    while IFS="$tab" read -r chapter n cmd; do
        [ -n "$cmd" ] || continue
        if [ "$kind" = sanitize ]; then
            sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
            for tool in memcheck racecheck synccheck; do
                run_one "$outdir/$chapter.$n.$tool.log" "$sanitizer --tool $tool --error-exitcode 99 $cmd"
            done
        else
            run_one "$outdir/$chapter.$n.none.log" "$cmd"
        fi
    done < "$outdir/.lines"
}

run_headlines() {
    kind=headline
    lines_of "$@" > "$outdir/.headlines"
    [ -s "$outdir/.headlines" ] || return 0
    rounds=${HEADLINE_RUNS:-3}
    case $rounds in ''|*[!0-9]*|0) echo "error: HEADLINE_RUNS must be a positive integer, got '$rounds'" >&2; exit 2 ;; esac
    rm -rf "$outdir/ratios"; mkdir -p "$outdir/ratios"
    runs=""
    k=1
    while [ "$k" -le "$rounds" ]; do
        ratios="$outdir/ratios/run$k.tsv"
        : > "$ratios"
        runs="$runs $ratios"
        while IFS="$tab" read -r chapter n cmd; do
            run_one "$outdir/$chapter.headline$n.run$k.log" "$cmd --ratios $ratios"
        done < "$outdir/.headlines"
        k=$((k + 1))
    done
    if [ -f bench/floors.list ] && [ -f tools/bench_summary.py ]; then
        echo "== summary: $outdir/SUMMARY.md"
        # shellcheck disable=SC2086 # $runs is a list of paths without spaces
        python3 tools/bench_summary.py --floors bench/floors.list --out "$outdir/SUMMARY.md" \
            --chapters "$*" --command "${BENCH_COMMAND:-sh tools/run_list.sh $mode $outdir $*}" $runs \
            > "$outdir/summary.log" 2>&1 || { failed=$((failed + 1)); summary_failed=1; }
        grep -E 'FAIL|skipped|^bench summary|^- ' "$outdir/summary.log" | sed 's/^/   /'
    fi
}

summary_failed=0
case $mode in
    sanitize) run_kind sanitize "$@" ;;
    headline) run_headlines "$@" ;;
    bench)    run_headlines "$@"; run_kind bench "$@" ;;
esac
rm -f "$outdir/.lines" "$outdir/.headlines"
echo "$mode: $count runs, $skipped skipped, $failed failed$( [ "$summary_failed" -eq 0 ] || echo ' (the summary among them)'); $(( $(date +%s) - started )) s; logs in $outdir/"
[ "$count" -gt 0 ] || { echo "FAIL: no '$mode' line in the tests.list of: $*"; exit 1; }
[ "$failed" -eq 0 ]
