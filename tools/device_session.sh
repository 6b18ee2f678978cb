#!/bin/sh
# device_session.sh OUTDIR [STAGE...] - everything a GPU machine must confirm,
# in one call (the lent H200 is billed by the minute, so it is one command):
#   build     make -j all
#   test      the whole CTest suite (GPU tests included: none may be skipped)
#   sanitize  make sanitize (memcheck, racecheck, synccheck)
#   bench     make bench
#   record    tools/record_gpu_outputs.sh (the GPU outputs the book shows)
# Default: all five. ONLY="ch03_work_span common" limits test, sanitize, bench
# and record to those chapters. Logs go to build/session/ and, packed, to OUTDIR/session.tgz;
# a summary is printed last.
set -u
out=$1; shift
stages=${*:-build test sanitize bench record}
logs=build/session
mkdir -p "$logs" "$out"
summary=$logs/summary.txt
: > "$summary"
note() { echo "$*" | tee -a "$summary"; }
note "device: $(nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader 2>/dev/null)"
note "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  commit: $(git rev-parse --short HEAD 2>/dev/null) (+ working tree)"
jobs=$(nproc)
chapters=${ONLY:-$(sh tools/chapters.sh | tr '\n' ' ')}
for stage in $stages; do
    start=$(date +%s)
    case $stage in
        build)    make -k -j"$jobs" all > "$logs/build.log" 2>&1 ;;
        test)     ctest --test-dir build -j4 --output-on-failure ${ONLY:+-L "$(echo $ONLY | tr ' ' '|')"} > "$logs/ctest.log" 2>&1 ;;
        sanitize) sh tools/run_list.sh sanitize build/sanitize $chapters > "$logs/sanitize.log" 2>&1 ;;
        bench)    sh tools/run_list.sh bench build/bench $chapters > "$logs/bench.log" 2>&1 ;;
        record)   sh tools/record_gpu_outputs.sh "$logs/recordings" $chapters > "$logs/record.log" 2>&1 ;;
        *) note "unknown stage $stage"; continue ;;
    esac
    status=$?
    note "stage $stage: exit $status in $(( $(date +%s) - start )) s"
    case $stage in
        build) [ $status -eq 0 ] || tail -n 30 "$logs/build.log" ;;
        test) grep -E 'tests passed|tests failed|\(Failed\)|\(Timeout\)|\(Skipped\)|Not Run' "$logs/ctest.log" | tee -a "$summary" ;;
        sanitize) grep -E '^sanitize:|FAILED' "$logs/sanitize.log" | tee -a "$summary" ;;
        bench) grep -E '^bench:|FAILED' "$logs/bench.log" | tee -a "$summary" ;;
    esac
done
cp -r build/bench build/sanitize "$logs/" 2>/dev/null
tar czf "$out/session.tgz" "$logs" $(ls -d */results 2>/dev/null)
cp "$summary" "$out/summary.txt"
