#!/bin/sh
# test_chapter_kit.sh CHAPTER [cpu|gpu] - the assignment of a real chapter works:
#   1. the reference kit (solutions kept) grades full marks;
#   2. the student kit is generated (which checks that no reference line
#      survives), compiles, and scores less than the reference kit.
# cpu: GPU tests listed as not run (GRADE_GPU=0), whatever the machine; GPU
#      programs are built when nvcc is there, so their --on cpu tests count;
# gpu: on a GPU machine (exit 77 without one), every test counts.
set -u
ch=$1; mode=${2:-cpu}
repo=$(pwd)
if [ "$mode" = gpu ] && ! nvidia-smi -L 2>/dev/null | grep -q '^GPU'; then
    echo "skipped: no CUDA device"; exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
[ "$mode" = cpu ] && { GRADE_GPU=0; export GRADE_GPU; }
for kind in solution student; do
    flag=""; [ $kind = solution ] && flag=--solution
    python3 tools/assignment/make_kit.py --chapter "$ch" --out "$tmp" --no-tar $flag || fail "make_kit $flag"
done
(cd "$tmp/$ch-solution" && make --no-print-directory grade) || fail "grading the reference kit"
python3 tools/assignment/tests/check_results.py "$tmp/$ch-solution/results.json" full build=ok || exit 1
(cd "$tmp/$ch" && make --no-print-directory grade) || fail "grading the student kit"
python3 tools/assignment/tests/check_results.py "$tmp/$ch/results.json" build=ok || exit 1
python3 - "$tmp/$ch-solution/results.json" "$tmp/$ch/results.json" <<'PY'
import json, sys
ref, stu = (json.load(open(p)) for p in sys.argv[1:])
if ref["score"] <= 0:
    sys.exit("FAIL: the reference kit earns no points here: nothing is graded on this machine")
if stu["score"] >= ref["score"]:
    sys.exit(f"FAIL: the student kit scores {stu['score']}, as much as the reference ({ref['score']}): "
             "the stubs are not tested")
print(f"ok: reference {ref['score']:g}, stubs {stu['score']:g} of {ref['extra_data']['max_score_here']:g}")
PY
