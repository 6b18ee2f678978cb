#!/bin/sh
# test_chapter_kit.sh CHAPTER [cpu|gpu] [reference|student|both] [SKIP,...] - the assignment of a real
# chapter works:
#   reference  the reference kit (solutions kept) grades full marks;
#   student    the student kit is generated (which checks that no reference line survives),
#              compiles, and scores zero: every test with points exercises a stripped region,
#              so no stub may pass one. It is graded in the reference's work tree, so only
#              the stripped files and what includes them are rebuilt.
# cpu: GPU tests left out (GRADE_GPU=0), whatever the machine: the grader builds without
#      nvcc (gpu/no_cuda.c), as on Gradescope;
# gpu: on a GPU machine with nvcc (exit 77 without one), every test counts; only the tests
#      worth points run (--graded-only).
# SKIP: tests left out here, in both kits: a slow one (canonical_scan's unit_literal) has
#      a line of its own that grades only the student kit on it (the chapter's own CTest
#      test runs the same reference code); ONLY=TEST grades that test alone.
# student: only the student kit (it must score 0), built from scratch.
set -u
ch=$1; mode=${2:-cpu}; part=${3:-both}; skip=""
for t in $(printf '%s' "${4:-}" | tr ',' ' '); do skip="$skip --skip $t"; done
if [ "$mode" = gpu ] && { ! nvidia-smi -L 2>/dev/null | grep -q '^GPU' || ! command -v nvcc > /dev/null; }; then
    echo "skipped: no CUDA device or no nvcc"; exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
nvcc=""
if [ "$mode" = cpu ]; then GRADE_GPU=0; export GRADE_GPU; else nvcc=$(command -v nvcc); fi
[ -n "${ONLY:-}" ] && skip="$skip --only $ONLY"
args="--graded-only --jobs 2 --budget 600 --work $tmp/work --quiet --hidden $(pwd)/assignments/hidden"
grade() {  # grade KIT RESULTS [ARGS]
    k=$1; r=$2; shift 2
    python3 "$k/tools/assignment/grade.py" --chapter "$ch" --kit "$k" --nvcc "$nvcc" $args --out "$r" "$@" \
        || fail "grading $k"
}
python3 tools/assignment/make_kit.py --chapter "$ch" --out "$tmp" --no-tar --no-book --solution > /dev/null \
    || fail "make_kit --solution"
if [ "$part" != student ]; then
    grade "$tmp/$ch-solution" "$tmp/ref.json" $skip
    python3 tools/assignment/tests/check_results.py "$tmp/ref.json" full build=ok finished || exit 1
    [ "$part" = reference ] && exit 0
fi
python3 tools/assignment/make_kit.py --chapter "$ch" --out "$tmp" --no-tar --no-book > /dev/null || fail "make_kit"
grade "$tmp/$ch" "$tmp/student.json" $skip
python3 tools/assignment/tests/check_results.py "$tmp/student.json" finished || exit 1
[ -f "$tmp/ref.json" ] || cp "$tmp/student.json" "$tmp/ref.json"
python3 - "$tmp/ref.json" "$tmp/student.json" "$part" <<'PY'
import json, sys
ref, stu = (json.load(open(p)) for p in sys.argv[1:3])
if sys.argv[3] != "student" and ref["score"] <= 0:
    sys.exit("FAIL: the reference kit earns no points here: nothing is graded on this machine")
free = [f"{t['name']} ({t['score']:g})" for t in stu["tests"] if t["score"] > 0]
if free:
    sys.exit("FAIL: the student kit earns points with the stubs in place: " + ", ".join(free) +
             " (give these tests 0 points, or strip the code they check)")
print(f"ok: reference {ref['score']:g} of {ref['extra_data']['max_score_here']:g}, stubs 0 "
      f"({ref['execution_time']:g} s + {stu['execution_time']:g} s)")
PY
