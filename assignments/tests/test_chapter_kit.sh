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
# SKIP: tests left out here, in both kits (a slow test can get
#      a line of its own that grades only the student kit on it; the chapter's own CTest
#      test runs the same reference code); ONLY=TEST grades that test alone.
# student: only the student kit (it must score 0), built from scratch.
# forger: the Gradescope zip grades the generic forger (hostile/forger.c appended to every
#      submitted C/C++ file of the student kit: the public goldens, the expected texts and
#      `confirmed` printed from a constructor, exit 0) at the floor INSTRUCTOR.txt states,
#      which must be 0: every graded point needs values the submission's code computed on an
#      input it cannot know (a hidden test, a hidden variant or a gate).
# gradescope: the Gradescope zip in its layout: the reference handed in grades full marks, hidden
#      tests included; nothing handed in grades 0.
# extra_round (ch11): the reference with one round too many loses what its README says (3 points).
set -u
ch=$1; mode=${2:-cpu}; part=${3:-both}; skip=""
for t in $(printf '%s' "${4:-}" | tr ',' ' '); do skip="$skip --skip $t"; done
# nvcc where the Makefile looks for it: on PATH, else the toolkit's default folder
found_nvcc=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
if [ "$mode" = gpu ] && { ! nvidia-smi -L 2>/dev/null | grep -q '^GPU' || [ -z "$found_nvcc" ]; }; then
    echo "skipped: no CUDA device or no nvcc"; exit 77
fi
tmp=$(mktemp -d)
. assignments/tests/throwaway_secret.sh
use_throwaway_secret "$tmp" "chapter kit $ch $mode $part"
chmod 755 "$tmp" # the grader runs student code as an unprivileged user, who must reach --work
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
. assignments/tests/gradescope.sh
nvcc=""
if [ "$mode" = cpu ]; then GRADE_GPU=0; export GRADE_GPU; else nvcc=$found_nvcc; fi
[ -n "${ONLY:-}" ] && skip="$skip --only $ONLY"
# The hidden tests exist only in an autograder zip (drawn from the instructor's secret when it is
# made): the gradescope and forger parts grade them. Without root there is no unprivileged user
# for the student's code: --no-sandbox (the kits' code is ours).
args="--graded-only --jobs 2 --work $tmp/work --quiet"
nosb=""; [ "$(id -u)" = 0 ] || nosb=--no-sandbox
args="$args $nosb"
grade() {  # grade KIT RESULTS [ARGS]
    k=$1; r=$2; shift 2
    python3 "$k/assignments/tools/grade.py" --chapter "$ch" --kit "$k" --nvcc "$nvcc" $args --out "$r" "$@"
    s=$?   # with --only, 1 says the test failed (results.json is written all the same)
    [ $s -eq 0 ] || { [ $s -eq 1 ] && [ -n "${ONLY:-}" ]; } || fail "grading $k (exit $s)"
}
python3 assignments/tools/make_kit.py --chapter "$ch" --out "$tmp" --no-tar --no-book --solution > /dev/null \
    || fail "make_kit --solution"
if [ "$part" = forger ]; then
    ag=$tmp/ag; gradescope_layout "$ch" "$ag"
    floor=$(sed -n 's/^Of these [0-9.]* points, \([0-9.]*\) can be earned without a solution.*/\1/p' "$ag/source/INSTRUCTOR.txt")
    [ -n "$floor" ] || fail "INSTRUCTOR.txt does not say how many points can be forged: $(cat "$ag/source/INSTRUCTOR.txt")"
    [ "$floor" = 0 ] || fail "INSTRUCTOR.txt says $floor points can be forged (give them a gate: a gate line in assignments/$ch.md)"
    grep -q "^forger: 0 of " "$tmp/kitlog" || fail "make_kit does not report the forger's score 0: $(cat "$tmp/kitlog")"
    for f in $(grep -v '^#' "$tmp/dist/$ch/assignments/$ch.submit"); do
        case $f in
        *.c|*.h|*.cuh) { cat "$tmp/dist/$ch/$f"
                         printf '#ifndef FORGER_ONCE\n#define FORGER_ONCE\n'
                         cat assignments/tests/hostile/forger.c
                         printf '#endif\n'; } > "$ag/submission/$(basename "$f")" ;;
        # A .cu file is compiled on the CPU only inside its emulation's namespace (gpu/*_emu.cpp,
        # `namespace emulated`): the forger steps out of it for its own #include lines.
        *.cu) { cat "$tmp/dist/$ch/$f"
                printf '#ifndef FORGER_ONCE\n#define FORGER_ONCE\n}\n'
                cat assignments/tests/hostile/forger.c
                printf 'namespace emulated {\n#endif\n'; } > "$ag/submission/$(basename "$f")" ;;
        *) cp "$tmp/dist/$ch/$f" "$ag/submission/$(basename "$f")" ;;
        esac
    done
    chmod -R a-w "$ag/source"
    # The forger's own #include lines would be refused by the source check before any build
    # (SourceFirewall): graded without it, to measure what the out-of-process checks hold.
    AUTOGRADER_ROOT=$ag GRADE_ARGS="--graded-only --no-source-check $skip $nosb" sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 \
        || { cat "$tmp/log"; fail "run_autograder"; }
    python3 assignments/tests/check_results.py "$ag/results/results.json" finished build=ok || exit 1
    python3 - "$ag/results/results.json" "$floor" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
# the forger works: public runs pass (their gate or hidden variant fails them)
if not any("hidden variant failed" in t.get("output", "") or "its hidden variant" in t.get("output", "")
           for t in d["tests"]):
    sys.exit("FAIL: no public run was forged: the forger did not take effect")
free = [f"{t['name']} ({t['score']:g})" for t in d["tests"] if t["score"] > 0]
if abs(d["score"] - float(sys.argv[2])) > 1e-9 or free:
    sys.exit(f"FAIL: the forger scored {d['score']:g} (INSTRUCTOR.txt: {sys.argv[2]}): " + ", ".join(free))
print(f"ok: the forger scores {d['score']:g} of {d['extra_data']['max_score_here']:g}, as INSTRUCTOR.txt states")
PY
    chmod -R u+w "$ag"; exit 0
fi
if [ "$part" = extra_round ]; then
    # Partial credit as the chapter's README states it: ch11's reference with one round too many
    # (a node at the end still says it jumped) keeps every ranks point and loses exactly the
    # round count, the exact trace and print_golden_cpu: 3 of the autograder's 20 points.
    ag=$tmp/ag; gradescope_layout "$ch" "$ag"
    hand_in_reference "$ch" "$ag/submission"
    python3 - "$ag/submission/pointer_jump_node.h" <<'PY' || fail "cannot make the extra round"
import sys
s = open(sys.argv[1]).read()
old = "    return succ_next != LIST_NULL;\n"
assert old in s
open(sys.argv[1], "w").write(s.replace(old, "    return 1;\n", 1))
PY
    chmod -R a-w "$ag/source"
    AUTOGRADER_ROOT=$ag GRADE_ARGS="--graded-only $skip $nosb" sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 \
        || { cat "$tmp/log"; fail "run_autograder"; }
    python3 - "$ag/results/results.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
lost = sorted(t["name"] for t in d["tests"] if t["score"] < t["max_score"])
want = ["print_golden_cpu", "random_1000_cpu [ceil(log2 n) rounds]", "random_1m_cpu [ceil(log2 n) rounds]", "trace_8_cpu"]
total = sum(t["max_score"] for t in d["tests"])
if lost != want or abs(total - d["score"] - 3) > 1e-9:
    sys.exit(f"FAIL: an extra round scored {d['score']:g} of {total:g}, losing {lost}; the README says "
             f"3 points: {want}")
print(f"ok: correct ranks with an extra round score {d['score']:g} of {total:g}, as the README says")
PY
    chmod -R u+w "$ag"; exit 0
fi
if [ "$part" = gradescope ]; then
    # The Gradescope zip in its layout (source/, submission/, results/ under AUTOGRADER_ROOT):
    # the reference files handed in, in a folder of their own, grade full marks, hidden tests
    # included; nothing handed in grades 0.
    ag=$tmp/ag; gradescope_layout "$ch" "$ag"
    hand_in_reference "$ch" "$ag/submission/mine"
    chmod -R a-w "$ag/source"
    AUTOGRADER_ROOT=$ag GRADE_ARGS="--graded-only $skip $nosb" sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 \
        || { cat "$tmp/log"; fail "run_autograder"; }
    python3 assignments/tests/check_results.py "$ag/results/results.json" full build=ok finished || exit 1
    grep -q '"hidden: ' "$ag/results/results.json" || ! grep -q "^hidden " "assignments/$ch.md" || fail "no hidden test ran"
    rm -rf "$ag/submission/mine"
    AUTOGRADER_ROOT=$ag GRADE_ARGS="--graded-only $skip $nosb" sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 \
        || { cat "$tmp/log"; fail "run_autograder"; }
    python3 -c "import json, sys; d = json.load(open(sys.argv[1])); sys.exit(0 if d['score'] == 0 else 'FAIL: the stubs score %s' % d['score'])" \
        "$ag/results/results.json" || exit 1
    chmod -R u+w "$ag"
    echo "ok: $ch graded end to end in a Gradescope layout"; exit 0
fi
if [ "$part" != student ]; then
    grade "$tmp/$ch-solution" "$tmp/ref.json" $skip
    python3 assignments/tests/check_results.py "$tmp/ref.json" full build=ok finished || exit 1
    [ "$part" = reference ] && exit 0
fi
python3 assignments/tools/make_kit.py --chapter "$ch" --out "$tmp" --no-tar --no-book > /dev/null || fail "make_kit"
grade "$tmp/$ch" "$tmp/student.json" $skip
python3 assignments/tests/check_results.py "$tmp/student.json" finished || exit 1
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
