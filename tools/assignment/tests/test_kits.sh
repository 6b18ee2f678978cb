#!/bin/sh
# test_kits.sh CASE - end-to-end tests of the assignment machinery on the
# fixture (tools/assignment/fixture/): a scratch copy of the repository, a kit
# generated from it, graded with `make grade`, results.json checked.
#   reference      the reference kit grades full marks (the CPU tests)
#   student        the student kit compiles and grades zero on the stripped parts
#   compile_error  a student file that does not compile: zero points, the compiler's message
#   leaks          no reference line survives; a planted one is caught (text, HTML, archive)
#   bad_input      malformed markers and points files stop the generator with FILE:LINE
#   gradescope     the autograder zip grades a submission as Gradescope would run it
# Runs with GRADE_GPU unset: on a GPU machine the fixture's gpu test runs too.
set -u
case=$1
repo=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
check() { python3 "$repo/tools/assignment/tests/check_results.py" "$@" || exit 1; }
sh tools/assignment/tests/scratch_repo.sh "$tmp/repo" || fail "cannot make the scratch repository"
make_kit() { python3 tools/assignment/make_kit.py --root "$tmp/repo" --out "$tmp/dist" --chapter asg_fixture "$@"; }
kit=$tmp/dist/asg_fixture
# unpack ZIP DIR: what Gradescope's unzip does (files overwritten, mode bits kept),
# with python3's zipfile, so that the test needs no unzip.
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
stub_zero="sum_default=0 depth_1000=0 golden_trace=0"

case $case in
reference)
    make_kit --solution --no-tar || fail "make_kit --solution"
    (cd "$kit-solution" && make --no-print-directory grade) || fail "make grade exited $?"
    check "$kit-solution/results.json" full build=ok rejects_zero=1 sum_default=3 notrun=sum_large
    # --graded-only: the same score; `help` (worth 0) is listed, not run.
    (cd "$kit-solution" && GRADE_ARGS=--graded-only make --no-print-directory grade > "$tmp/log") || fail "make grade --graded-only"
    check "$kit-solution/results.json" full build=ok sum_default=3 help=0
    grep -q '"not run: worth 0 points (--graded-only)"' "$kit-solution/results.json" || fail "help is not listed as not run" ;;
student)
    make_kit --no-tar || fail "make_kit"
    (cd "$kit" && make --no-print-directory grade) || fail "make grade exited $?"
    # rejects_zero checks option parsing only, which the stubs leave intact.
    check "$kit/results.json" build=ok $stub_zero rejects_zero=1 notrun=sum_large
    python3 - "$kit/results.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
if not d["extra_data"]["gpu"] and d["score"] != 1:
    sys.exit(f"FAIL: the stripped kit scored {d['score']}, expected 1 (rejects_zero only)")
print("ok: the stripped kit scores only what the stubs do not touch")
PY
    ;;
compile_error)
    make_kit --no-tar || fail "make_kit"
    echo "int this_is_not_c = ;" >> "$kit/asg_fixture/tree_sum.c"
    (cd "$kit" && make --no-print-directory grade) || fail "make grade must not fail on a compile error (exit $?)"
    check "$kit/results.json" build=failed "output~tree_sum.c:" "output~error:" $stub_zero rejects_zero=0 ;;
leaks)
    make_kit || fail "make_kit"
    # The book page: woven HTML where pandoc is installed, else the markdown (and the README says why).
    if command -v pandoc > /dev/null; then
        [ -f "$kit/book/asg_fixture.html" ] || fail "no woven HTML page in the kit (pandoc is installed)"
    else
        echo "note: pandoc not found: checking the markdown fallback instead of the woven HTML"
        [ -f "$kit/book/99_asg_fixture.md" ] || fail "no book page (markdown fallback) in the kit"
        grep -q 'pandoc was not available' "$kit/README.md" || fail "README does not say the pages are markdown"
    fi
    grep -q 'TODO: add neighbours pairwise' "$kit/asg_fixture/tree_sum.c" || fail "the stub is not in the kit"
    grep -q 'tree_sum.c:19' "$kit/README.md" || fail "README does not list the first STUDENT region"
    for k in "$kit" "$kit.tar.gz" "$tmp/dist/asg_fixture-autograder.zip"; do
        make_kit --check "$k" || fail "a clean kit reported leaks: $k"
    done
    # A reference line planted in plain text, in highlighted HTML, in the archive: all caught.
    cp -R "$kit" "$tmp/planted"
    echo '        x[i] = x[2 * i] + x[2 * i + 1];' >> "$tmp/planted/README.md"
    make_kit --check "$tmp/planted" && fail "a planted line in README.md was not caught"
    cp "$kit/README.md" "$tmp/planted/README.md"
    echo '<span class="dt">unsigned</span> depth <span class="op">=</span> <span class="dv">0</span>;' \
        >> "$tmp/planted/book/asg_fixture.html"
    make_kit --check "$tmp/planted" && fail "a planted line in the HTML was not caught"
    tar -czf "$tmp/planted.tar.gz" -C "$tmp" planted
    make_kit --check "$tmp/planted.tar.gz" && fail "a planted line in the archive was not caught"
    # The generator itself refuses a kit whose book page quotes the solution.
    printf '\nThe loop body is `x[i] = x[2 * i] + x[2 * i + 1];`.\n' >> "$tmp/repo/book/99_asg_fixture.md"
    make_kit 2> "$tmp/err" && fail "make_kit shipped a book page that quotes the solution"
    grep -q 'solution text survives' "$tmp/err" || fail "make_kit did not say why: $(cat "$tmp/err")"
    echo "ok: leaks are caught in text, HTML and archives, and the generator refuses them" ;;
bad_input)
    src=$tmp/repo/asg_fixture/tree_sum.c
    cp "$src" "$tmp/orig.c"
    expect() {  # expect TEXT: make_kit fails with exit 2 and says TEXT
        make_kit --no-tar > "$tmp/out" 2>&1; s=$?
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
    python3 tools/assignment/check_repo.py "$tmp/repo" > "$tmp/out" && fail "check_repo.py passed a broken stub"
    grep -q 'FAIL: asg_fixture/tree_sum.c:30:' "$tmp/out" || fail "check_repo.py: $(cat "$tmp/out")"
    echo "ok: check_repo.py names the broken marker"
    cp "$tmp/orig.c" "$src"
    sed -i 's|^    return x\[0\];$|    return x[0]; /* END SOLUTION */|' "$src"
    expect "asg_fixture/tree_sum.c:28: solution marker must stand alone"
    cp "$tmp/orig.c" "$src"
    echo "no_such_test 5" >> "$tmp/repo/assignments/asg_fixture.points"
    expect "asg_fixture.points:7: no test 'no_such_test'"
    rm "$tmp/repo/assignments/asg_fixture.points"
    expect "no points file assignments/asg_fixture.points" ;;
gradescope)
    make_kit || fail "make_kit"
    ag=$tmp/autograder
    mkdir -p "$ag/source" "$ag/submission/nested"
    unpack "$tmp/dist/asg_fixture-autograder.zip" "$ag/source" || fail "cannot unpack the autograder zip"
    # The student hands in the reference solution, in a folder of their own: full marks.
    python3 tools/assignment/markers.py book tools/assignment/fixture/asg_fixture/tree_sum.c \
        > "$ag/submission/nested/tree_sum.c"
    AUTOGRADER_ROOT=$ag sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 || { cat "$tmp/log"; fail "run_autograder"; }
    check "$ag/results/results.json" full build=ok sum_default=3 notrun=sum_large
    # An empty submission grades the stubs and says so.
    rm -rf "$ag/submission"/* "$ag/source/kit/build" && unpack "$tmp/dist/asg_fixture-autograder.zip" "$ag/source"
    AUTOGRADER_ROOT=$ag sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 || { cat "$tmp/log"; fail "run_autograder"; }
    check "$ag/results/results.json" build=ok $stub_zero "output~asg_fixture/tree_sum.c was not submitted" ;;
*)
    echo "error: unknown case '$case'"; exit 2 ;;
esac
