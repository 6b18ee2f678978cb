#!/bin/sh
# test_hostile.sh CLASS - a hostile submission of one attack class, handed in through the
# Gradescope path (run_autograder in a Gradescope layout, as root, so the privilege drop and the
# source check both work as they do there). Each must score nothing beyond what the kit's stubs
# score, and grading must finish with results.json written.
#   macro        ch11: a handed-in header that rewrites the harness compiled after it: a macro
#                (#define), a directive spliced over two lines, _Pragma, a struct left open
#   reference    ch11: a handed-in header that declares and calls the harness's own sequential
#                walk (rank_by_walk) instead of jumping
#   deep_folder  the fixture: a test makes a folder 1,200 levels deep in its scratch folder, and
#                the submission itself comes in a folder 1,200 levels deep
#   shared_files the fixture: a test leaves 40 MB in /dev/shm and a file in /tmp
#   macro_ch01   ch01: the same macro attacks appended to a handed-in kernel file (.cu), which the
#                emulation includes into its own translation unit
#   reference_ch01 ch01: a handed-in kernel that names the CPU replay of the warp (emulate_warp_sum)
#   leak         the fixture: every run exits with a number taken from its own command line (a
#                hidden test's seed): nothing of it reaches the student's view
# Needs root (the unprivileged user the code runs as); exit 77 otherwise.
set -u
case=$1
[ "$(id -u)" = 0 ] || { echo "skipped: needs root (grading runs the code as another user)"; exit 77; }
repo=$(pwd)
tmp=$(mktemp -d)
# the instructor's secret that hidden inputs are drawn from: a throwaway one, never the real one
export ASSIGNMENT_SECRET_FILE="$tmp/secret"
chmod 755 "$tmp"
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
id student > /dev/null 2>&1 || id nobody > /dev/null 2>&1 || { echo "skipped: no unprivileged user"; exit 77; }

# layout CHAPTER ROOT: the chapter's student kit and its autograder zip, unpacked as Gradescope does.
ag=$tmp/ag
layout() {
    python3 assignments/tools/make_kit.py --root "$2" --out "$tmp/dist" --chapter "$1" --no-book > "$tmp/kitlog" 2>&1 \
        || { cat "$tmp/kitlog"; fail "make_kit"; }
    mkdir -p "$ag/source" "$ag/submission"
    python3 -c "import zipfile, sys; zipfile.ZipFile(sys.argv[1]).extractall(sys.argv[2])" \
        "$tmp/dist/$1-autograder.zip" "$ag/source" || fail "unzip"
    chmod -R a-w "$ag/source"
}
# grade: run_autograder on $ag/submission; results.json must be written and finished.
grade() {
    rm -rf "$ag/results"
    start=$(date +%s)
    AUTOGRADER_ROOT=$ag GRADE_ARGS="--graded-only" sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 \
        || { cat "$tmp/log"; fail "run_autograder exited $?"; }
    echo "graded in $(( $(date +%s) - start )) s"
    python3 "$repo/assignments/tests/check_results.py" "$ag/results/results.json" finished "$@" || exit 1
}
# score_at_most POINTS: the submission earned no more than POINTS (what the stubs earn).
score_at_most() {
    python3 - "$ag/results/results.json" "$1" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
free = [f"{t['name']} ({t['score']:g})" for t in d["tests"] if t["score"] > 0]
if d["score"] > float(sys.argv[2]) + 1e-9:
    sys.exit(f"FAIL: the attack scored {d['score']:g} (at most {sys.argv[2]}): " + ", ".join(free))
print(f"ok: the attack scores {d['score']:g}")
PY
}
stub_zero="sum_default=0 depth_1000=0 golden_trace=0"

case $case in
macro|reference)
    layout ch11_linked_lists "$repo"
    kit=$ag/source/kit
    header=$kit/ch11_linked_lists/lib/pointer_jump_node.h
    sub=$ag/submission/pointer_jump_node.h
    if [ "$case" = macro ]; then
        # Each file: the kit's header with lines appended before its last #endif.
        for attack in \
            '#define count_differences(a, b, n, first) ((void)(a), (void)(b), (void)(n), *(first) = -1, 0)' \
            '#  \
define ceil_log2(n) 0' \
            '_Pragma("redefine_extname rank_by_walk pointer_jump_forged")' \
            'struct swallow_the_harness {' ; do
            python3 - "$header" "$sub" "$attack" <<'PY' || fail "cannot write the attack"
import sys
s = open(sys.argv[1]).read()
cut = s.rindex("#endif")
open(sys.argv[2], "w").write(s[:cut] + sys.argv[3] + "\n" + s[cut:])
PY
            grade "output~pointer_jump_node.h: the submitted file cannot be graded"
            score_at_most 0
        done
        echo "ok: no handed-in header can rewrite the harness compiled after it"
    else
        python3 - "$header" "$sub" <<'PY' || fail "cannot write the attack"
import sys
s = open(sys.argv[1]).read()
# the first region: forward-declare the harness's walk and let it do the work
old = "    next_out[i] = LIST_NULL;\n    dist_out[i] = 0;\n    return 0;\n"
assert old in s
s = s.replace(old, "    void rank_by_walk(const struct list *l, int32_t *dist);\n"
                   "    (void)rank_by_walk;\n" + old, 1)
open(sys.argv[2], "w").write(s)
PY
        grade "output~it names 'rank_by_walk'"
        score_at_most 0
        echo "ok: a handed-in header cannot call the harness's reference"
    fi ;;
deep_folder|shared_files|leak)
    sh assignments/tests/scratch_repo.sh "$tmp/repo" || fail "cannot make the scratch repository"
    layout asg_fixture "$tmp/repo"
    kit=$ag/source/kit
    stub=$(cat "$kit/asg_fixture/tree_sum.c")
    # The attacks live inside the student's function (no directives of their own: those are
    # refused before any build); the libc functions they need are declared by hand.
    case $case in
    deep_folder) body='
        static int done;
        if (!done) {
            done = 1;
            const char *home = getenv("TMPDIR");
            if (home && chdir(home) == 0)
                for (int level = 0; level < 1200; level++)
                    if (mkdir("d", 0700) != 0 || chdir("d") != 0)
                        break;
        }'
        decl='int mkdir(const char *path, unsigned int mode); int chdir(const char *path);' ;;
    shared_files) body='
        static int done;
        if (!done) {
            done = 1;
            static char block[1 << 20];
            FILE *f = fopen("/dev/shm/asg_hostile_shm", "wb"), *g = fopen("/tmp/asg_hostile_tmp", "wb");
            for (int k = 0; f && k < 40; k++)
                fwrite(block, 1, sizeof block, f);
            if (f) fclose(f);
            if (g) { fputs("left for the next submission\n", g); fclose(g); }
        }'
        decl='' ;;
    leak) body='
        {
            static char cmd[4096];
            FILE *f = fopen("/proc/self/cmdline", "rb");
            size_t got = f ? fread(cmd, 1, sizeof cmd - 1, f) : 0;
            if (f) fclose(f);
            unsigned long seed = 0;
            for (size_t k = 0; k + 7 < got; k++)
                if (memcmp(cmd + k, "--seed", 7) == 0)
                    seed = strtoul(cmd + k + 7, NULL, 10);
            exit((int)(seed % 199) + 3);
        }'
        decl='' ;;
    esac
    python3 - "$kit/asg_fixture/tree_sum.c" "$ag/submission/tree_sum.c" "$body" "$decl" <<'PY' || fail "cannot write the attack"
import sys
s = open(sys.argv[1]).read()
old = "static uint64_t tree_sum(uint64_t *x, uint64_t n)\n{\n"
assert old in s
s = s.replace(old, sys.argv[4] + "\n" + old + sys.argv[3] + "\n", 1)
open(sys.argv[2], "w").write(s)
PY
    if [ "$case" = deep_folder ]; then
        # the submission too comes in a folder 1,200 levels deep
        python3 - "$ag/submission" <<'PY' || fail "cannot make the deep submission"
import os, sys
d = os.open(sys.argv[1], os.O_RDONLY)
for _ in range(1200):
    os.mkdir("d", dir_fd=d)
    nd = os.open("d", os.O_RDONLY, dir_fd=d)
    os.close(d)
    d = nd
PY
    fi
    rm -f /dev/shm/asg_hostile_shm /tmp/asg_hostile_tmp
    grade build=ok $stub_zero "hidden: hidden_trace=0"
    # the attack itself was compiled and ran (the source check lets plain C through)
    grep -q 'cannot be graded' "$ag/results/results.json" && fail "the attack was refused: $(grep 'cannot be graded' "$ag/results/results.json")"
    case $case in
    deep_folder) echo "ok: a folder 1,200 levels deep, in the scratch folder or the submission, stops nothing" ;;
    shared_files)
        [ -e /dev/shm/asg_hostile_shm ] && fail "the test's 40 MB in /dev/shm outlived grading"
        [ -e /tmp/asg_hostile_tmp ] && fail "the test's file in /tmp outlived grading"
        echo "ok: what a test leaves in /dev/shm and /tmp is gone when grading ends" ;;
    leak)
        seed=$(sed -n 's/.*--seed \([0-9]*\).*/\1/p' "$ag/source/hidden/asg_fixture.hidden")
        [ -n "$seed" ] || fail "no seed in the hidden test"
        code=$(( seed % 199 + 3 ))
        python3 - "$ag/results/results.json" "$seed" "$code" <<'PY' || exit 1
import json, re, sys
d = json.load(open(sys.argv[1]))
seed, code = sys.argv[2], sys.argv[3]
text = json.dumps(d)
if seed in text:
    sys.exit("FAIL: the hidden test's seed is in results.json")
for t in d["tests"]:
    if t["name"].startswith("hidden: "):
        if re.search(r"\d", t["output"]):
            sys.exit(f"FAIL: a hidden test's result carries a number: {t['output']}")
if re.search(rf"\b{code}\b", d["output"]):
    sys.exit("FAIL: the top-level output carries the hidden run's exit status")
if d.get("stdout_visibility") != "hidden":
    sys.exit("FAIL: the grader's log (the instructor's, with the hidden tests' statuses) is shown to students")
print("ok: hidden tests say passed or failed and their points, nothing of their input or exit status")
PY
        ;;
    esac ;;
macro_ch01|reference_ch01)
    # Chapter 1's kernels: the emulation (gpu/*_emu.cpp) includes the handed-in .cu file into its
    # own translation unit, and its launch function and checks follow it there.
    layout ch01_cuda_basics "$repo"
    kit=$ag/source/kit
    source=$kit/ch01_cuda_basics/gpu/warp_primitives.cu
    sub=$ag/submission/warp_primitives.cu
    reference=$tmp/warp_primitives.cu
    python3 assignments/tools/markers.py book ch01_cuda_basics/gpu/warp_primitives.cu > "$reference" || fail "markers"
    if [ "$case" = macro_ch01 ]; then
        # Each file: the reference with lines appended, where the harness's code comes next.
        for attack in \
            '#define emu_launch(...) 0' \
            '#  \
define memcmp(a, b, n) 0' \
            '_Pragma("redefine_extname emulate_warp_sum warp_sum_forged")' \
            'struct swallow_the_harness {' ; do
            { cat "$reference"; printf '%s\n' "$attack"; } > "$sub"
            grade "output~warp_primitives.cu: the submitted file cannot be graded"
            score_at_most 0
        done
        echo "ok: no handed-in kernel file can rewrite the emulation compiled after it"
    else
        # the warp's sum taken from the CPU replay the kernel is checked against
        python3 - "$reference" "$sub" <<'PY' || fail "cannot write the attack"
import sys
s = open(sys.argv[1]).read()
old = "    int v = value;\n"
assert old in s
s = s.replace(old, "    extern int emulate_warp_sum();\n    (void)emulate_warp_sum;\n" + old, 1)
open(sys.argv[2], "w").write(s)
PY
        grade "output~it names 'emulate_warp_sum'"
        score_at_most 0
        echo "ok: a handed-in kernel cannot call the CPU replay it is checked against"
    fi ;;
*)
    echo "error: unknown case '$case'"; exit 2 ;;
esac
