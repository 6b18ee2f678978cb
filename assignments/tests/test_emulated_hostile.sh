#!/bin/sh
# test_emulated_hostile.sh - a student kernel whose __syncthreads() only some
# threads reach (assignments/tests/hostile/sum_shapes_kernels.cuh) fails
# ch03_work_span's emulated test with a clear message, quickly, instead of
# hanging: the emulation program is compiled with the hostile kernel found
# first on the include path, exactly as a kit would compile a submission.
# Needs build/common/libcommon.a (make builds it).
set -u
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
[ -f build/common/libcommon.a ] || fail "build/common/libcommon.a is missing: run make first"
${CXX:-g++} -std=c++17 -O2 -Wall -Wextra -Wno-unknown-pragmas -ffp-contract=off \
    -Iassignments/tests/hostile -Icommon/lib -Icommon/gpu -Icommon/emulator/include -Icommon/emulator \
    -Ich03_work_span/lib -Ich03_work_span/gpu ch03_work_span/tests/emulated_block_tree_sum.cpp \
    common/emulator/emu_threads.cpp common/emulator/emu_block.cpp common/emulator/emu_warp.cpp \
    build/common/libcommon.a -lm -o "$tmp/emulated" || fail "the hostile kernel does not compile"
timeout 60 "$tmp/emulated" --quiet > "$tmp/out" 2>&1
status=$?
cat "$tmp/out"
[ $status -ne 124 ] || fail "the emulated test hung (timeout 60 s)"
[ $status -eq 1 ] || fail "exit $status, expected 1"
grep -q '^error: block (0,0,0): __syncthreads() at assignments/tests/hostile/sum_shapes_kernels.cuh:27 reached by 1 of 32 threads' "$tmp/out" \
    || fail "no message naming the barrier and how many threads reached it"
grep -q 'block_tree_sum: the exact sum .*: MISMATCH' "$tmp/out" || fail "no MISMATCH verdict"
echo "ok: the divergent barrier is reported and the test fails"
