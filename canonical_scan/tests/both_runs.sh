# both_runs.sh - sourced by the GPU sweeps (from the repository root):
# `run ARGS...` runs "$prog --on both --quiet ARGS" (CPU == GPU bit for bit),
# counts it and reports it if it fails; with no GPU (exit 77) the sweep
# stops at once with 77. `both_runs_verdict` prints how many ran and
# returns 0 only if none failed.
failed=0; runs=0
run() {
    $prog --on both --quiet "$@" > /dev/null 2>&1
    s=$?
    [ $s -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
    runs=$((runs + 1))
    [ $s -eq 0 ] || { echo "FAIL (exit $s): $prog --on both $*"; failed=1; }
}
both_runs_verdict() {
    echo "$runs runs of $prog --on both"
    [ $runs -gt 0 ] && [ $failed -eq 0 ]
}
