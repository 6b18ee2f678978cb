#!/bin/sh
# device_session.sh OUTDIR [STAGE...] - everything a GPU machine must confirm,
# in as few commands as a lent machine allows. Stages, in the order given:
#   build      make -j all (with CCCL_DIR and GLASS_DIR when they are set)
#   test       the GPU tests of the quick tier (ctest -L gpu -LE long); the
#              CPU tests are the CI machine's, and need tools a GPU machine
#              may lack (pandoc, node, clang-format)
#   test-long  the GPU tests of the long tier but the tuning variants (the
#              kits' GPU items, the write-error sweep of the .dat files)
#   variants   the tuning variants (six builds of gpu_vs_cpu, each run on the
#              GPU), with every core for the builds
#   sanitize   make sanitize, one chapter per process, all at once
#   record     tools/record_gpu_outputs.sh (the GPU outputs the book shows)
#   profile    section 1.11's Nsight Compute commands on the 2-D copies
#   headline   the headline benchmarks, 3 runs each, and the floors
#   bench      make bench (the headlines, then every bench line)
# STAGE+STAGE runs stages side by side (e.g. test+sanitize: correctness runs
# may share the GPU; never put headline, bench or profile beside another).
# Default: build test+sanitize record. Environment:
#   ONLY="ch03_work_span common"  limits every stage but build to those chapters
#   CCCL_DIR, GLASS_DIR           the optional third-party trees (README.md)
#   STAGE_LIMIT=540               seconds a stage may take before it is stopped,
#                                 so the logs still come back from a command
#                                 that has a time limit of its own
# Logs go to build/session/ and, packed, to OUTDIR/session.tgz, with the summary
# in OUTDIR/summary.txt.
#
# A lent machine receives a fresh copy of the tree at each call, with new file
# times, while the build folder of a machine still held stays. So that make
# rebuilds only what changed, the build stage keeps the checksums of the files
# it built from (build/.session_sources); at the next start, every file whose
# content is the same gets an old time, and a changed or new file keeps its own.
set -u
out=$1; shift
stages=${*:-build test+sanitize record}
logs=build/session
mkdir -p "$logs" "$out"
summary=$logs/summary.txt
: > "$summary"
note() { echo "$*" | tee -a "$summary"; }
sources() { find . \( -path ./build -o -path './build-*' -o -path ./.git \) -prune -o -type f -print0; }
built_from=build/.session_sources
if [ -f "$built_from" ]; then
    sha1sum -c "$built_from" 2> /dev/null | sed -n 's/: OK$//p' | tr '\n' '\0' |
        xargs -0 -r touch -h -d '2000-01-01 00:00'
fi
export PATH="$PATH:/usr/local/cuda/bin"
note "device: $(nvidia-smi --query-gpu=name,compute_cap,driver_version --format=csv,noheader 2> /dev/null)"
note "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)  commit: $(git rev-parse --short HEAD 2> /dev/null) (+ working tree)"
note "tools: $(nvcc --version 2> /dev/null | tail -n 1); $(compute-sanitizer --version 2> /dev/null | sed -n 2p)"
jobs=$(nproc)
limit=${STAGE_LIMIT:-540}
chapters=${ONLY:-$(sh tools/chapters.sh | tr '\n' ' ') bench}
only_labels=$(echo "${ONLY:-}" | tr ' ' '|')
trees="${CCCL_DIR:+CCCL_DIR=$CCCL_DIR} ${GLASS_DIR:+GLASS_DIR=$GLASS_DIR}"

# run_stage NAME: one stage, its log in $logs/NAME.log, its verdict in the summary
run_stage() {
    start=$(date +%s)
    log=$logs/$1.log
    case $1 in
        build)
            sources | xargs -0 sha1sum > "$built_from.new"
            make -k -j"$jobs" all $trees > "$log" 2>&1 && mv "$built_from.new" "$built_from" ;;
        test) timeout "$limit" ctest --test-dir build -L gpu -LE long ${ONLY:+-L} ${ONLY:+"$only_labels"} -j6 --timeout "$limit" \
            --output-on-failure > "$log" 2>&1 ;;
        # the kits' tests build with make: share the cores between them
        test-long) MAKEFLAGS=-j4 timeout "$limit" ctest --test-dir build -L gpu -LE quick ${ONLY:+-L} ${ONLY:+"$only_labels"} -j6 \
            -E tuning_variants_run --timeout "$limit" --output-on-failure > "$log" 2>&1 ;;
        variants) MAKEFLAGS=-j"$jobs" timeout "$limit" ctest --test-dir build -R tuning_variants_run --timeout "$limit" \
            --output-on-failure > "$log" 2>&1 ;;
        sanitize)
            for c in $chapters; do
                timeout "$limit" sh tools/run_list.sh sanitize "build/sanitize/$c" "$c" > "$logs/sanitize.$c.log" 2>&1 &
            done
            wait
            grep -h -E '^sanitize:|FAILED' "$logs"/sanitize.*.log > "$log"
            ! grep -q FAILED "$log" && [ "$(grep -c '^sanitize:' "$log")" -eq "$(echo $chapters | wc -w)" ] ;;
        record) timeout "$limit" sh tools/record_gpu_outputs.sh "$logs/recordings" $chapters > "$log" 2>&1 ;;
        profile)
            metrics=l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum
            for skip in 3 7; do
                timeout 120 ncu --kernel-name copy_2d --launch-skip $skip --launch-count 1 --section SpeedOfLight \
                    --metrics $metrics build/ch01_cuda_basics/coalescing --on gpu --reps 1 --transposed \
                    > "$logs/profile.skip$skip.txt" 2>&1
            done
            grep -h -E 'Duration|Memory Throughput|Compute \(SM\)|l1tex|ERR' "$logs"/profile.skip*.txt > "$log"
            # --transposed ends with exit 1, the sector check's verdict, which ncu
            # reports as an ERROR line; any other ERROR line is a failure
            [ "$(grep -c l1tex__t_sectors "$log")" -eq 2 ] &&
                ! grep ERR "$log" | grep -v -q 'returned an error code (1)' ;;
        headline) timeout "$limit" make bench-summary ${ONLY:+ONLY="$ONLY"} $trees > "$log" 2>&1 ;;
        bench) timeout "$limit" make bench ${ONLY:+ONLY="$ONLY"} $trees > "$log" 2>&1 ;;
        *) echo "unknown stage $1" > "$log"; false ;;
    esac
    status=$?
    note "stage $1: exit $status in $(($(date +%s) - start)) s"
    case $1 in
        build) [ $status -eq 0 ] || tail -n 30 "$log" ;;
        test | test-long | variants) grep -E 'tests passed|tests failed|\(Failed\)|\(Timeout\)|\(Skipped\)|Not Run' "$log" | tee -a "$summary" ;;
        sanitize | profile) tee -a "$summary" < "$log" ;;
        headline | bench) grep -E '^bench:|^headline:|FAILED|FAIL' "$log" | tee -a "$summary" ;;
    esac
}

for group in $stages; do
    for stage in $(echo "$group" | tr '+' ' '); do run_stage "$stage" & done
    wait
done
cp -r build/bench build/sanitize "$logs/" 2> /dev/null
tar czf "$out/session.tgz" "$logs" $(ls -d */results 2> /dev/null)
cp "$summary" "$out/summary.txt"
