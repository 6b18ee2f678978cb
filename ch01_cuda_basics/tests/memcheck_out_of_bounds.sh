#!/bin/sh
# memcheck_out_of_bounds.sh - the off-by-one guard of checked_calls
# --out-of-bounds must be reported by compute-sanitizer's memcheck (exit 99
# with --error-exitcode 99) as an invalid global access, and the correct
# guard must be reported clean (exit 0). Exits 77 (skipped) without a CUDA
# device.
prog=${BUILD:-build}/ch01_cuda_basics/checked_calls
$prog --on gpu --quiet >/dev/null
status=$?
[ "$status" -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
[ "$status" -eq 0 ] || { echo "FAIL: $prog --on gpu exits $status"; exit 1; }
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
[ -x "$sanitizer" ] || { echo "FAIL: compute-sanitizer not found"; exit 1; }
"$sanitizer" --tool memcheck --error-exitcode 99 $prog --on gpu --quiet
status=$?
[ "$status" -eq 0 ] || { echo "FAIL: memcheck of the correct guard: exit $status, expected 0"; exit 1; }
log=$(mktemp); trap 'rm -f "$log"' EXIT
"$sanitizer" --tool memcheck --error-exitcode 99 $prog --on gpu --out-of-bounds > "$log" 2>&1
status=$?
cat "$log"
[ "$status" -eq 99 ] || { echo "FAIL: memcheck exit $status, expected 99 (an error reported)"; exit 1; }
grep -q "Invalid __global__" "$log" || { echo "FAIL: memcheck did not name an invalid global access"; exit 1; }
echo "ok: memcheck reports the write past the end of y"
