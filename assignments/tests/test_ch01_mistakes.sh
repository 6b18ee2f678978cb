#!/bin/sh
# test_ch01_mistakes.sh - the chapter 1 kit turns a first-week mistake into failed items, graded
# without a GPU: the reference kit with one mistake at a time, each graded on the CPU emulator
# (the *_emu tests), loses exactly the items that exercise it, with the emulator's own report
# in their output, and keeps every other point:
#   off_by_one   `if (i <= n)` in the vector addition: the idle threads past n read and write
#                one element past the end (the emulator's bounds check); blocks of 100 threads
#                over 1000 elements have no idle thread and still pass
#   no_barrier   the histogram in shared memory without the barrier after zeroing its bins:
#                a thread counts with atomicAdd into a bin that another thread zeroes with a
#                plain store in the same barrier interval (the race check: an atomic is
#                indivisible only against other atomics), with one bin as with many
#   early_flush  the second barrier of that histogram left out: a thread adds its block's bins to
#                the total before the others have counted (a wrong count)
#   full_mask    the warp's shuffles with the full mask in a warp only partly full: a shuffle
#                names a lane that has exited (the emulator's mask check); whole warps pass
set -u
ch=ch01_cuda_basics
tmp=$(mktemp -d)
. assignments/tests/throwaway_secret.sh
use_throwaway_secret "$tmp" "ch01 mistakes"
chmod 755 "$tmp" # the grader runs the code as an unprivileged user, who must reach --work
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
GRADE_GPU=0; export GRADE_GPU
nosb=""; [ "$(id -u)" = 0 ] || nosb=--no-sandbox
python3 assignments/tools/make_kit.py --chapter $ch --out "$tmp" --no-tar --no-book --solution > /dev/null \
    || fail "make_kit --solution"
kit=$tmp/$ch-solution
# mistake NAME FILE OLD NEW LOST... : FILE of the reference kit with OLD replaced by NEW, graded;
# exactly the items LOST fail, each with the emulator's error line or a MISMATCH in its output.
mistake() {
    name=$1; file=$kit/$ch/$2; old=$3; new=$4; shift 4
    cp "$file" "$tmp/saved" || fail "$name: no $2"
    python3 tools/replace_once.py "$file" "$old" "$new" || fail "$name: cannot make the mistake"
    python3 "$kit/assignments/tools/grade.py" --chapter $ch --kit "$kit" --nvcc "" --graded-only --jobs 2 \
        --work "$tmp/work" --quiet $nosb --out "$tmp/$name.json" > "$tmp/$name.log" 2>&1 \
        || { cat "$tmp/$name.log"; fail "$name: grading (exit $?)"; }
    cp "$tmp/saved" "$file"
    python3 - "$tmp/$name.json" "$name" "$@" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
name, want = sys.argv[2], sorted(sys.argv[3:])
lost = sorted(t["name"] for t in d["tests"] if t["score"] < t["max_score"])
if lost != want:
    sys.exit(f"FAIL: {name}: the items lost are {lost}, expected {want}")
for t in d["tests"]:
    if t["name"] in want and "error: " not in t["output"] and "MISMATCH" not in t["output"]:
        sys.exit(f"FAIL: {name}: {t['name']} failed without the emulator's report: {t['output'][:400]}")
kept = sum(t["score"] for t in d["tests"])
print(f"ok: {name}: {kept:g} of {d['extra_data']['max_score_here']:g}, lost {', '.join(want)}")
PY
}
mistake off_by_one gpu/hello_threads.cu "if (i < n) {" "if (i <= n) {" \
    hello_threads_emu hello_threads_emu_large
mistake no_barrier gpu/atomics_histogram.cu "    __syncthreads(); /* zeroed before anyone counts */
" "" histogram_emu histogram_emu_256 histogram_emu_one_bin
mistake early_flush gpu/atomics_histogram.cu "    __syncthreads(); /* every count of this block is in */
" "" histogram_emu histogram_emu_256 histogram_emu_one_bin
mistake full_mask gpu/warp_primitives.cu "__shfl_down_sync(mask, v, offset)" "__shfl_down_sync(FULL_WARP, v, offset)" \
    warp_primitives_emu warp_primitives_emu_sizes
grep -q "hello_threads.cu:[0-9]*: out of bounds, past its end" "$tmp/off_by_one.json" \
    || fail "off_by_one: the emulator's bounds report is not in the output"
# both orders of the race: the plain store first (one bin), the atomicAdd first (more bins)
grep -q "::local: thread [0-9]* wrote it at [^ ,]*atomics_histogram.cu:[0-9]*, thread [0-9]* updates it with atomicAdd at [^ ,]*atomics_histogram.cu:[0-9]*" "$tmp/no_barrier.json" \
    || fail "no_barrier: the emulator's report of an atomicAdd racing a store is not in the output"
grep -q "::local: thread [0-9]* updated it with atomicAdd at [^ ,]*atomics_histogram.cu:[0-9]*, thread [0-9]* writes it at [^ ,]*atomics_histogram.cu:[0-9]*" "$tmp/no_barrier.json" \
    || fail "no_barrier: the emulator's report of a store racing an atomicAdd is not in the output"
# ... and the feedback line the student reads for it (grade.py's EMU_FINDINGS), not the raw report
# ("a kernel": the reference kit graded as it is, nothing handed in)
grep -q "race with atomicAdd in a kernel: thread [0-9]* of block [0-9]* updates shared local in histogram_shared_atomics (byte [0-9]*) with atomicAdd at [^ ,]*atomics_histogram.cu:[0-9]*, thread [0-9]* does a plain write of it" "$tmp/no_barrier.json" \
    || fail "no_barrier: no feedback line for the race with atomicAdd: $(grep -o 'race with[^"]*' "$tmp/no_barrier.json" | head -3)"
grep -q "names lane [0-9]* (thread [0-9]*), which has exited" "$tmp/full_mask.json" \
    || fail "full_mask: the emulator's mask report is not in the output"
echo "ok: every mistake fails the items that exercise it, and only those"
