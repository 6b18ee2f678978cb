#!/bin/sh
# test_chapter_kit.sh CHAPTER [cpu|gpu] - the assignment of a real chapter works:
#   1. the reference kit (solutions kept) grades full marks;
#   2. the student kit is generated (which checks that no reference line
#      survives), compiles, and scores zero: every test with points exercises
#      a stripped region, so no stub may pass one.
# cpu: GPU tests listed as not run (GRADE_GPU=0), whatever the machine; GPU
#      programs are built when nvcc is there, so their --on cpu tests count;
# gpu: on a GPU machine (exit 77 without one), every test counts; only the
#      tests worth points run (grade.py --graded-only), the GPU sweeps and
#      benchmarks worth 0 are left out.
# Exit 77 too when nothing of the chapter can be graded here (every graded
# test needs a program that nvcc was not there to build).
# Only the chapter and common/ are built: the reference kit in full, the
# student kit only where it differs; without a GPU for nvcc to ask, for sm_80
# only, which halves the device compilations.
set -u
ch=$1; mode=${2:-cpu}
if [ "$mode" = gpu ] && ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
    echo "skipped: no CUDA device"; exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
[ "$mode" = cpu ] && { GRADE_GPU=0; export GRADE_GPU; }
GRADE_ARGS=""
nvidia-smi -L 2>/dev/null | grep -q '^GPU' || GRADE_ARGS="--make-var CUDA_ARCH=sm_80"
[ "$mode" = gpu ] && GRADE_ARGS="$GRADE_ARGS --graded-only"
export GRADE_ARGS
for kind in solution student; do
    flag=""; [ $kind = solution ] && flag=--solution
    python3 tools/assignment/make_kit.py --chapter "$ch" --out "$tmp" --no-tar $flag || fail "make_kit $flag"
done
(cd "$tmp/$ch-solution" && make --no-print-directory grade) || fail "grading the reference kit"
python3 - "$tmp/$ch-solution/results.json" <<'PY' || exit $?
import json, sys
d = json.load(open(sys.argv[1]))
if d["extra_data"]["build_ok"] and d["extra_data"]["max_score_here"] == 0:
    print("skipped: no graded test of this chapter can run here (no nvcc, or no GPU for a GPU-only part)")
    sys.exit(77)
PY
python3 tools/assignment/tests/check_results.py "$tmp/$ch-solution/results.json" full build=ok || exit 1
# The student kit starts from the reference kit's objects: the files that differ
# (the stripped sources) are touched, so make recompiles them and, through the
# dependency files, everything that includes them. The test file is regenerated
# (it names the kit's own folder).
cp -pR "$tmp/$ch-solution/build" "$tmp/$ch/build" || fail "cannot copy the reference build"
rm -rf "$tmp/$ch/build/CTestTestfile.cmake" "$tmp/$ch/build/tests" "$tmp/$ch/build/Testing"
(cd "$tmp/$ch-solution" && find . -path ./build -prune -o -type f -print) | while read -r f; do
    cmp -s "$tmp/$ch-solution/$f" "$tmp/$ch/$f" 2>/dev/null || { [ -f "$tmp/$ch/$f" ] && touch "$tmp/$ch/$f"; }
done
(cd "$tmp/$ch" && make --no-print-directory grade) || fail "grading the student kit"
python3 tools/assignment/tests/check_results.py "$tmp/$ch/results.json" build=ok || exit 1
python3 - "$tmp/$ch-solution/results.json" "$tmp/$ch/results.json" <<'PY'
import json, sys
ref, stu = (json.load(open(p)) for p in sys.argv[1:])
if ref["score"] <= 0:
    sys.exit("FAIL: the reference kit earns no points here: nothing is graded on this machine")
free = [f"{t['name']} ({t['score']:g})" for t in stu["tests"] if t["score"] > 0]
if free:
    sys.exit("FAIL: the student kit earns points with the stubs in place: " + ", ".join(free) +
             " (give these tests 0 points, or strip the code they check)")
print(f"ok: reference {ref['score']:g} of {ref['extra_data']['max_score_here']:g}, stubs 0")
PY
