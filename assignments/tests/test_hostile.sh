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
#   memory       the fixture: a test mallocs and touches 64 MiB after 64 MiB until malloc fails
#                (at most 6 GiB): the grader's memory limit stops it, not the OOM killer or swap
#   disk         the fixture: a test writes 64 MB files into $TMPDIR, /tmp and /var/tmp until a
#                write fails (at most 2 GiB each): each is a bounded tmpfs, gone when the test ends
#   macro_ch01   ch01: the same macro attacks appended to a handed-in kernel file (.cu), which the
#                emulation includes into its own translation unit
#   reference_ch01 ch01: a handed-in kernel that names the CPU replay of the warp (emulate_warp_sum)
#   leak         the fixture: every run exits with a number taken from its own command line (a
#                hidden test's seed): the student's view is exactly the do-nothing stub's
#   judge_signal the fixture: every run signals (SIGSTOP, SIGKILL) and ptraces the processes of
#                other users below the grader (the checker, the grader), and opens their memory;
#                as graded, its /proc shows it none (then again with the machine's /proc:
#                GRADE_SHARED_PROC, which only tests set)
#   judge_folder the fixture: every run finds the checker's folder (its stdout is a file there)
#                and tries to list it, write in it, and reopen, rewrite or remove its own output
#   judge_references the fixture: every run tries to rewrite the reference outputs (the work
#                tree's golden, the kit's, the hidden tests found from the grader's command
#                line) and Gradescope's submission_metadata.json, then prints the public golden
#                in place of its own output; as graded, the grader's command line is out of its
#                sight (then again with the machine's /proc, as judge_signal)
#   constructor  the fixture: a function run before main (a constructor attribute, .init_array)
#                that prints the public golden: refused by the source check, scores what the stubs do
#   race_hidden  ch03: race_feedback's racy kernel marked no_sanitize_thread (which would hide
#                the race from the emulator's check): refused, its items score 0
#   race_feedback ch03: the device block_tree_sum without its __syncthreads() (warp totals in a
#                __shared__ array): the emulated test's items score 0, and the student reads the
#                race, with its threads and lines, as one feedback line
# Needs root (the unprivileged user the code runs as); exit 77 otherwise.
set -u
case=$1
[ "$(id -u)" = 0 ] || { echo "skipped: needs root (grading runs the code as another user)"; exit 77; }
repo=$(pwd)
tmp=$(mktemp -d) && secret=$(mktemp -d) || exit 1
# The student's code sees a /tmp of its own (grade.py): this folder, which holds what the attacks
# try to reach (the kit, the hidden tests) and drop/ where they leave the traces read back here,
# is bound back into it at its own path (GRADE_SHARED_DIR, for tests only), wherever it lies.
export GRADE_SHARED_DIR="$tmp"
# the throwaway secret in a folder of its own, mode 700: outside the repository (which may lie
# anywhere, below /tmp too) and outside what the student's code sees
. assignments/tests/throwaway_secret.sh
use_throwaway_secret "$secret" "hostile $case"
chmod 755 "$tmp"
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp" "$secret"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
id student > /dev/null 2>&1 || id nobody > /dev/null 2>&1 || { echo "skipped: no unprivileged user"; exit 77; }
# the checker's own user (setup.sh makes it on Gradescope): neither root nor the student's
case $case in judge_*)
    id judge > /dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin judge \
        || { echo "skipped: cannot create the checker's user"; exit 77; } ;;
esac

# layout CHAPTER ROOT: the chapter's student kit and its autograder zip, unpacked as Gradescope does.
ag=$tmp/ag
. assignments/tests/gradescope.sh
layout() {
    gradescope_layout "$1" "$ag" "$2"
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
# attack_says WHAT: the lines "attack: WHAT: ..." that the fixture's test sum_default printed
# (its output as results.json holds it), without the prefix.
attack_says() {
    python3 - "$ag/results/results.json" "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
out = "".join(t.get("output", "") for t in d["tests"] if t["name"] == "sum_default")
prefix = f"attack: {sys.argv[2]}: "
print("\n".join(line[len(prefix):] for line in out.splitlines() if line.startswith(prefix)))
PY
}

# attack_says_line TEXT: the first "attack: ..." line of the tests' outputs (as results.json holds
# them) that holds TEXT, without the prefix.
attack_says_line() {
    python3 - "$ag/results/results.json" "$1" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
out = "\n".join(t.get("output", "") for t in d["tests"])
print(next((line[len("attack: "):] for line in out.splitlines()
            if line.startswith("attack: ") and sys.argv[2] in line), ""))
PY
}

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
race_feedback|race_hidden)
    layout ch03_work_span "$repo"
    # the reference's kernels, but block_tree_sum keeps its warp totals in a __shared__ array
    # and reads them back with no __syncthreads() between the writes and the reads
    python3 - "$repo/ch03_work_span/gpu/device_reduce_kernels.cuh" "$ag/submission/device_reduce_kernels.cuh" "$case" <<'PY' || fail "cannot write the submission"
import sys
s = open(sys.argv[1]).read()
start = s.index("    /* BEGIN SOLUTION */\n    __shared__ T warp_totals[32];")
end = s.index("    /* END SOLUTION */\n", start) + len("    /* END SOLUTION */\n")
racy = '''    const int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
    s = warp_sum(s);
    if (lane == 0)
        block_totals[warp] = s;
    if (warp == 0) {
        s = lane < (int)(blockDim.x / 32) ? (T)block_totals[lane] : (T)0;
        s = warp_sum(s);
    }
    return s;
'''
s = s[:start] + racy + s[end:]
anchor = "/* Warp sums, then warp 0 adds the warp totals"
assert anchor in s
s = s.replace(anchor, "__shared__ double block_totals[32]; /* a float or a double fits exactly */\n\n" + anchor, 1)
if sys.argv[3] == "race_hidden":   # the race hidden from the emulator's check (ThreadSanitizer's instrumentation)
    old = "__device__ T block_tree_sum(T s)"
    assert old in s
    s = s.replace(old, "__attribute__((no_sanitize_thread)) " + old, 1)
open(sys.argv[2], "w").write(s)
PY
    if [ "$case" = race_hidden ]; then
        grade build=ok "output~device_reduce_kernels.cuh: the submitted file cannot be graded: it uses '__attribute__'"
        python3 - "$ag/results/results.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
items = [t for t in d["tests"] if t["name"].startswith("emulated_device_reduce [device reduce")]
if len(items) != 2 or any(t["score"] != 0 for t in items):
    sys.exit(f"FAIL: the race hidden by no_sanitize_thread scored: {[(t['name'], t['score']) for t in items]}")
print("ok: the emulated device-reduce items score 0; the file was refused for its attribute")
PY
        echo "ok: a race hidden from the emulator by no_sanitize_thread is refused, and scores 0"
        exit 0
    fi
    grade build=ok
    python3 - "$ag/results/results.json" <<'PY' || exit 1
import json, re, sys
d = json.load(open(sys.argv[1]))
items = [t for t in d["tests"] if t["name"].startswith("emulated_device_reduce [device reduce")]
if len(items) != 2:
    sys.exit(f"FAIL: expected the two device-reduce items, got {[t['name'] for t in d['tests']]}")
line = re.compile(r"^race in your kernel: threads \d+ and \d+ of block \d+ touch shared block_totals \(byte \d+\) "
                  r"between two barriers \(ch03_work_span/gpu/device_reduce_kernels\.cuh:\d+ (read|write), "
                  r"ch03_work_span/gpu/device_reduce_kernels\.cuh:\d+ (read|write)\): add a __syncthreads\(\) "
                  r"between them$", re.M)
for t in items:
    if t["score"] != 0:
        sys.exit(f"FAIL: {t['name']} scored {t['score']} with a race in its kernel")
    found = line.findall(t["output"])
    if len(found) != 1:
        sys.exit(f"FAIL: {t['name']}: expected one race feedback line, found {len(found)}:\n{t['output'][:1500]}")
    print(f"ok: {t['name']}: 0 points, and: {line.search(t['output']).group(0)}")
for t in d["tests"]:
    if t["name"].startswith("hidden: ") and re.search(r"\d", t["output"]):
        sys.exit(f"FAIL: a hidden result carries a number: {t['output']}")
PY
    echo "ok: a missing barrier scores 0 and the student reads the race, threads and lines" ;;
judge_signal|judge_folder|judge_references)
    sh assignments/tests/scratch_repo.sh "$tmp/repo" || fail "cannot make the scratch repository"
    layout asg_fixture "$tmp/repo"
    kit=$ag/source/kit
    # libc's functions declared by hand (a submitted file may add no #include); each attempt
    # is reported on stderr, which the student's view shows for a failed public test
    decl='void *opendir(const char *path);
void *readdir(void *dir);
int closedir(void *dir);
int kill(int pid, int sig);
long ptrace(long request, long pid, void *addr, void *data);
int getpid(void);
int getppid(void);
unsigned int getuid(void);
long readlink(const char *path, char *buf, unsigned long size);
int open(const char *path, int flags, ...);
int close(int fd);
int unlink(const char *path);
long write(int fd, const void *data, unsigned long size);
void _exit(int status);
static void attack_say(const char *what, int reached)
{
    fprintf(stderr, "attack: %s: %s\n", what, reached ? "REACHED" : "denied");
}'
    case $case in
    judge_signal) body='
        static int done;
        if (!done) {
            done = 1;
            const int grader = getppid();
            int targets = 0;
            void *d = opendir("/proc"), *e;
            while (d && (e = readdir(d)) != NULL) {
                const int pid = atoi((const char *)e + 19); /* d_name, glibc on 64-bit Linux */
                char path[64], line[256], what[128];
                unsigned int uid = 0;
                int ppid = 0;
                snprintf(path, sizeof path, "/proc/%d/status", pid);
                FILE *f = pid > 0 ? fopen(path, "r") : NULL;
                if (!f)
                    continue;
                while (fgets(line, sizeof line, f)) {
                    if (strncmp(line, "PPid:", 5) == 0)
                        ppid = atoi(line + 5);
                    if (strncmp(line, "Uid:", 4) == 0)
                        uid = (unsigned int)strtoul(line + 4, NULL, 10);
                }
                fclose(f);
                if (uid == getuid() || (pid != grader && ppid != grader))
                    continue; /* only what judges: other users below the grader */
                const char *who = pid == grader ? "the grader" : "the checker";
                targets++;
                snprintf(what, sizeof what, "SIGSTOP to %s (uid %u)", who, uid);
                attack_say(what, kill(pid, 19) == 0);
                snprintf(what, sizeof what, "SIGKILL to %s (uid %u)", who, uid);
                attack_say(what, kill(pid, 9) == 0);
                snprintf(what, sizeof what, "ptrace attach to %s (uid %u)", who, uid);
                attack_say(what, ptrace(16, pid, NULL, NULL) == 0);
                snprintf(path, sizeof path, "/proc/%d/mem", pid);
                const int fd = open(path, 2);
                snprintf(what, sizeof what, "open the memory of %s (uid %u)", who, uid);
                attack_say(what, fd >= 0);
                if (fd >= 0)
                    close(fd);
            }
            if (d)
                closedir(d);
            fprintf(stderr, "attack: %d processes of other users below the grader\n", targets);
        }' ;;
    judge_folder) body='
        static int done;
        if (!done) {
            done = 1;
            char mine[512] = "", folder[512], path[700];
            const long k = readlink("/proc/self/fd/1", mine, sizeof mine - 1);
            mine[k > 0 ? k : 0] = 0;
            char *runs = strstr(mine, "/runs/");
            if (!runs) {
                fprintf(stderr, "attack: stdout is not a file of the checker: %s\n", mine);
            } else {
                snprintf(folder, sizeof folder, "%.*s", (int)(runs - mine), mine);
                fprintf(stderr, "attack: the checker keeps this run in a folder %s\n",
                        strstr(folder, "grade-judge-") ? "grade-judge-*" : folder);
                snprintf(path, sizeof path, "%s/forged", folder);
                FILE *f = fopen(path, "w");
                attack_say("write a file in the checker folder", f != NULL);
                if (f)
                    fclose(f);
                snprintf(path, sizeof path, "%s/runs/forged", folder);
                f = fopen(path, "w");
                attack_say("write a file beside the runs", f != NULL);
                if (f)
                    fclose(f);
                void *d = opendir(folder);
                attack_say("list the checker folder", d != NULL);
                if (d)
                    closedir(d);
                snprintf(path, sizeof path, "%s/runs", folder);
                d = opendir(path);
                attack_say("list the runs", d != NULL);
                if (d)
                    closedir(d);
                f = fopen(mine, "r");
                attack_say("read its own output file by name", f != NULL);
                if (f)
                    fclose(f);
                f = fopen(mine, "r+");
                attack_say("rewrite its own output file by name", f != NULL);
                if (f)
                    fclose(f);
                const int fd = open("/proc/self/fd/1", 2);
                attack_say("reopen its own output through /proc", fd >= 0);
                if (fd >= 0)
                    close(fd);
                attack_say("remove its own output file", unlink(mine) == 0);
            }
        }' ;;
    judge_references) body='
        static int done;
        if (!done) {
            done = 1;
            char cmd[8192] = "", path[700], what[128];
            const char *kit = NULL, *hidden = NULL;
            snprintf(path, sizeof path, "/proc/%d/cmdline", getppid());
            FILE *f = fopen(path, "rb");
            const size_t got = f ? fread(cmd, 1, sizeof cmd - 1, f) : 0;
            if (f)
                fclose(f);
            for (size_t at = 0; at < got; at += strlen(cmd + at) + 1) {
                if (strcmp(cmd + at, "--kit") == 0)
                    kit = cmd + at + strlen(cmd + at) + 1;
                if (strcmp(cmd + at, "--hidden") == 0)
                    hidden = cmd + at + strlen(cmd + at) + 1;
            }
            fprintf(stderr, "attack: the grader names the kit: %s, the hidden tests: %s\n", kit ? "yes" : "no",
                    hidden ? "yes" : "no");
            const char *golden = "asg_fixture/tests/golden/tree_sum.txt";
            const char *targets[4][2] = { { "", "the work tree golden" }, { kit, "the kit golden" },
                                          { hidden, "the hidden tests" }, { hidden, "the hidden variants" } };
            for (int t = 0; t < 4; t++) {
                if (!targets[t][0])
                    continue;
                if (t == 0)
                    snprintf(path, sizeof path, "%s", golden);
                else if (t == 1)
                    snprintf(path, sizeof path, "%s/%s", kit, golden);
                else
                    snprintf(path, sizeof path, "%s/asg_fixture.%s", hidden, t == 2 ? "hidden" : "variants");
                f = fopen(path, "r+");
                snprintf(what, sizeof what, "rewrite %s", targets[t][1]);
                attack_say(what, f != NULL);
                if (f)
                    fclose(f);
                snprintf(what, sizeof what, "replace %s", targets[t][1]);
                attack_say(what, rename(golden, path) == 0 && t > 0);
                if (t >= 2) {
                    f = fopen(path, "r");
                    snprintf(what, sizeof what, "read %s", targets[t][1]);
                    attack_say(what, f != NULL);
                    if (f)
                        fclose(f);
                }
            }
            /* the Gradescope metadata beside source/ (results of earlier submissions) */
            if (kit) {
                snprintf(path, sizeof path, "%s/../../submission_metadata.json", kit);
                f = fopen(path, "r");
                attack_say("read the submission metadata", f != NULL);
                if (f)
                    fclose(f);
            }
            /* the public golden as its whole output (what stdio holds is never written): what a
               grader comparing with a file the submission can reach would take */
            f = fopen(golden, "r");
            char block[4096];
            size_t n;
            while (f && (n = fread(block, 1, sizeof block, f)) > 0)
                if (write(1, block, n) < 0)
                    break;
            if (f)
                fclose(f);
            _exit(0);
        }' ;;
    esac
    python3 - "$kit/asg_fixture/tree_sum.c" "$ag/submission/tree_sum.c" "$body" "$decl" <<'PY' || fail "cannot write the attack"
import sys
s = open(sys.argv[1]).read()
old = "static uint64_t tree_sum(uint64_t *x, uint64_t n)\n{\n"
assert old in s
s = s.replace(old, sys.argv[4] + "\n" + old + sys.argv[3] + "\n", 1)
open(sys.argv[2], "w").write(s)
PY
    if [ "$case" != judge_folder ]; then
        # First as graded: the submission's /proc lists no process of another user, so the
        # attack finds neither the checker nor the grader's command line (which names the kit
        # and the hidden tests) ...
        grade build=ok "hidden: hidden_trace=0"
        score_at_most 2
        if grep -q "refused it a /proc of its own" "$tmp/log"; then
            echo "note: this kernel refused the submission a /proc of its own (the instructor's log says so)"
        else
            case $case in
            judge_signal) found=$(attack_says_line "processes of other users below the grader") ;;
            *) found=$(attack_says_line "the grader names the kit") ;;
            esac
            case "$found" in
            "0 processes of other users below the grader"|"the grader names the kit: no, the hidden tests: no")
                echo "ok: with its own /proc, the attack finds nothing to aim at ($found)" ;;
            *) fail "with its own /proc, the attack still found its targets: '$found'" ;;
            esac
        fi
        # ... then with the machine's /proc in its view (as where a kernel refuses one of its
        # own): what stands behind that, the checker's own user and the references' owners
        export GRADE_SHARED_PROC=1
    fi
    grade build=ok "hidden: hidden_trace=0"
    score_at_most 2
    metadata_private "$ag"
    grep -q 'cannot be graded' "$ag/results/results.json" && fail "the attack was refused: $(grep 'cannot be graded' "$ag/results/results.json")"
    python3 - "$ag/results/results.json" "$case" "$(id -u judge)" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
case, judge_uid = sys.argv[2], sys.argv[3]
checker = d["extra_data"]["sandbox"].get("checker") or {}
if checker.get("user") != "judge":
    sys.exit(f"FAIL: the checker ran as {checker.get('user')}, not as its own user judge")
text = "\n".join(t["output"] for t in d["tests"])
said = {line.split(": ", 1)[1].rsplit(": ", 1)[0] for line in text.splitlines()
        if line.startswith("attack: ") and line.endswith(("denied", "REACHED"))}
reached = sorted({line for line in text.splitlines() if line.startswith("attack: ") and line.endswith("REACHED")})
if reached:
    sys.exit("FAIL: the submission reached what judges it:\n" + "\n".join(reached))
want = {"judge_signal": [f"{w} the checker (uid {judge_uid})" for w in
                         ("SIGSTOP to", "SIGKILL to", "ptrace attach to", "open the memory of")] +
                        ["SIGKILL to the grader (uid 0)", "ptrace attach to the grader (uid 0)"],
        "judge_folder": ["write a file in the checker folder", "write a file beside the runs", "list the checker folder",
                         "list the runs", "read its own output file by name", "rewrite its own output file by name",
                         "reopen its own output through /proc", "remove its own output file"],
        "judge_references": ["rewrite the work tree golden", "rewrite the kit golden", "replace the kit golden",
                             "rewrite the hidden tests", "read the hidden tests", "read the hidden variants",
                             "replace the hidden variants", "read the submission metadata"]}[case]
missing = [w for w in want if w not in said]
if missing:
    sys.exit(f"FAIL: these attempts did not run (a check that finds nothing to check fails): {missing}\n{text[:3000]}")
if case == "judge_folder" and "attack: the checker keeps this run in a folder grade-judge-*" not in text:
    sys.exit("FAIL: the run's output was not a file of the checker's folder")
if "no verdict from the checker" in text:
    sys.exit("FAIL: the checker gave no verdict:\n" + text[:2000])
trace = next(t for t in d["tests"] if t["name"] == "golden_trace")
if case == "judge_references" and "this public run passed, but its hidden variant" not in trace["output"]:
    sys.exit("FAIL: the public golden printed as the output did not pass its public run and then fail its "
             "hidden variant (the checker's own reference):\n" + trace["output"][:1500])
print(f"ok: {len(want)} attempts, each denied; the checker ran as judge (uid {judge_uid})")
PY
    echo "ok: the submission could not reach the checker, its folder or its references, and grading finished" ;;
constructor)
    # the fixture: code that runs before main and prints the public golden (what the program
    # should print), by each way C offers: a constructor attribute, a function pointer in
    # .init_array. Each is refused before any build, with the reason, and scores what the stubs do.
    sh assignments/tests/scratch_repo.sh "$tmp/repo" || fail "cannot make the scratch repository"
    layout asg_fixture "$tmp/repo"
    kit=$ag/source/kit
    forge='static void forge_golden(void)
{
    FILE *f = fopen("asg_fixture/tests/golden/tree_sum.txt", "r");
    int c;
    while (f && (c = fgetc(f)) != EOF)
        putchar(c);
    exit(0);
}'
    for attack in '__attribute__((__constructor__)) static void forge_first(void) { forge_golden(); }' \
                  '__attribute__((section(".init_array"), used)) static void (*forge_first)(void) = forge_golden;'; do
        python3 - "$kit/asg_fixture/tree_sum.c" "$ag/submission/tree_sum.c" "$forge
$attack" <<'PY' || fail "cannot write the attack"
import sys
s = open(sys.argv[1]).read()
old = "static uint64_t tree_sum(uint64_t *x, uint64_t n)\n{\n"
assert old in s
s = s.replace(old, sys.argv[3] + "\n\n" + old, 1)
open(sys.argv[2], "w").write(s)
PY
        grade build=ok $stub_zero "hidden: hidden_trace=0" \
            "output~tree_sum.c: the submitted file cannot be graded: it uses '__attribute__'"
        score_at_most 2   # the stubs' points: other_ok and rejects_zero
    done
    echo "ok: code that would run before main (a constructor, .init_array) is refused and scores what the stubs do" ;;
deep_folder|shared_files|leak|memory|disk)
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
    memory) body='
        {
            /* only in the run of sum_default (--part sum): one hog at a time on the machine */
            static char cmd[4096];
            FILE *f = fopen("/proc/self/cmdline", "rb");
            size_t got = f ? fread(cmd, 1, sizeof cmd - 1, f) : 0, k;
            if (f) fclose(f);
            for (k = 0; k + 10 < got && memcmp(cmd + k, "--part\0sum", 10) != 0; k++)
                ;
            if (k + 10 < got) {
                const long chunk = 64L << 20, cap = 6L << 30;
                long taken = 0;
                char *p;
                while (taken < cap && (p = malloc(chunk)) != NULL) {
                    memset(p, 1, chunk);   /* touched: real memory, not only address space */
                    taken += chunk;
                }
                if (taken < cap)
                    fprintf(stderr, "attack: memory: malloc refused after %ld MiB\n", taken >> 20);
                else
                    fprintf(stderr, "attack: memory: %ld MiB taken, no limit\n", taken >> 20);
            }
        }'
        decl='' ;;
    disk) body='
        {
            static char cmd[4096], block[1 << 20];
            FILE *f = fopen("/proc/self/cmdline", "rb");
            size_t got = f ? fread(cmd, 1, sizeof cmd - 1, f) : 0, k;
            if (f) fclose(f);
            for (k = 0; k + 10 < got && memcmp(cmd + k, "--part\0sum", 10) != 0; k++)
                ;
            const char *places[] = {getenv("TMPDIR"), "/tmp", "/var/tmp"};
            for (int i = 0; k + 10 < got && i < 3; i++) {
                long mib = 0;
                int full = 0;
                for (int file = 0; !full && mib < 2048; file++) {
                    char path[512];
                    snprintf(path, sizeof path, "%s/asg_hostile_disk_%d", places[i] ? places[i] : ".", file);
                    FILE *g = fopen(path, "wb");
                    full = g == NULL;
                    for (int m = 0; g && !full && m < 64; m++) {
                        full = fwrite(block, 1, sizeof block, g) != sizeof block;
                        mib += !full;
                    }
                    if (g && fclose(g) != 0)
                        full = 1;
                }
                fprintf(stderr, "attack: disk: %s: %s after %ld MiB\n", i == 0 ? "TMPDIR" : places[i],
                        full ? "full" : "not full", mib);
            }
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
    if [ "$case" = leak ]; then
        # the view of a submission that leaks nothing: the kit's stub, graded the same way
        cp "$ag/submission/tree_sum.c" "$tmp/attack.c"
        cp "$kit/asg_fixture/tree_sum.c" "$ag/submission/tree_sum.c"
        grade build=ok $stub_zero "hidden: hidden_trace=0"
        cp "$ag/results/results.json" "$tmp/stub_results.json"
        cp "$tmp/attack.c" "$ag/submission/tree_sum.c"
    fi
    rm -f /dev/shm/asg_hostile_shm /tmp/asg_hostile_tmp /tmp/asg_hostile_disk_* /var/tmp/asg_hostile_disk_*
    free_before=$(df -Pm /tmp | awk 'NR == 2 { print $4 }')
    grade build=ok $stub_zero "hidden: hidden_trace=0"
    # the attack itself was compiled and ran (the source check lets plain C through)
    grep -q 'cannot be graded' "$ag/results/results.json" && fail "the attack was refused: $(grep 'cannot be graded' "$ag/results/results.json")"
    case $case in
    deep_folder) echo "ok: a folder 1,200 levels deep, in the scratch folder or the submission, stops nothing" ;;
    shared_files)
        [ -e /dev/shm/asg_hostile_shm ] && fail "the test's 40 MB in /dev/shm outlived grading"
        [ -e /tmp/asg_hostile_tmp ] && fail "the test's file in /tmp outlived grading"
        echo "ok: what a test leaves in /dev/shm and /tmp is gone when grading ends" ;;
    memory)
        # the limit acted (malloc said no), below what the test allows itself: not the OOM killer
        said=$(attack_says memory)
        case $said in *refused*) echo "ok: $said" ;;
        *) fail "the memory hog was not stopped by a limit: ${said:-no report (killed?)}" ;; esac
        echo "ok: a test that takes all the memory it can is stopped by the memory limit, and grading finishes" ;;
    disk)
        # one line a place: "WHERE: full after N MiB" (or "not full")
        said=$(attack_says disk)
        [ "$(echo "$said" | cut -d: -f1 | tr '\n' ' ')" = "TMPDIR /tmp /var/tmp " ] ||
            fail "the disk attack did not report on its three places: $said"
        echo "$said" | while IFS= read -r line; do
            mib=$(echo "$line" | sed -n 's/^[^:]*: full after \([0-9]*\) MiB$/\1/p')
            [ -n "$mib" ] && [ "$mib" -le 256 ] || fail "$line: not bounded at 256 MiB"
            echo "ok: $line"
        done || exit 1
        left=$(ls -d /tmp/asg_hostile_disk_* /var/tmp/asg_hostile_disk_* 2>/dev/null)
        [ -z "$left" ] && echo "ok: no file of the attack outlived grading" || fail "files outlived grading: $left"
        # the machine's free space (shared: other work changes it too, so it is shown, not judged;
        # what is judged above is that no place took more than its bound and none is left)
        echo "free space of /tmp: $free_before MiB before, $(df -Pm /tmp | awk 'NR == 2 { print $4 }') MiB after"
        echo "ok: every place a test writes is bounded, and nothing it wrote outlives it" ;;
    leak)
        seed=$(sed -n 's/.*--seed \([0-9]*\).*/\1/p' "$ag/source/hidden/asg_fixture.hidden")
        [ -n "$seed" ] || fail "no seed in the hidden test"
        code=$(( seed % 199 + 3 ))
        python3 - "$ag/results/results.json" "$seed" "$code" "$tmp/stub_results.json" <<'PY' || exit 1
import json, re, sys
d = json.load(open(sys.argv[1]))
seed, code = sys.argv[2], sys.argv[3]
stub = json.load(open(sys.argv[4]))
text = json.dumps(d)
if re.search(rf"(?<![\d.]){seed}(?!\d)", text):  # the whole number, not digits of a score
    sys.exit("FAIL: the hidden test's seed is in results.json")
for t in d["tests"]:
    if t["name"].startswith("hidden: "):
        if re.search(r"\d", t["output"]):
            sys.exit(f"FAIL: a hidden test's result carries a number: {t['output']}")
# The exit status is a number from 3 to 201, and the summary carries small numbers of its own
# (points, counts), so searching it for the status can match by chance. What must hold is
# stronger: the student sees exactly what the do-nothing stub's grading shows.
if d["output"] != stub["output"]:
    sys.exit(f"FAIL: the top-level output differs from the stub's (exit status {code}):\n"
             f"{d['output']}\n--- the stub's ---\n{stub['output']}")
# Public tests may show their own runs (their seeds are in the kit); the hidden ones may not.
hidden = lambda r: [(t["name"], t["score"], t.get("output", "")) for t in r["tests"]
                    if t["name"].startswith("hidden: ")]
if not hidden(d):
    sys.exit("FAIL: no hidden test in results.json: nothing was checked")
if hidden(d) != hidden(stub):
    sys.exit(f"FAIL: the hidden tests differ from the stub's: {hidden(d)} vs {hidden(stub)}")
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
