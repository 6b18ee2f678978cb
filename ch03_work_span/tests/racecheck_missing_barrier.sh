#!/bin/sh
# racecheck_missing_barrier.sh - the tree without the barrier between levels
# must be reported by compute-sanitizer's racecheck (exit 99 with
# --error-exitcode 99), whether or not the race changed a sum this time.
# Exits 77 (skipped) without a CUDA device.
"${BUILD:-build}"/ch03_work_span/block_trace --on gpu --n 1 --quiet >/dev/null
status=$?
[ "$status" -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
[ "$status" -eq 0 ] || { echo "FAIL: block_trace --on gpu --n 1 exits $status"; exit 1; }
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
[ -x "$sanitizer" ] || { echo "FAIL: compute-sanitizer not found"; exit 1; }
"$sanitizer" --tool racecheck --error-exitcode 99 "${BUILD:-build}"/ch03_work_span/block_trace --on gpu --missing-barrier
status=$?
[ "$status" -eq 99 ] || { echo "FAIL: racecheck exit $status, expected 99 (a race reported)"; exit 1; }
echo "ok: racecheck reports the race of the missing barrier"
