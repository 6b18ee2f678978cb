#!/bin/sh
# test_kits.sh CASE - end-to-end tests of the assignment machinery on the
# fixture (assignments/tests/fixture/): a scratch copy of the repository, a kit
# generated from it, graded, results.json checked. Hostile submissions too.
#   reference      the reference kit grades full marks (the CPU tests)
#   student        the student kit compiles and grades zero on the stripped parts
#   compile_error  a file that does not compile: zero for its program only, the compiler's message
#   warnings       a warning is shown and costs nothing
#   crash          a crashing function: its tests fail as crashed, the others still score
#   hang           an endless loop: stopped at about 10x the reference's time, later tests of the
#                  program stopped early; a small budget still writes results.json
#   tamper         a constructor rewrites the work tree's test scripts, goldens and results.json,
#                  or forges exit 0, or prints the public golden: the grade is the grader's
#   leaks          no reference line survives; a planted one is caught (text, HTML, archive)
#   bad_input      malformed markers and points files stop the generator with FILE:LINE
#   no_book        a kit asked for before `make book` is refused with what to do
#   gradescope     the autograder zip in a Gradescope layout (source/, submission/, results/):
#                  hidden tests scored, links refused, the kit read-only to the student
#   batch          a folder of submissions graded into one CSV
#   classroom      GitHub Classroom's autograding.json runs the grader, one test at a time
#   moved          a kit copied elsewhere builds, tests and grades itself
# Hostile submissions against the grader itself (assignments/tests/hostile/*.c, appended
# to the submitted tree_sum.c):
#   daemon         a process that leaves its test's session, sabotages the next submission of a
#                  batch and rewrites results files: killed when its test ends, nothing changes
#   linked_folder  a submitted folder that is a link to another student's: the stub is graded
#   hidden_private hidden tests the student's user could read are refused; private ones stay
#                  out of reach at run time (/proc, --hidden) and at build time (.incbin)
#   hidden_last    no visible test runs beside or after a hidden one, so none shows its input;
#                  a hidden test's result does not carry its exit status; the submission sees
#                  no other user's process (where the kernel allows a /proc of its own)
#   sealed         a test rewriting the build (a program, an object, a dependency file) changes
#                  neither the later tests nor the next grading in the same work tree
#   flood          60 MiB of output fails the test quickly, and the grader reads 8 MiB at most
#   fork_bomb      processes that left their test's session are gone when it ends
#   results_file   a link planted where results.json is written leads nowhere
#   no_root        without root the grader refuses a submission (--no-sandbox to force it)
#   forger         what no grader can stop: a forger scores exactly the points INSTRUCTOR.txt
#                  says can be forged (the hidden variants of the public tests hold the rest),
#                  and 0 on the hidden golden test
#   weak_hidden    a hidden golden test that the stubs print too is named, and counted as forgeable
#   refused        a kit the generator refuses leaves no partial folder behind; a first use
#                  makes a new instructor's secret, mode 600
#   reference_broken a reference program that does not build stops the kit (KitError), not its variants
# Runs with GRADE_GPU unset: on a GPU machine the fixture's gpu test runs too.
set -u
case=$1
repo=$(pwd)
tmp=$(mktemp -d) && secret=$(mktemp -d) || exit 1
# The student's code sees a /tmp of its own (grade.py): this folder, which holds what the attacks
# try to reach (the kit, the hidden tests) and drop/ where they leave the traces read back here,
# is bound back into it at its own path (GRADE_SHARED_DIR, for tests only), wherever it lies.
export GRADE_SHARED_DIR="$tmp"
# the throwaway secret in a folder of its own, mode 700: outside the repository (which may lie
# anywhere, below /tmp too) and outside what the student's code sees
. assignments/tests/throwaway_secret.sh
use_throwaway_secret "$secret" "kits $case"
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp" "$secret"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# Without root there is no unprivileged user to run the submitted code as: the grader refuses
# a submission unless told it is trusted (the no_root case checks the refusal).
nosb=""; [ "$(id -u)" = 0 ] || nosb=--no-sandbox
check() { python3 "$repo/assignments/tests/check_results.py" "$@" || exit 1; }
sh assignments/tests/scratch_repo.sh "$tmp/repo" || fail "cannot make the scratch repository"
make_kit() { python3 assignments/tools/make_kit.py --root "$tmp/repo" --out "$tmp/dist" --chapter asg_fixture "$@"; }
kit=$tmp/dist/asg_fixture
# unpack ZIP DIR: what Gradescope's unzip does (files overwritten, mode bits kept).
unpack() {
    python3 - "$1" "$2" <<'PY'
import os, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as z:
    for info in z.infolist():
        path = z.extract(info, sys.argv[2])
        mode = info.external_attr >> 16 & 0o777
        if mode and not info.is_dir():
            os.chmod(path, mode)
PY
}
# gradescope_layout: the fixture's kit made, its autograder zip unpacked into $ag/source as
# Gradescope does, and an empty $ag/submission beside it.
ag=$tmp/autograder
gradescope_layout() {
    make_kit --no-book || fail "make_kit"
    mkdir -p "$ag/source" "$ag/submission"
    unpack "$tmp/dist/asg_fixture-autograder.zip" "$ag/source" || fail "cannot unpack the autograder zip"
}
reference=$tmp/reference_tree_sum.c
python3 assignments/tools/markers.py book assignments/tests/fixture/asg_fixture/tree_sum.c > "$reference"
# hostile FILE PYTHON: a submission made from the reference by a Python edit of `s`.
hostile() {
    python3 - "$reference" "$1" "$2" <<'PY'
import sys
s = open(sys.argv[1]).read()
exec(sys.argv[3])
open(sys.argv[2], "w").write(s)
PY
}
# grade_with FILE [ARGS]: grades the student kit with FILE as the submitted tree_sum.c.
# The process-level attacks below are appended to the submitted C file with directives of their
# own (#include <unistd.h>), which the source check (SourceFirewall) refuses before any build:
# to test the sandbox behind it, they are graded with --no-source-check. The hostile_* cases
# (test_hostile.sh) grade with the check on, as Gradescope does.
grade_with() {
    file=$1; shift
    mkdir -p "$tmp/sub" && cp "$file" "$tmp/sub/tree_sum.c"
    (cd "$kit" && python3 assignments/tools/grade.py --chapter asg_fixture --submission "$tmp/sub" \
        --out "$tmp/results.json" --no-source-check $nosb "$@" > "$tmp/log" 2>&1) || { cat "$tmp/log"; fail "grade.py exited $?"; }
}
stub_zero="sum_default=0 depth_1000=0 golden_trace=0"
verdict="depth_1000 [tree depth equals]"
# attack NAME OUT [BASE]: BASE (default: the student kit's stub tree_sum.c) with the hostile
# snippet assignments/tests/hostile/NAME.c appended, its @DROP@ (a folder every user may
# write, for the attack's traces) and @HIDDEN@ (the private hidden tests) filled in.
drop=$tmp/drop
attack() {
    { cat "${3:-$kit/asg_fixture/tree_sum.c}"
      sed -e "s|@DROP@|$drop|g" -e "s|@HIDDEN@|$tmp/private/hidden|g" "$repo/assignments/tests/hostile/$1.c"
    } > "$2"
}
# open_up: the grader's unprivileged user must reach the kit and the traces folder; the hidden
# tests stay in a private folder.
open_up() {
    chmod 755 "$tmp"; mkdir -p -m 1777 "$drop"; chmod 1777 "$drop"
    mkdir -p -m 700 "$tmp/private"; hidden_from_zip "$tmp/private/hidden"
}
# hidden_from_zip DIR: the hidden tests of the autograder zip (made at kit time from the
# instructor's secret) unpacked into DIR, as Gradescope's source/hidden/.
hidden_from_zip() {
    python3 - "$tmp/dist/asg_fixture-autograder.zip" "$1" <<'PY'
import os, sys, zipfile
os.makedirs(sys.argv[2], exist_ok=True)
if not os.path.isfile(sys.argv[1]):   # a kit made without its zip: no hidden tests
    sys.exit(0)
with zipfile.ZipFile(sys.argv[1]) as z:
    for name in z.namelist():
        if name.startswith("hidden/") and not name.endswith("/"):
            dest = os.path.join(sys.argv[2], name[len("hidden/"):])
            os.makedirs(os.path.dirname(dest), exist_ok=True)
            with open(dest, "wb") as f:
                f.write(z.read(name))
PY
}
alive() { [ -s "$1" ] && for p in $(cat "$1"); do kill -0 "$p" 2>/dev/null && return 0; done; return 1; }

case $case in
reference)
    make_kit --solution --no-tar --no-book || fail "make_kit --solution"
    (cd "$kit-solution" && make --no-print-directory grade) || fail "make grade exited $?"
    check "$kit-solution/results.json" full build=ok finished rejects_zero=1 sum_default=3 "$verdict=1" notrun=sum_large
    grep -q '"output_format": "text"' "$kit-solution/results.json" || fail "no output_format text"
    # --graded-only (kept as a no-op): the same score; `help` (no points) is never run.
    (cd "$kit-solution" && GRADE_ARGS=--graded-only make --no-print-directory grade > "$tmp/log") || fail "make grade --graded-only"
    check "$kit-solution/results.json" full build=ok sum_default=3
    grep -q '"name": "help"' "$kit-solution/results.json" && fail "--graded-only ran help"
    echo "ok: full marks; GPU tests left out, not shown as passed" ;;
student)
    make_kit --no-tar --no-book || fail "make_kit"
    (cd "$kit" && make --no-print-directory grade) || fail "make grade exited $?"
    # rejects_zero checks option parsing, other_ok has no region: the stubs leave both intact.
    check "$kit/results.json" build=ok $stub_zero "$verdict=0" rejects_zero=1 other_ok=1 notrun=sum_large
    python3 - "$kit/results.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
if not d["extra_data"]["gpu"] and d["score"] != 2:
    sys.exit(f"FAIL: the stripped kit scored {d['score']}, expected 2 (rejects_zero, other_ok)")
print("ok: the stripped kit scores only what the stubs do not touch")
PY
    ;;
compile_error)
    make_kit --no-tar --no-book || fail "make_kit"
    hostile "$tmp/bad.c" 's += "int this_is_not_c = ;\n"'
    grade_with "$tmp/bad.c"
    check "$tmp/results.json" build=failed "output~tree_sum.c:" "output~error:" $stub_zero rejects_zero=0 \
        other_ok=1 "status~sum_default=did not build"
    echo "ok: only the tests of the program that did not build score 0" ;;
warnings)
    make_kit --no-tar --no-book || fail "make_kit"
    hostile "$tmp/warn.c" 's = s.replace("    unsigned depth = 0;\n", "    unsigned depth = 0;\n    int unused_here = 1;\n", 1)'
    grade_with "$tmp/warn.c"
    check "$tmp/results.json" build=ok full "output~warnings (shown, not counted" "output~unused_here"
    echo "ok: a warning is shown and costs nothing" ;;
crash)
    make_kit --no-tar --no-book || fail "make_kit"
    hostile "$tmp/crash.c" 's = s.replace("    while (n > 1) {", "    *(volatile int *)0 = (int)n;\n    while (n > 1) {", 1)'
    grade_with "$tmp/crash.c"
    check "$tmp/results.json" build=ok sum_default=0 golden_trace=0 depth_1000=1 other_ok=1 \
        "status~sum_default=crashed (signal"
    echo "ok: a crash fails the tests that reach it, named" ;;
hang)
    make_kit --no-tar --no-book || fail "make_kit"
    # the reference's times, as `make assignment-times` writes them into the kit's registry
    sed -i 's/^```$/time sum_default 0.01\ntime golden_trace 0.01\ntime depth_1000 0.01\ntime rejects_zero 0.01\ntime other_ok 0.01\n```/' \
        "$kit/assignments/asg_fixture.md"
    hostile "$tmp/hang.c" 's = s.replace("    while (n > 1) {", "    for (volatile int spin = 1; spin;) {}\n    while (n > 1) {", 1)'
    start=$(date +%s)
    grade_with "$tmp/hang.c" --time-floor 2 --jobs 1
    took=$(( $(date +%s) - start ))
    check "$tmp/results.json" build=ok finished sum_default=0 golden_trace=0 depth_1000=1 other_ok=1 \
        "status~sum_default=timeout: stopped after 2.0 s" "status~golden_trace=an earlier test of the same program hung"
    echo "graded in $took s (for information: the limits above, not the clock, are checked)"
    # An instructor's budget smaller than the run: results.json still has what ran, the rest
    # listed as not run. (There is none by default: each test has its own limit.)
    grade_with "$tmp/hang.c" --time-floor 5 --jobs 1 --budget 3
    check "$tmp/results.json" finished sum_default=0 "status~golden_trace=time budget ran out"
    echo "ok: a hang costs about 10x the reference's time once, then little; an instructor's budget holds" ;;
tamper)
    make_kit --no-book || fail "make_kit"
    out=$tmp/results.json
    # 1. rewrite the work tree's scripts and goldens (and results.json) from a constructor, then
    #    let the stub fail: nothing of it may count.
    hostile "$tmp/tamper.c" "s = open('$kit/asg_fixture/tree_sum.c').read() + '''
#include <stdio.h>
__attribute__((constructor)) static void tamper(void)
{
    const char *paths[] = { \"tools/expect_output.sh\", \"tools/expect_exit.sh\", \"asg_fixture/tests/golden/tree_sum.txt\",
                            \"$out\", \"$kit/asg_fixture/tests/golden/tree_sum.txt\" };
    for (unsigned i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        FILE *f = fopen(paths[i], \"w\");
        if (f) { fputs(\"exit 0\\\\n\", f); fclose(f); }
    }
}
'''"
    chmod -R a-w "$kit"   # the kit is out of the student's reach (root-owned on Gradescope)
    grade_with "$tmp/tamper.c"
    check "$out" build=ok $stub_zero finished
    grep -q 'x\[0\]' "$kit/asg_fixture/tests/golden/tree_sum.txt" || fail "the kit's golden was rewritten"
    # 2. forge exit 0 for every run: the exit-status tests are fooled (they trust the program's
    #    self-check), the golden tests and the hidden test are not.
    hostile "$tmp/forge.c" "s = open('$kit/asg_fixture/tree_sum.c').read() + '''
#include <unistd.h>
__attribute__((constructor)) static void forge(void) { _exit(0); }
'''"
    chmod -R u+w "$kit"; hidden_from_zip "$tmp/hidden"
    grade_with "$tmp/forge.c" --hidden "$tmp/hidden"
    check "$out" golden_trace=0 "hidden: hidden_trace=0"
    # 3. print the public golden: the public run passes (its answer is public), but its hidden
    #    variant (another seed, from the autograder zip) does not, nor does the hidden test.
    hostile "$tmp/print.c" "import json; g = open('$kit/asg_fixture/tests/golden/tree_sum.txt').read(); s = open('$kit/asg_fixture/tree_sum.c').read() + '''
#include <stdio.h>
#include <unistd.h>
__attribute__((constructor)) static void print_golden(int argc) { if (argc == 1) { fputs(''' + json.dumps(g) + ''', stdout); fflush(stdout); _exit(0); } }
'''"
    grade_with "$tmp/print.c" --hidden "$tmp/hidden"
    check "$out" golden_trace=0 "status~golden_trace=its hidden variant" "hidden: hidden_trace=0" sum_default=0
    grep -q 'x\[0\] = 618' "$out" && fail "the hidden golden shows in results.json"
    echo "ok: tampering changes nothing; forged exits and printed goldens fail the hidden test" ;;
leaks)
    mkdir -p "$tmp/repo/build/book/outputs" && echo x > "$tmp/repo/build/book/outputs/x.txt"
    if command -v pandoc > /dev/null; then make_kit || fail "make_kit"; else make_kit --no-book || fail "make_kit"; fi
    if command -v pandoc > /dev/null; then
        [ -f "$kit/book/asg_fixture.html" ] || fail "no woven HTML page in the kit (pandoc is installed)"
    fi
    grep -q 'TODO: add neighbours pairwise' "$kit/asg_fixture/tree_sum.c" || fail "the stub is not in the kit"
    grep -q 'tree_sum.c:19' "$kit/README.md" || fail "README does not list the first STUDENT region"
    for k in "$kit" "$kit.tar.gz" "$tmp/dist/asg_fixture-autograder.zip"; do
        make_kit --check "$k" || fail "a clean kit reported leaks: $k"
    done
    # Kits ship no developer tooling, and the hidden tests only in the autograder zip.
    for f in record_gpu_outputs.sh device_session.sh book_outputs.sh check_listing_markers.sh; do
        [ -e "$kit/tools/$f" ] && fail "the kit ships developer tooling: tools/$f"
    done
    tar -tzf "$kit.tar.gz" | grep -q hidden && fail "the hidden tests are in the student archive"
    python3 -c "import zipfile,sys; n=zipfile.ZipFile(sys.argv[1]).namelist(); sys.exit(0 if 'hidden/asg_fixture/hidden_trace.out' in n else 1)" \
        "$tmp/dist/asg_fixture-autograder.zip" || fail "the hidden golden is not in the autograder zip"
    grep -q 'x\[i\] = x\[2 \* i\] + x\[2 \* i + 1\];' "$tmp/dist/asg_fixture-solutions.md" || fail "no solutions manual"
    # A reference line planted in plain text, in highlighted HTML, in the archive: all caught.
    cp -R "$kit" "$tmp/planted"
    echo '        x[i] = x[2 * i] + x[2 * i + 1];' >> "$tmp/planted/README.md"
    make_kit --check "$tmp/planted" && fail "a planted line in README.md was not caught"
    cp "$kit/README.md" "$tmp/planted/README.md"
    mkdir -p "$tmp/planted/book"
    echo '<span class="dt">unsigned</span> depth <span class="op">=</span> <span class="dv">0</span>;' \
        >> "$tmp/planted/book/asg_fixture.html"
    make_kit --check "$tmp/planted" && fail "a planted line in the HTML was not caught"
    tar -czf "$tmp/planted.tar.gz" -C "$tmp" planted
    make_kit --check "$tmp/planted.tar.gz" && fail "a planted line in the archive was not caught"
    if command -v pandoc > /dev/null; then
        printf '\nThe loop body is `x[i] = x[2 * i] + x[2 * i + 1];`.\n' >> "$tmp/repo/book/99_asg_fixture.md"
        make_kit 2> "$tmp/err" && fail "make_kit shipped a book page that quotes the solution"
        grep -q 'solution text survives' "$tmp/err" || fail "make_kit did not say why: $(cat "$tmp/err")"
    fi
    echo "ok: leaks are caught in text, HTML and archives; no tooling, no hidden tests in the kit" ;;
no_book)
    make_kit --no-tar > "$tmp/out" 2>&1 && fail "a kit was made before make book"
    # with pandoc the way out is `make book`; without it, installing pandoc or NOBOOK=1
    if command -v pandoc >/dev/null 2>&1; then want='make book'; else want='NOBOOK=1'; fi
    grep -q "$want" "$tmp/out" || fail "the refusal does not say what to do ($want): $(cat "$tmp/out")"
    grep -qi 'stack traceback\|\.lua:' "$tmp/out" && fail "the refusal shows a Lua trace"
    make_kit --no-tar --no-book || fail "make_kit --no-book"
    grep -q 'include=' "$kit/README.md" && fail "raw include= lines in the README"
    [ -d "$kit/book" ] && fail "--no-book shipped book pages"
    grep -q 'without the book' "$kit/README.md" || fail "the README does not say the pages are left out"
    echo "ok: no kit with broken pages" ;;
bad_input)
    src=$tmp/repo/asg_fixture/tree_sum.c
    cp "$src" "$tmp/orig.c"
    expect() {  # expect TEXT: make_kit fails with exit 2 and says TEXT
        make_kit --no-tar --no-book > "$tmp/out" 2>&1; s=$?
        [ $s -eq 2 ] && grep -qF "$1" "$tmp/out" || fail "expected exit 2 and '$1', got $s: $(cat "$tmp/out")"
        echo "ok: $1"
    }
    # The fixture's markers: BEGIN 19, STUDENT 29-32, END 33; BEGIN 39, STUDENT 44-47, END 48.
    sed '33d' "$tmp/orig.c" > "$src"
    expect "asg_fixture/tree_sum.c:38: BEGIN SOLUTION inside the region opened at line 19"
    sed '48d' "$tmp/orig.c" > "$src"
    expect "asg_fixture/tree_sum.c:39: BEGIN SOLUTION without END SOLUTION"
    sed '32d' "$tmp/orig.c" > "$src"
    expect "asg_fixture/tree_sum.c:32: marker inside the STUDENT block opened at line 29"
    sed '29,32d' "$tmp/orig.c" > "$src"
    expect "asg_fixture/tree_sum.c:19: region has no /* STUDENT: ... */ block"
    sed '30s|.*|    /* not allowed */ return 0;|' "$tmp/orig.c" > "$src"
    expect "asg_fixture/tree_sum.c:30: a STUDENT stub cannot contain"
    python3 assignments/tools/check_repo.py "$tmp/repo" > "$tmp/out" && fail "check_repo.py passed a broken stub"
    grep -q 'FAIL: asg_fixture/tree_sum.c:30:' "$tmp/out" || fail "check_repo.py: $(cat "$tmp/out")"
    echo "ok: check_repo.py names the broken marker"
    cp "$tmp/orig.c" "$src"
    sed -i 's|^    return x\[0\];$|    return x[0]; /* END SOLUTION */|' "$src"
    expect "asg_fixture/tree_sum.c:28: solution marker must stand alone"
    cp "$tmp/orig.c" "$src"
    pts=$tmp/repo/assignments/asg_fixture.md
    cp "$pts" "$tmp/orig.md"
    sed -i 's/^```$/points no_such_test 5\n```/' "$pts"
    expect "asg_fixture.md:20: no test 'no_such_test'"
    cp "$tmp/orig.md" "$pts"; sed -i 's/^```$/points sum_default 1 grep: x\n```/' "$pts"
    expect "asg_fixture.md:20: expected TEST_NAME POINTS [verdict: TEXT]"
    cp "$tmp/orig.md" "$pts"; sed -i 's/^```$/pointz sum_default 1\n```/' "$pts"
    expect "asg_fixture.md:20: expected a line 'points | gate | hidden | time | calibration ...'"
    rm "$pts"
    expect "no registry assignments/asg_fixture.md" ;;
gradescope)
    gradescope_layout
    mkdir -p "$ag/submission/nested"
    grep -q 'useradd' "$ag/source/setup.sh" || fail "setup.sh creates no unprivileged user"
    grep -q 'total to 11 points' "$ag/source/INSTRUCTOR.txt" || fail "INSTRUCTOR.txt: $(cat "$ag/source/INSTRUCTOR.txt")"
    chmod -R a-w "$ag/source"
    # The reference, in a folder of the student's own: full marks, the hidden test included.
    cp "$reference" "$ag/submission/nested/tree_sum.c"
    AUTOGRADER_ROOT=$ag GRADE_ARGS=$nosb sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 || { cat "$tmp/log"; fail "run_autograder"; }
    check "$ag/results/results.json" full build=ok finished sum_default=3 "hidden: hidden_trace=2" notrun=sum_large
    grep -q '"visibility": "after_published"' "$ag/results/results.json" || fail "the hidden test is visible at once"
    # A link in place of a file (to the hidden golden, say) is refused; the stub is graded.
    rm -rf "$ag/submission"/*
    ln -s "$ag/source/hidden/asg_fixture/hidden_trace.out" "$ag/submission/tree_sum.c"
    AUTOGRADER_ROOT=$ag GRADE_ARGS=$nosb sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 || { cat "$tmp/log"; fail "run_autograder"; }
    check "$ag/results/results.json" build=ok $stub_zero "output~is not a regular file"
    # An empty submission grades the stubs and says so.
    rm -rf "$ag/submission"/*
    AUTOGRADER_ROOT=$ag GRADE_ARGS=$nosb sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 || { cat "$tmp/log"; fail "run_autograder"; }
    check "$ag/results/results.json" build=ok $stub_zero "output~asg_fixture/tree_sum.c was not submitted"
    [ -e "$ag/source/kit/build" ] && fail "the grader built inside the autograder's source"
    echo "ok: Gradescope layout graded from a read-only source" ;;
batch)
    make_kit --no-tar --no-book || fail "make_kit"
    mkdir -p "$tmp/subs/alice/src" "$tmp/subs/bob" "$tmp/subs/carol"
    cp "$reference" "$tmp/subs/alice/src/tree_sum.c"
    hostile "$tmp/subs/carol/tree_sum.c" 's += "int this_is_not_c = ;\n"'
    (cd "$kit" && python3 assignments/tools/grade.py --chapter asg_fixture --batch "$tmp/subs" --csv "$tmp/scores.csv" \
        $nosb > "$tmp/log" 2>&1) || { cat "$tmp/log"; fail "batch grading"; }
    python3 - "$tmp/scores.csv" <<'PY' || exit 1
import csv, sys
rows = {r["submission"]: r for r in csv.DictReader(open(sys.argv[1]))}
want = {"alice": ("9", "1"), "bob": ("2", "1"), "carol": ("1", "0")}
got = {n: (format(float(r["score"]), "g"), r["all_built"]) for n, r in rows.items()}
if got != want:
    sys.exit(f"FAIL: scores {got}, expected {want}")
if rows["alice"]["sum_default"] != "3.0":
    sys.exit(f"FAIL: no per-test column: {rows['alice']}")
print("ok: one CSV row per submission, one column per test")
PY
    ;;
classroom)
    make_kit --no-tar --no-book || fail "make_kit"
    make_kit --no-tar --no-book --solution || fail "make_kit --solution"
    cp "$kit/.github/classroom/autograding.json" "$tmp/ag.json"
    python3 - "$tmp/ag.json" "$kit" "$kit-solution" <<'PY' || exit 1
import json, subprocess, sys
tests = json.load(open(sys.argv[1]))["tests"]
names = [t["name"] for t in tests]
if "sum_default" not in names or "sum_large" in names or sum(t["points"] for t in tests) != 9:
    sys.exit(f"FAIL: autograding.json: {names}")
run = next(t["run"] for t in tests if t["name"] == "sum_default")
for folder, want in ((sys.argv[2], 1), (sys.argv[3], 0)):
    s = subprocess.run(run, shell=True, cwd=folder, stdout=subprocess.DEVNULL).returncode
    if s != want:
        sys.exit(f"FAIL: '{run}' in {folder} exited {s}, expected {want}")
print("ok: Classroom's commands pass the reference and fail the stubs")
PY
    ;;
moved)
    make_kit --no-tar --no-book --solution || fail "make_kit --solution"
    (cd "$kit-solution" && make -s > /dev/null) || fail "make in the kit"
    mv "$kit-solution" "$tmp/elsewhere"
    grep -q "$kit-solution" "$tmp/elsewhere/build/CTestTestfile.cmake" && fail "the test file names the old folder"
    ctest --test-dir "$tmp/elsewhere/build" -R 'asg_fixture\.(sum_default|golden_trace)$' > "$tmp/log" 2>&1 \
        || { cat "$tmp/log"; fail "ctest in the moved kit"; }
    (cd "$tmp/elsewhere" && make --no-print-directory grade > "$tmp/log" 2>&1) || fail "make grade in the moved kit"
    check "$tmp/elsewhere/results.json" full
    echo "ok: a moved kit tests and grades itself" ;;
daemon)
    make_kit --no-tar --no-book || fail "make_kit"
    open_up
    mkdir -p "$tmp/subs/a_mallory" "$tmp/subs/b_bob" "$tmp/out"
    attack daemon "$tmp/subs/a_mallory/tree_sum.c"
    cp "$reference" "$tmp/subs/b_bob/tree_sum.c"
    # One test at a time (--jobs 1): a test that ends kills every process below the grader outside
    # the running tests' sessions, so with two jobs the end of another test could kill the daemon
    # between its setsid() and the line that writes daemon.pid, and "never started" would depend on
    # timing. Alone, it is killed only once its own test ends, after daemon.pid is written (the
    # test's program waits for that).
    (cd "$kit" && python3 assignments/tools/grade.py --chapter asg_fixture --batch "$tmp/subs" --no-source-check \
        --jobs 1 --csv "$tmp/out/scores.csv" $nosb > "$tmp/log" 2>&1) || { cat "$tmp/log"; fail "batch grading"; }
    [ -s "$drop/daemon.pid" ] || fail "the daemon never started: $(cat "$tmp/log")"
    alive "$drop/daemon.pid" && fail "the daemon outlived its test (pid $(cat "$drop/daemon.pid"))"
    grep -q replaced "$drop/daemon.log" 2>/dev/null && fail "the daemon rewrote another work tree: $(cat "$drop/daemon.log")"
    check "$tmp/out/scores-results/b_bob.json" full build=ok
    check "$tmp/out/scores-results/a_mallory.json" $stub_zero
    echo "ok: a process that leaves its test's session ends with the test; the next submission is untouched" ;;
linked_folder)
    make_kit --no-tar --no-book || fail "make_kit"
    mkdir -p "$tmp/subs/a_eve" "$tmp/subs/b_bob/asg_fixture"
    cp "$reference" "$tmp/subs/b_bob/asg_fixture/tree_sum.c"
    ln -s ../b_bob/asg_fixture "$tmp/subs/a_eve/asg_fixture"
    (cd "$kit" && python3 assignments/tools/grade.py --chapter asg_fixture --batch "$tmp/subs" --csv "$tmp/scores.csv" \
        $nosb > "$tmp/log" 2>&1) || { cat "$tmp/log"; fail "batch grading"; }
    check "$tmp/scores-results/b_bob.json" full
    check "$tmp/scores-results/a_eve.json" $stub_zero "output~in a linked folder"
    echo "ok: a folder linked to another submission is not read through" ;;
hidden_private)
    make_kit --no-book || fail "make_kit"
    open_up
    hidden_from_zip "$tmp/open_hidden" && chmod -R a+rX "$tmp/open_hidden"
    attack read_hidden "$tmp/read.c"
    if [ "$(id -u)" = 0 ]; then
        # hidden tests the student's user could read: refused, whatever the submission
        (cd "$kit" && python3 assignments/tools/grade.py --chapter asg_fixture --submission "$tmp/sub" \
            --out "$tmp/results.json" --hidden "$tmp/open_hidden" > "$tmp/log" 2>&1) && fail "graded with readable hidden tests"
        grep -q 'hidden tests can be read by the user' "$tmp/log" || fail "no reason given: $(cat "$tmp/log")"
    fi
    # private: the submission finds --hidden DIR in /proc, but cannot read it ...
    grade_with "$tmp/read.c" --hidden "$tmp/private/hidden"
    if [ "$(id -u)" = 0 ]; then check "$tmp/results.json" build=ok "hidden: hidden_trace=0"; fi
    # ... nor can its build (.incbin of the golden): the program does not build
    attack incbin_hidden "$tmp/incbin.c"
    grade_with "$tmp/incbin.c" --hidden "$tmp/private/hidden"
    if [ "$(id -u)" = 0 ]; then check "$tmp/results.json" build=failed "hidden: hidden_trace=0"; fi
    echo "ok: hidden tests are refused unless private, and out of the submission's reach" ;;
hidden_last)
    make_kit --no-book || fail "make_kit"
    open_up
    seed=$(sed -n 's/.*\(--seed [0-9]*\).*/\1/p' "$tmp/private/hidden/asg_fixture.hidden")
    [ -n "$seed" ] || fail "no seed drawn for the hidden test: $(cat "$tmp/private/hidden/asg_fixture.hidden")"
    attack exfil "$tmp/exfil.c"
    grade_with "$tmp/exfil.c" --hidden "$tmp/private/hidden" --jobs 2
    grep -q -e "$seed" "$drop/notes.txt" || fail "the attack never saw the hidden test (it should: it runs beside it)"
    grep -q -e "$seed" "$tmp/results.json" && fail "a visible result shows the hidden test's input"
    grep -Eq 'exit status is wrong|output differs' "$tmp/results.json" \
        || fail "the hidden test's failure is not named: $(grep hidden_trace "$tmp/results.json")"
    grep '"output": "failed' "$tmp/results.json" | grep -q 42 && fail "the hidden test's result shows its exit status"
    check "$tmp/results.json" "hidden: hidden_trace=0"
    # ... nor any other user's process (the grader's names the hidden folder; a reference run
    # beside the grading, its input), where the kernel allows a /proc of its own
    if [ "$(id -u)" = 0 ]; then
        [ -s "$drop/others.txt" ] || fail "the attack counted no processes"
        if grep -q "refused it a /proc of its own" "$tmp/log"; then
            echo "note: this kernel refused the student's code a /proc of its own, and the instructor's log says so"
        else
            seen=$(sort -n "$drop/others.txt" | tail -1)
            [ "$seen" = 0 ] || fail "the submission saw $seen processes of other users"
        fi
    fi
    echo "ok: hidden tests run last and alone; their results carry no exit status" ;;
sealed)
    [ "$(id -u)" = 0 ] || { echo "skipped: needs root (the build is sealed from the student's user)"; exit 77; }
    make_kit --no-tar --no-book || fail "make_kit"
    open_up
    attack seal "$tmp/seal.c"
    mkdir -p "$tmp/work"
    grade_with "$tmp/seal.c" --work "$tmp/work" --jobs 1
    check "$tmp/results.json" build=ok other_ok=1 $stub_zero
    # the same work tree, the reference now: nothing the attack planted survives
    grade_with "$reference" --work "$tmp/work" --jobs 1
    check "$tmp/results.json" full build=ok other_ok=1
    echo "ok: the tests cannot rewrite the build they run" ;;
flood)
    make_kit --no-tar --no-book || fail "make_kit"
    attack flood "$tmp/flood.c" "$reference"
    start=$(date +%s)
    grade_with "$tmp/flood.c" --jobs 2
    took=$(( $(date +%s) - start ))
    check "$tmp/results.json" golden_trace=0 "status~golden_trace=output larger than 8 MiB"
    echo "ok: a flood of output fails its tests in $took s" ;;
fork_bomb)
    make_kit --no-tar --no-book || fail "make_kit"
    open_up
    attack fork_bomb "$tmp/bomb.c"
    grade_with "$tmp/bomb.c"
    [ -s "$drop/bomb.pids" ] || fail "the attack started nothing"
    alive "$drop/bomb.pids" && fail "processes of the submission outlived the grading"
    check "$tmp/results.json" finished $stub_zero
    echo "ok: $(wc -l < "$drop/bomb.pids") processes in sessions of their own are gone when their test ends" ;;
results_file)
    make_kit --no-tar --no-book || fail "make_kit"
    echo "precious" > "$tmp/victim"
    ln -s "$tmp/victim" "$tmp/results.json.tmp"
    grade_with "$reference"
    [ "$(cat "$tmp/victim")" = precious ] || fail "results were written through a planted link"
    check "$tmp/results.json" full
    if [ "$(id -u)" = 0 ]; then
        mkdir -m 1777 "$tmp/open_out" && chmod 755 "$tmp"
        (cd "$kit" && python3 assignments/tools/grade.py --chapter asg_fixture --submission "$tmp/sub" \
            --out "$tmp/open_out/results.json" > "$tmp/log" 2>&1) && fail "wrote results where the student may write"
        grep -q 'results folder .* can be written' "$tmp/log" || fail "no reason given: $(cat "$tmp/log")"
    fi
    echo "ok: results.json is written under a fresh name, in a folder the student cannot write" ;;
no_root)
    make_kit --no-tar --no-book || fail "make_kit"
    mkdir -p "$tmp/sub" && cp "$reference" "$tmp/sub/tree_sum.c"
    chmod -R a+rX "$tmp"
    as_user() { if [ "$(id -u)" = 0 ]; then su -s /bin/sh nobody -c "$1"; else sh -c "$1"; fi; }
    cmd="cd '$kit' && python3 assignments/tools/grade.py --chapter asg_fixture --submission '$tmp/sub' --out /dev/null --quiet"
    as_user "$cmd" > "$tmp/log" 2>&1 && fail "graded a submission without root and without a sandbox"
    grep -q 'needs root' "$tmp/log" || fail "no reason given: $(cat "$tmp/log")"
    echo "ok: without root a submission is refused (--no-sandbox forces it)" ;;
forger)
    gradescope_layout
    forged=$(sed -n 's/^Of these [0-9.]* points, \([0-9.]*\) can be earned without a solution.*/\1/p' "$ag/source/INSTRUCTOR.txt")
    [ -n "$forged" ] || fail "INSTRUCTOR.txt does not say how many points can be forged: $(cat "$ag/source/INSTRUCTOR.txt")"
    attack forger "$ag/submission/tree_sum.c"
    chmod -R a-w "$ag/source"
    AUTOGRADER_ROOT=$ag GRADE_ARGS="--no-source-check $nosb" sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 || { cat "$tmp/log"; fail "run_autograder"; }
    check "$ag/results/results.json" "hidden: hidden_trace=0"
    python3 - "$ag/results/results.json" "$forged" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
if abs(d["score"] - float(sys.argv[2])) > 1e-9:
    sys.exit(f"FAIL: the forger scored {d['score']}, INSTRUCTOR.txt says {sys.argv[2]} points can be forged")
print(f"ok: the forger scores {d['score']:g}, as INSTRUCTOR.txt warns; the hidden golden test 0")
PY
    ;;
refused)
    # a kit the generator refuses (a chapter with nothing to write) leaves nothing behind: no
    # partial kit, no output folder it made, no secret
    rm -f "$ASSIGNMENT_SECRET_FILE"
    mkdir -p "$tmp/repo/no_regions" && printf 'int main(void) { return 0; }\n' > "$tmp/repo/no_regions/x.c"
    : > "$tmp/repo/no_regions/module.mk"
    python3 assignments/tools/make_kit.py --root "$tmp/repo" --out "$tmp/out/dist/assignments" --chapter no_regions \
        --no-book > "$tmp/log" 2>&1 && fail "a chapter without regions made a kit"
    grep -q 'has no solution regions' "$tmp/log" || fail "no reason given: $(cat "$tmp/log")"
    [ -e "$tmp/out" ] && fail "a refused kit left $(find "$tmp/out" | head -3)"
    [ -e "$ASSIGNMENT_SECRET_FILE" ] && fail "a refused kit made the instructor's secret"
    echo "ok: a refused kit leaves nothing behind"
    # the first use: no secret yet, a new one is made, private (mode 600, in a folder of mode 700),
    # random (64 hex digits), and read back the same the next time
    ASSIGNMENT_SECRET_FILE="$tmp/new/config/secret" python3 - "$repo/assignments/tools" "$tmp/repo" <<'PY' || exit 1
import os, re, stat, sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[1])
import make_kit
path = os.environ["ASSIGNMENT_SECRET_FILE"]
first = make_kit.instructor_secret(sys.argv[2])
mode, folder = stat.S_IMODE(os.stat(path).st_mode), stat.S_IMODE(os.stat(os.path.dirname(path)).st_mode)
if mode != 0o600 or folder != 0o700:
    sys.exit(f"FAIL: a new secret of mode {mode:o} in a folder of mode {folder:o} (want 600, 700)")
if not re.fullmatch(rb"[0-9a-f]{64}", first) or make_kit.instructor_secret(sys.argv[2]) != first:
    sys.exit(f"FAIL: the new secret is not 64 hex digits read back the same: {first!r}")
print("ok: a first use makes a new secret, mode 600, read back the same")
PY
    ;;
reference_broken)
    # a reference that does not build would drop the hidden tests and variants of its program
    # without a word: make_kit refuses, and says which program
    python3 tools/replace_once.py "$tmp/repo/asg_fixture/tree_sum.c" "    while (n > 1) {" "    while (n > 1) { this is not C;" \
        || fail "cannot break the reference"
    make_kit --no-book > "$tmp/out" 2>&1 && fail "a kit was made from a reference that does not build"
    grep -q 'error: the reference kit did not build build/asg_fixture/tree_sum, which hidden tests or variants run' "$tmp/out" \
        || fail "no clear reason: $(cat "$tmp/out")"
    [ -e "$tmp/dist/asg_fixture-autograder.zip" ] && fail "a refused kit left its autograder zip"
    echo "ok: a reference that does not build stops the kit, and says which program" ;;
weak_hidden)
    # a hidden golden test of the program without a region: the stubs print its golden too
    sed -i 's|^```$|hidden hidden_other  cpu  1  build/asg_fixture/other\n```|' "$tmp/repo/assignments/asg_fixture.md"
    make_kit --no-book > "$tmp/out" 2>&1 || { cat "$tmp/out"; fail "make_kit"; }
    grep -q 'warning: hidden test hidden_other: the stubs print its golden too' "$tmp/out" || fail "no warning: $(cat "$tmp/out")"
    python3 -c "import zipfile, sys; sys.stdout.write(zipfile.ZipFile(sys.argv[1]).read('INSTRUCTOR.txt').decode())" \
        "$tmp/dist/asg_fixture-autograder.zip" > "$tmp/instructor.txt"
    grep -q 'The hidden test hidden_other: the stubs print its golden too' "$tmp/instructor.txt" || fail "INSTRUCTOR.txt: $(cat "$tmp/instructor.txt")"
    grep -q 'Of these 12 points, 4 can be earned without a solution' "$tmp/instructor.txt" || fail "INSTRUCTOR.txt: $(cat "$tmp/instructor.txt")"
    echo "ok: a hidden test the stubs pass but for their exit status is named and counted as forgeable" ;;
*)
    echo "error: unknown case '$case'"; exit 2 ;;
esac
