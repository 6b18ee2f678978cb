#!/usr/bin/env python3
"""grade.py - the autograder of an assignment kit (`make grade`).

The grader trusts nothing a submission can touch:
  * it builds in a fresh work tree made from the kit (the kit's tests,
    golden files, scripts and Makefile), into which only the files listed in
    assignments/<CH>.submit are copied from the submission (regular files,
    no links, at most 1 MB each), each after SourceFirewall's check: the
    stub's preprocessor lines only, no attribute, asm, dlopen/dlsym, constructor
    or dynamic initialiser (nothing runs before main or hides from the emulator's
    checks), balanced brackets, no name of the harness's or the reference's functions
    (a file that fails is replaced by its stub), so a header the harness
    includes cannot rewrite or call what the harness compiles after it;
  * run as root (Gradescope), it builds and runs the student's code as an
    unprivileged user (GRADE_USER, else `student`, else `nobody`), with no
    access to the grader's files, the hidden tests or results.json (it refuses
    hidden tests or a results folder that user could reach), without a network
    where the kernel allows (else the instructor's log says so), its memory (CPU
    runs), files, /tmp and scratch folder bounded, and with a /proc that shows it
    no other user's process (no command line of the grader, the checker or a
    reference run, where hidden inputs are); without root it refuses a
    submission (--no-sandbox);
  * whatever a command starts ends with it (the grader is a subreaper: a
    daemon that left its session is killed too); the build folders are
    root's and read-only once built;
  * it runs every test command itself, and a checker decides pass or fail: a
    process of its own (class Checker), forked before any student code runs,
    that reads the references itself (the kit's goldens, never the work
    tree's; the hidden outputs), then runs as a user that is neither root nor
    the student's (`judge`), non-dumpable; the runs' stdout and stderr go to
    files in its own folder, which it reads itself. The exit status, the
    golden comparison of `tools/expect_output.sh GOLDEN -- CMD`, the checks of
    `tools/expect_exit.sh CODE TEXT -- CMD`, self-check lines, variants and
    gates are all its verdicts, and the emulator's reports in a run become
    feedback lines. (A command that needs a shell runs from the read-only
    copy; its exit status decides.)
  * hidden tests (assignments/<CH>.hidden with their goldens, shipped in the
    Gradescope zip only) are scored beside the public ones, and run after them,
    alone; hidden variants (<CH>.variants, made by make_kit.py: a public test's
    program with a secret seed, its output recorded from the reference) gate
    their public test's points.

Time: no verdict depends on the machine's speed. Each test runs under about 10x
the reference's measured time (the `time` lines of assignments/<CH>.md; at
least a floor, at most its tests.list hang guard: TIMEOUT x 10), multiplied by how much slower
this machine is now than the one where those times were measured: a fixed
calibration run measured there (`calibration`) and here, when grading starts.
After one test of a program runs out of time, the later tests of that program
get a short limit, at least twice their reference's time (scaled the same way). There is no budget for the whole run
unless an instructor gives one (--budget). results.json is rewritten after
every test, so a run stopped from outside still leaves what ran. Jobs: the CPUs this process may really use (affinity, cgroup cpu.max).

Builds: one build per program, each without -Werror (warnings are shown, they
cost nothing), first without nvcc (every program links gpu/no_cuda.c), which is
what the cpu tests run; where there is a GPU, a second build with nvcc for the
gpu tests. A program that does not compile zeroes only the tests that run it.

    grade.py --chapter CH [--kit DIR] [--submission DIR] [--out results.json]
             [--nvcc PATH] [--jobs N] [--budget S] [--work DIR] [--hidden DIR]
             [--only NAME] [--record-times FILE] [--make-var V=X]...
    grade.py --chapter CH --batch SUBMISSIONS --csv scores.csv [...]

Exit status: 0 once results.json is written (whatever the score); with
--only NAME, 0 when that test passed and 1 otherwise (GitHub Classroom); 2 on
a usage error. Standard library only, Python 3.6 or newer. For tests only:
GRADE_GPU=0|1 overrides the GPU detection; GRADE_SHARED_DIR=FOLDER is shown to
the student's code at its own path even below its private /tmp (SHARED_ENV);
GRADE_SHARED_PROC=1 leaves it the machine's /proc (SHARED_PROC_ENV).
"""
import argparse
import concurrent.futures
import csv
import difflib
import json
import os
import re
import select
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse

OUTPUT_LIMIT = 6000          # characters of a test's output kept in results.json
BUILD_LOG_LIMIT = 6000       # characters of a failed build's messages kept, per program
DEFAULT_TIMEOUT = 120        # seconds, as in tools/gen_ctest.sh
# A tests.list TIMEOUT is how long an honest run takes on a fast idle machine; CTest's hang
# guard is this many times that (tools/gen_ctest.sh's HANG_GUARD_FACTOR: test_scoring.py checks
# the two agree). The grader's cap is that hang guard, never the bare TIMEOUT.
HANG_GUARD_FACTOR = 10
TIME_FACTOR = 10             # a test may take this many times the reference's time
TIME_FLOOR = 5.0             # ... but never less than this (a loaded machine, a slow start)
CPU_POLL = 0.5               # seconds between two looks at a running test's CPU time
WALL_FACTOR = 5              # a test that used little CPU is stopped at this many times its limit
HUNG_LIMIT = 3.0             # after a hang, later tests of the same program get this long ...
HUNG_FACTOR = 2              # ... or twice the test's reference time, when that is longer
BUILD_GUARD = 1800.0         # a build's hang guard (seconds on the calibrated machine)
CALIBRATION = "calibration"  # the times' key of the calibration run's seconds where they were measured
CALIBRATION_ROUNDS = 100000  # the calibration's work (about 0.05 s of one CPU)
MAX_SUBMITTED_BYTES = 1 << 20
MAX_OUTPUT_BYTES = 64 << 20  # RLIMIT_FSIZE of the student's processes
OUTPUT_READ_LIMIT = 8 << 20  # bytes of a test's stdout (and of its stderr) read back; more fails it
# RLIMIT_NPROC of the student's user (it counts threads): a fork bomb stops there, while every
# CPU can run a test with a thread per CPU (the POSIX-threads rivals do).
MAX_PROCESSES = max(1024, 2 * (os.cpu_count() or 1) ** 2 + 256)
PR_SET_CHILD_SUBREAPER = 36  # prctl: orphans below the grader stay below it
CLONE_NEWNET = 0x40000000    # unshare: a network namespace of its own (no interfaces but lo)
CLONE_NEWNS = 0x00020000     # unshare: a mount namespace of its own (a private /dev/shm)
MS_NOSUID, MS_NODEV, MS_NOEXEC, MS_BIND, MS_REC, MS_PRIVATE = 2, 4, 8, 0x1000, 0x4000, 1 << 18
# Each command's own /proc: a fresh instance in its mount namespace that lists only its own
# user's processes. Written as the word, not the older number 2: a kernel before 5.8 shares one
# set of options among all the /proc mounts of a PID namespace (the grader's too), would apply a
# number to every one of them, and refuses the word, so the mount happens only where it stays
# private.
PRIVATE_PROC = b"hidepid=invisible"
PRIVATE_SHM = b"size=64m,mode=1777"   # each command's own /dev/shm: bounded, gone when it ends
# Each command's own /tmp, /var/tmp and scratch folder (HOME, TMPDIR): tmpfs mounts of this size,
# gone when it ends, so no test fills the disk (RLIMIT_FSIZE bounds one file, not their number).
# The tests write nothing there; a compiler's temporary files are a few MB.
PRIVATE_TMP_SIZE = 256 << 20
PRIVATE_TMP = ("/tmp", "/var/tmp")
# For tests of the grader only (an instructor never sets it): a folder of the caller's that the
# student's code sees at its own path even where it lies below /tmp or /var/tmp, bound back into
# the fresh tmpfs as the work tree is. A kit test keeps there the kit and the hidden tests its
# attacks aim at, and the folder where they leave the traces the test reads back; without it, a
# test whose scratch folder is below /tmp (mktemp -d) would see its attacks fail to find their
# targets, and find no trace of them, for the wrong reason.
SHARED_ENV = "GRADE_SHARED_DIR"
# For tests of the grader only, like SHARED_ENV: "1" leaves the machine's /proc in the student's
# view, as a kernel that refuses one of its own does, so that the tests of the defences behind it
# (the checker's own user and folder, the references out of reach) find their targets.
SHARED_PROC_ENV = "GRADE_SHARED_PROC"
# RLIMIT_AS of the student's processes in the CPU build and the CPU tests: malloc (or a stack, or a
# shared mapping) fails there before the machine swaps. A share of the memory, at most 4 GiB (the
# biggest reference run, ch03's emulated_device_reduce --n 2^21, needs about 300 MB), plus 128 MiB
# per CPU of address space that threads reserve and never touch (stacks, malloc's arenas).
# Not for the GPU build or tests: the CUDA runtime reserves address ranges far beyond this.
def memory_limit():
    physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    return max(1 << 30, min(4 << 30, physical // 2)) + (128 << 20) * (os.cpu_count() or 1)


MAX_MEMORY_BYTES = memory_limit()
NO_NETWORK_LINE = ("sandbox: NO NETWORK ISOLATION: the kernel refused the student's code a network namespace "
                   "of its own, so it can send hidden inputs out and fetch answers in. Turn the network off "
                   "where the autograder runs (the platform's setting where it has one, or a container "
                   "started with --network none): assignments/README.md, section Gradescope.")
NO_PRIVATE_PROC_LINE = ("sandbox: the student's code sees every process on this machine and its command line "
                        "(the kernel refused it a /proc of its own: that needs Linux 5.8 or later, and a "
                        "container runtime that allows the mount). Run nothing with hidden inputs beside the "
                        "grading, and grade one submission at a time.")
GPU_BUILD = "build"          # nvcc's build, for the gpu tests (only where there is a GPU)
CPU_BUILDS = ("build", "build-cpu")   # the build without nvcc: "build" when there is no GPU build
SHELL_CHARS = set("|&;<>()$`\\\"'*?[]#~=%{}")


class ListError(Exception):
    pass


# --- the registries ---------------------------------------------------------------
def list_lines(path, keyword=None):
    """(line number, text) of a registry file, comments and blank lines dropped. With keyword,
    path is a chapter's assignments/CH.md: only its ```grading block's lines that start with
    keyword count, keyword removed (registry_lines)."""
    if keyword is not None:
        yield from registry_lines(path, keyword)
        return
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            text = line.strip()
            if text and not text.startswith("#"):
                yield number, text


REGISTRY_KEYWORDS = ("points", "gate", "hidden", "time", "calibration")


def registry_parts(path):
    """(intro, [(line number, keyword, rest)]) of a chapter's assignments/CH.md: the Markdown
    before its ```grading block (the top of the student README), and the block's lines."""
    intro, lines, state = [], [], "intro"
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            if state == "intro":
                if line.strip() == "```grading":
                    state = "block"
                else:
                    intro.append(line)
                continue
            if state == "done":
                if line.strip():
                    raise ListError(f"{path}:{number}: nothing may follow the ```grading block")
                continue
            text = line.strip()
            if text == "```":
                state = "done"
                continue
            if not text or text.startswith("#"):
                continue
            word, _, rest = text.partition(" ")
            if word not in REGISTRY_KEYWORDS or not rest.strip():
                raise ListError(f"{path}:{number}: expected a line '{' | '.join(REGISTRY_KEYWORDS)} ...'")
            lines.append((number, word, rest.strip()))
    if state == "intro":
        raise ListError(f"{path}: no ```grading block (the points of the chapter's tests)")
    if state == "block":
        raise ListError(f"{path}: the ```grading block is not closed")
    return "".join(intro).strip(), lines


def registry_lines(path, keyword):
    return [(number, rest) for number, word, rest in registry_parts(path)[1] if word == keyword]


def registry_path(root, chapter):
    return os.path.join(root, "assignments", f"{chapter}.md")


# make bench / make sanitize work, and the cross-architecture builds: never graded
DEVICE_KINDS = ("bench", "headline", "sanitize", "cross")


def parse_kind(kind, where):
    timeout = DEFAULT_TIMEOUT
    if ":" in kind:
        kind, t = kind.split(":", 1)
        if not t.isdigit():
            raise ListError(f"{where}: bad timeout '{t}'")
        timeout = int(t)
    kind, _, tier = kind.partition(",")   # "cpu,long": a test of the long tier (make check)
    if tier not in ("", "long"):
        raise ListError(f"{where}: the only tier after a comma is long, got '{tier}'")
    if kind not in ("cpu", "gpu"):
        raise ListError(f"{where}: kind must be cpu or gpu, got '{kind}'")
    return kind, timeout


def read_tests(root, chapter):
    """[{name, kind, timeout, command}] of CH/tests.list, in registry order."""
    path = os.path.join(root, chapter, "tests.list")
    tests, seen = [], set()
    if not os.path.isfile(path):
        return tests
    for number, text in list_lines(path):
        fields = text.split(None, 2)
        if len(fields) < 3:
            raise ListError(f"{path}:{number}: expected NAME KIND COMMAND")
        name, kind, command = fields
        if kind.split(":")[0].split(",")[0] in DEVICE_KINDS:
            continue
        # tests.list names programs as $BUILD/CHAPTER/PROGRAM (CTest's build folder); the grader
        # runs them in its own work tree's build folders (build/, build-cpu/)
        command = re.sub(r"\$\{?BUILD\}?/", "build/", command)
        kind, timeout = parse_kind(kind, f"{path}:{number}")
        if name in seen:
            raise ListError(f"{path}:{number}: duplicate test name '{name}'")
        seen.add(name)
        tests.append({"name": name, "kind": kind, "timeout": timeout, "command": command})
    return tests


def read_hidden(path):
    """(tests, items) of a hidden tests file: NAME KIND[:TIMEOUT] POINTS COMMAND per line."""
    tests, items = [], []
    for number, text in list_lines(path, "hidden" if path.endswith(".md") else None):
        fields = text.split(None, 3)
        if len(fields) < 4:
            raise ListError(f"{path}:{number}: expected NAME KIND POINTS COMMAND")
        name, kind, value, command = fields
        kind, timeout = parse_kind(kind, f"{path}:{number}")
        tests.append({"name": name, "kind": kind, "timeout": timeout, "command": command, "hidden": True})
        items.append(Item(name, points_value(value, f"{path}:{number}"), None))
    return tests, items


def read_variants(path, tests):
    """{public test: variant test} of a variants file (TEST STATUS SECONDS OUTPUT COMMAND per
    line, written by make_kit.py into the autograder's hidden/): each variant runs as a hidden
    test of its own, and its public test's points need it."""
    by_name = {t["name"]: t for t in tests}
    variants = {}
    for number, text in list_lines(path):
        fields = text.split(None, 4)
        # TEST: a public test, or one of its verdict items ('TEST [TEXT]', spaces as %20);
        # STATUS: the reference's, or 'any' (a gate: only the output counts, not the verdict)
        name = urllib.parse.unquote(fields[0]) if fields else ""
        if (len(fields) < 5 or name.split(" [", 1)[0] not in by_name
                or not (fields[1].isdigit() or fields[1] == "any")):
            raise ListError(f"{path}:{number}: expected TEST STATUS SECONDS OUTPUT COMMAND of a public test")
        _, status, seconds, output, command = fields
        t = by_name[name.split(" [", 1)[0]]
        try:
            reference = float(seconds)
        except ValueError:
            raise ListError(f"{path}:{number}: bad seconds '{seconds}'")
        variants[name] = {"name": f"variant: {name}", "kind": t["kind"], "timeout": t["timeout"],
                          "command": command, "hidden": True, "variant_of": t["name"],
                          "status": None if status == "any" else int(status),
                          "output": output, "reference": reference}
    return variants


class Item:
    """One graded line: a test, its points, and an optional check replacing the test's own
    verdict ('verdict: TEXT': the self-check lines naming TEXT all say confirmed)."""

    def __init__(self, test, points, check):
        self.test, self.points, self.check = test, points, check
        self.name = test if not check else f"{test} [{check}]"


def points_value(value, where):
    try:
        p = float(value)
    except ValueError:
        p = -1.0
    if not (p >= 0 and p < 1e6):
        raise ListError(f"{where}: points must be a number >= 0, got '{value}'")
    return p


def read_points(path, tests=None):
    """[Item] from a points file: TEST POINTS [verdict: TEXT]; checked against the tests."""
    known = {t["name"] for t in tests} if tests is not None else None
    items, names = [], set()
    for number, text in list_lines(path, "points" if path.endswith(".md") else None):
        body = text.split("#", 1)[0].strip()
        fields = body.split(None, 2)
        where = f"{path}:{number}"
        if len(fields) < 2 or (len(fields) == 3 and not fields[2].startswith("verdict:")):
            raise ListError(f"{where}: expected TEST_NAME POINTS [verdict: TEXT]")
        check = fields[2][len("verdict:"):].strip() if len(fields) == 3 else None
        if len(fields) == 3 and not check:
            raise ListError(f"{where}: 'verdict:' needs the text of a self-check line")
        item = Item(fields[0], points_value(fields[1], where), check)
        if item.name in names:
            raise ListError(f"{where}: '{item.name}' is listed twice")
        if known is not None and item.test not in known:
            raise ListError(f"{where}: no test '{item.test}' in the chapter's tests.list")
        names.add(item.name)
        items.append(item)
    if not items:
        raise ListError(f"{path}: no tests with points")
    return items


def read_times(path):
    """{test: reference seconds} from a chapter's registry (its `time TEST SECONDS` lines, and
    `calibration SECONDS` under the key CALIBRATION); {} when absent."""
    times = {}
    if os.path.isfile(path):
        lines = registry_lines(path, "time") + [(n, f"{CALIBRATION} {t}") for n, t in
                                                registry_lines(path, "calibration")]
        for _, text in lines:
            fields = text.split()
            if len(fields) == 2:
                try:
                    times[fields[0]] = float(fields[1])
                except ValueError:
                    pass
    return times


# --- the machine ------------------------------------------------------------------
def available_cpus():
    """CPUs this process may use: its affinity mask, capped by a cgroup v2 cpu.max quota."""
    try:
        n = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        n = os.cpu_count() or 1
    try:
        with open("/sys/fs/cgroup/cpu.max") as f:
            quota, period = f.read().split()[:2]
        if quota != "max":
            n = min(n, max(1, int(int(quota) // int(period))))
    except (OSError, ValueError):
        pass
    return max(1, n)


def calibrate(runs=5):
    """Seconds this machine takes now for a fixed piece of work (the median of a few runs of a
    fixed integer loop, in a child process of its own): a loaded or slower machine takes longer.
    The grader scales every time limit by how much longer than on the machine where the
    reference's times were measured, so no verdict depends on the machine's speed."""
    code = ("import time\nt=time.perf_counter()\nx=0\n"
            f"for i in range({CALIBRATION_ROUNDS}):\n x=(x*1103515245+12345+i)&0xffffffff\n"
            "print(time.perf_counter()-t)")
    seconds = []
    for _ in range(runs):
        try:
            p = subprocess.run([sys.executable, "-c", code], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, timeout=600)
            seconds.append(float(p.stdout.decode().strip()))
        except (OSError, ValueError, subprocess.TimeoutExpired):
            pass
    return sorted(seconds)[len(seconds) // 2] if seconds else None


KEPT_ENV = ("PATH", "LANG", "CC", "CUDA_VISIBLE_DEVICES", "LD_LIBRARY_PATH", "CUDA_HOME")


def clean_env(extra=None):
    """The environment for make and the tests: a few variables, nothing of the grader's
    (no jobserver of `make grade`, no paths of the results or the hidden tests)."""
    env = {k: v for k, v in os.environ.items() if k in KEPT_ENV}
    env.setdefault("PATH", "/usr/local/bin:/usr/bin:/bin")
    env.update(extra or {})
    return env


def gpu_available(nvcc):
    forced = os.environ.get("GRADE_GPU")
    if forced in ("0", "1"):
        return forced == "1"
    if not nvcc or not shutil.which("nvidia-smi"):
        return False
    try:
        out = subprocess.run(["nvidia-smi", "-L"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                             timeout=30).stdout.decode("utf-8", "replace")
    except (OSError, subprocess.TimeoutExpired):
        return False
    return any(line.startswith("GPU") for line in out.splitlines())


class Sandbox:
    """How the student's code runs: as an unprivileged user when the grader is root, in a
    session of its own, with core dumps off, output files, processes, memory (CPU runs) and
    its /tmp, /var/tmp and scratch folder (tmpfs mounts of its own) capped, first in
    line for the OOM killer, without a network where the kernel allows it (a namespace of
    its own: no way to send the hidden tests' inputs out or fetch answers in), and never
    outliving its command: the grader is a subreaper, so a process that left its command's
    session (a daemon) stays below the grader, and kill_strays() ends it."""

    def __init__(self, user=None, unsandboxed=False):
        self.uid = self.gid = None
        self.user = None
        self.live = set()            # pids of the commands running now (their sessions)
        self.lock = threading.Lock()
        self.libc = None
        self.isolate_net = False
        if os.geteuid() == 0:
            import pwd
            names = [user] if user else [os.environ.get("GRADE_USER"), "student", "nobody"]
            for name in [n for n in names if n]:
                try:
                    p = pwd.getpwnam(name)
                except KeyError:
                    continue
                self.user, self.uid, self.gid = name, p.pw_uid, p.pw_gid
                break
            if self.uid is None:
                raise ListError("running as root, but no unprivileged user to run the student's code "
                                "(create one: useradd -r -M student)")
        elif not unsandboxed:
            raise ListError("grading a submission (or with hidden tests) needs root: the submitted code "
                            "would run as you, could read the hidden tests and rewrite results.json "
                            "after the grader ends. Run as root (it then runs the code as an unprivileged "
                            "user), or pass --no-sandbox for code you trust")
        try:
            import ctypes
            self.libc = ctypes.CDLL(None, use_errno=True)
            self.libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
        except (OSError, AttributeError, ImportError):
            self.libc = None
        self.private_shm = False
        self.private_proc = False
        self.shared = shared_folder()
        self.log = []                # lines for the instructor's log (never the student's view)
        if self.uid is not None and self.libc is not None:
            self.isolate_net = self.probe_netns()
            self.private_shm = self.probe_private_shm()
            self.private_proc = (self.private_shm and os.environ.get(SHARED_PROC_ENV) != "1"
                                 and self.probe_private_proc())
        if self.uid is not None and not self.isolate_net:
            self.log.append(NO_NETWORK_LINE)
        if self.uid is not None and not self.private_shm:
            self.log.append("sandbox: no private /dev/shm, /tmp, /var/tmp or scratch folder (the kernel "
                            "refused a mount namespace): a test can fill the disk until the cleanup after it")
        if self.uid is not None and not self.private_proc:
            self.log.append(NO_PRIVATE_PROC_LINE)

    def probe_netns(self):
        """True when a child can get a network namespace of its own (root, and not refused)."""
        pid = os.fork()
        if pid == 0:
            os._exit(0 if self.libc.unshare(CLONE_NEWNET) == 0 else 1)
        _, status = os.waitpid(pid, 0)
        return os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0

    def probe_private_shm(self):
        """True when a child can mount a /dev/shm, /tmp and /var/tmp of its own (root, and not
        refused)."""
        top = tempfile.mkdtemp()   # a work tree, and its scratch folder, as a test has them
        os.mkdir(os.path.join(top, "scratch"))
        pid = os.fork()
        if pid == 0:
            os.chdir(top)
            os._exit(0 if private_mounts(self.libc, os.path.join(top, "scratch"), 0, 0) else 1)
        _, status = os.waitpid(pid, 0)
        remove_tree(top)
        return os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0

    def probe_private_proc(self):
        """True when a child in a mount namespace of its own can mount a /proc of its own that
        hides other users' processes (Linux 5.8 or later, and a runtime that allows the mount)."""
        pid = os.fork()
        if pid == 0:
            os._exit(0 if private_mounts(self.libc, None, 0, 0, proc=True) else 1)
        _, status = os.waitpid(pid, 0)
        return os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0

    def own(self, path):
        """Makes path (a folder the student's processes write to) theirs."""
        os.makedirs(path, exist_ok=True)
        if self.uid is not None:
            for top, dirs, files in walk_tree(path):
                for name in [top] + [os.path.join(top, n) for n in dirs + files]:
                    os.lchown(name, self.uid, self.gid)

    def seal(self, path, keep=()):
        """Makes path (a build folder, once built) root's and read-only to the student's
        processes, except the folders in keep: the tests cannot rewrite a program, an object
        or a dependency file that a later test or a later build uses."""
        if self.uid is None or not os.path.isdir(path):
            return
        keep = {os.path.abspath(k) for k in keep}
        for top, dirs, files in walk_tree(path):
            dirs[:] = [d for d in dirs if os.path.abspath(os.path.join(top, d)) not in keep]
            for name in [top] + [os.path.join(top, n) for n in files]:
                os.lchown(name, 0, 0)
                if not os.path.islink(name):
                    os.chmod(name, os.lstat(name).st_mode & 0o7755)

    def preexec(self, scratch=None, memory=None):
        """What the child does before it runs the command: scratch, a folder that becomes a tmpfs
        of its own (the command's HOME and TMPDIR); memory, its RLIMIT_AS in bytes (None: none)."""
        uid, gid, libc, net, shm = self.uid, self.gid, self.libc, self.isolate_net, self.private_shm
        proc = self.private_proc
        shared = self.shared

        def child():
            import resource
            os.setsid()
            resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
            resource.setrlimit(resource.RLIMIT_FSIZE, (MAX_OUTPUT_BYTES, MAX_OUTPUT_BYTES))
            if memory is not None:
                resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
            try:
                fd = os.open("/proc/self/oom_score_adj", os.O_WRONLY)
                os.write(fd, b"1000")
                os.close(fd)
            except OSError:
                pass
            if uid is not None:
                resource.setrlimit(resource.RLIMIT_NPROC, (MAX_PROCESSES, MAX_PROCESSES))
                if net:
                    libc.unshare(CLONE_NEWNET)
                if shm:
                    private_mounts(libc, scratch, uid, gid, shared, proc)
                os.setgroups([])
                os.setgid(gid)
                os.setuid(uid)
        return child

    def kill_strays(self, everything=False):
        """Kills every process below the grader that is in none of the running commands'
        sessions (everything: that is in any session but the grader's), and reaps them."""
        me = os.getpid()
        for _ in range(200):
            with self.lock:
                procs = process_table()
                mine = procs.get(me, (0, 0, ""))[1]
                keep = {mine} | (set() if everything else self.live)
                below = descendants(procs, me)
                strays = [p for p in below if procs[p][1] not in keep and procs[p][2] != "Z"]
                for pid in strays:
                    try:
                        os.kill(pid, signal.SIGKILL)
                    except OSError:
                        pass
                for pid, (ppid, _, state) in procs.items():
                    if ppid == me and state == "Z" and pid not in self.live:
                        try:
                            os.waitpid(pid, os.WNOHANG)
                        except OSError:
                            pass
            if not strays:
                return
            time.sleep(0.01)

    def student_can(self, test, paths, outdir):
        """The paths among paths that the student's user can read (test "-r") or write ("-w");
        none when not sandboxed."""
        if self.uid is None or not paths:
            return []
        script = f'for f; do [ {test} "$f" ] && printf "%s\\n" "$f"; done; exit 0'
        status, out, _, _ = run(["/bin/sh", "-c", script, "sh"] + list(paths), "/", 60, self,
                                clean_env(), outdir)
        return [line for line in out.decode("utf-8", "replace").splitlines() if line]


def shared_folder():
    """The real path of the folder $GRADE_SHARED_DIR names (SHARED_ENV), or None."""
    named = os.environ.get(SHARED_ENV)
    if not named:
        return None
    real = os.path.realpath(named)
    if not os.path.isabs(named) or not os.path.isdir(real) or real in map(os.path.realpath, PRIVATE_TMP):
        raise ListError(f"{SHARED_ENV}={named}: not the absolute path of a folder (nor /tmp or /var/tmp itself)")
    return real


def private_mounts(libc, scratch, uid, gid, shared=None, proc=False):
    """In this (child) process: a mount namespace of its own with a fresh tmpfs of 64 MiB on
    /dev/shm, with proc a /proc of its own (private_proc), and, for a command with a scratch
    folder, fresh tmpfs mounts on /tmp, /var/tmp and scratch (uid's), PRIVATE_TMP_SIZE each;
    all end with the command's last process. The folder it runs in (the work tree, often below
    /tmp) is bound back at its own path, and so is shared (SHARED_ENV: tests only). False when
    the kernel refuses one."""
    if libc.unshare(CLONE_NEWNS) != 0:
        return False
    if libc.mount(b"none", b"/", None, MS_REC | MS_PRIVATE, None) != 0:
        return False
    if libc.mount(b"tmpfs", b"/dev/shm", b"tmpfs", MS_NOSUID | MS_NODEV, PRIVATE_SHM) != 0:
        return False
    # /proc here, in the namespace just made (never the grader's), before any other mount can fail
    if proc and not private_proc(libc):
        return False
    if not scratch:   # (student_can: it must see the real /tmp, where the hidden tests may be)
        return True
    # The folders bound back, opened before the tmpfs mounts hide them; the outer one first,
    # so that one inside it (a test's work tree in its shared folder) is bound onto its own path.
    back = sorted({os.getcwd()} | ({shared} if shared else set()), key=len)
    keep = [(folder, os.open(folder, os.O_RDONLY | os.O_DIRECTORY)) for folder in back]
    size = f"size={PRIVATE_TMP_SIZE}"
    for path in [p for p in PRIVATE_TMP if os.path.isdir(p)]:   # (a container may have no /var/tmp)
        if libc.mount(b"tmpfs", path.encode(), b"tmpfs", MS_NOSUID | MS_NODEV, f"{size},mode=1777".encode()) != 0:
            return False
        for folder, fd in keep:
            if inside(folder, path):   # at its own path in the fresh /tmp
                os.makedirs(folder, mode=0o755, exist_ok=True)
                if libc.mount(f"/proc/self/fd/{fd}".encode(), folder.encode(), None, MS_BIND | MS_REC, None) != 0:
                    return False
    for _, fd in keep:
        os.close(fd)
    options = f"{size},mode=700,uid={uid},gid={gid}".encode()
    return libc.mount(b"tmpfs", os.fsencode(scratch), b"tmpfs", MS_NOSUID | MS_NODEV, options) == 0


def private_proc(libc):
    """In this (child) process, already in a mount namespace of its own (private_mounts): a fresh
    /proc that shows no other user's process, so the student's code reads no command line but
    its own (the grader's names the hidden tests' folder; a reference run beside it, its input).
    False when the kernel refuses it."""
    return libc.mount(b"proc", b"/proc", b"proc", MS_NOSUID | MS_NODEV | MS_NOEXEC, PRIVATE_PROC) == 0


def process_table():
    """{pid: (ppid, session, state)} of every process this one can see."""
    table = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            with open(f"/proc/{name}/stat", "rb") as f:
                fields = f.read().decode("ascii", "replace").rsplit(")", 1)[1].split()
            table[int(name)] = (int(fields[1]), int(fields[3]), fields[0])
        except (OSError, IndexError, ValueError):
            pass
    return table


def descendants(procs, root):
    children = {}
    for pid, (ppid, _, _) in procs.items():
        children.setdefault(ppid, []).append(pid)
    found, todo = set(), [root]
    while todo:
        for c in children.get(todo.pop(), []):
            if c not in found and c != root:
                found.add(c)
                todo.append(c)
    return sorted(found)


def read_capped(path, limit):
    """The first limit + 1 bytes of path: more than limit says the output was too large."""
    with open(path, "rb") as f:
        return f.read(limit + 1)


def session_cpu_seconds(sid):
    """CPU seconds (user + system, with those of the children it has waited for) of every live
    process of session sid, read from /proc."""
    ticks = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                fields = f.read().rsplit(b")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if len(fields) > 14 and int(fields[3]) == sid:   # fields[3]: the session
            ticks += sum(int(x) for x in fields[11:15])   # utime stime cutime cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def wait_for_cpu(p, limit, started):
    """p's exit status, or None once it has used its time: limit seconds of the clock AND of
    CPU (a program that waits for a CPU on a loaded machine has not used its time), or
    WALL_FACTOR x limit of the clock whatever it did (one that sleeps or blocks)."""
    while True:
        elapsed = time.time() - started
        step = limit - elapsed if elapsed < limit else min(CPU_POLL, WALL_FACTOR * limit - elapsed)
        try:
            return p.wait(timeout=max(0.05, step))
        except subprocess.TimeoutExpired:
            pass
        elapsed = time.time() - started
        if elapsed >= WALL_FACTOR * limit:
            return None
        if elapsed >= limit and session_cpu_seconds(p.pid) >= limit:
            return None


def run(cmd, cwd, timeout, sandbox, env, outdir, owner=None, keep=False, memory=None):
    """(status, stdout bytes, stderr bytes, seconds); status None when the time ran out.
    Output goes to files of the grader, or of owner (uid, gid: the checker's, in its folder);
    the child only holds their descriptors, and cannot open them by name (mode 0600, another
    user's). At most OUTPUT_READ_LIMIT + 1 bytes of each are read back. Whatever the command
    left running (in its session or out of it) is killed before this returns. With keep, the
    files stay, and their paths come fifth: (out path, err path), for the checker to read.
    memory: the command's RLIMIT_AS (None: none). Its TMPDIR, if any, is a tmpfs of its own."""
    fd_out, out_path = tempfile.mkstemp(dir=outdir)
    fd_err, err_path = tempfile.mkstemp(dir=outdir)
    if owner is not None:
        os.fchown(fd_out, *owner)
        os.fchown(fd_err, *owner)
    started = time.time()
    status = None
    try:
        with sandbox.lock:
            p = subprocess.Popen(cmd, cwd=cwd, env=env, stdin=subprocess.DEVNULL, stdout=fd_out,
                                 stderr=fd_err,
                                 preexec_fn=sandbox.preexec(env.get("TMPDIR"), memory))
            sandbox.live.add(p.pid)
    except OSError as e:
        os.close(fd_out)
        os.close(fd_err)
        os.remove(out_path)
        os.remove(err_path)
        return 127, b"", f"cannot run {cmd[0]}: {e}".encode(), 0.0
    try:
        status = wait_for_cpu(p, max(0.1, timeout), started)
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)   # the program and whatever it started
        except OSError:
            pass
        p.wait()
        with sandbox.lock:
            sandbox.live.discard(p.pid)
        sandbox.kill_strays()                  # and whatever left its session
        os.close(fd_out)
        os.close(fd_err)
    seconds = time.time() - started
    out = read_capped(out_path, OUTPUT_READ_LIMIT)
    err = read_capped(err_path, OUTPUT_READ_LIMIT)
    if keep:
        return status, out, err, seconds, (out_path, err_path)
    os.remove(out_path)
    os.remove(err_path)
    return status, out, err, seconds


# --- folders a submission can shape -------------------------------------------------------
def walk_tree(folder, max_entries=200000):
    """(folder, [subfolders], [files]) of every folder under folder, top first, without
    recursion (any depth) and without following a link (a link is listed as a file); at most
    max_entries entries, the rest unread."""
    todo, seen = [folder], 0
    while todo and seen < max_entries:
        top = todo.pop()
        try:
            entries = sorted(os.scandir(top), key=lambda e: e.name)
        except OSError:
            continue
        dirs = [e.name for e in entries if e.is_dir(follow_symlinks=False)]
        files = [e.name for e in entries if not e.is_dir(follow_symlinks=False)]
        seen += len(entries)
        yield top, dirs, files
        todo += [os.path.join(top, d) for d in reversed(dirs)]


def remove_tree(path):
    """Removes path and all below it, whatever a submission made there: GNU rm (fts: no
    recursion limit, any depth, links removed and never followed, one file system), after
    making the folders searchable and writable (chmod -R, which follows no link either). Never
    raises: returns whether path is gone."""
    if not os.path.lexists(path):
        return True
    for cmd in (["rm", "-rf", "--one-file-system", "--", path],
                ["chmod", "-R", "u+rwx", "--", path], ["rm", "-rf", "--one-file-system", "--", path]):
        if not os.path.lexists(path):
            break
        try:
            subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=600)
        except (OSError, subprocess.TimeoutExpired):
            pass
    return not os.path.lexists(path)


# Places any user may write to: a test's files there are removed after it (those of the
# student's user), so nothing it leaves (/dev/shm of 300 MB, a file for the next test or the
# next submission) outlives it.
SHARED_WRITABLE = ("/dev/shm", "/tmp", "/var/tmp", "/dev/mqueue", "/run/lock")


def remove_owned_by(uid, since, folders=SHARED_WRITABLE):
    """Removes every entry of folders (at their top) that uid owns and made since `since` (a
    time.time()), and uid's System V IPC. (Entries from before this grading are not its own:
    another grader on the machine may be using them.)"""
    if uid is None or uid == 0:
        return
    for folder in folders:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for e in entries:
            try:
                st = e.stat(follow_symlinks=False)
                if st.st_uid == uid and st.st_ctime >= since - 1:
                    if e.is_dir(follow_symlinks=False):
                        remove_tree(e.path)
                    else:
                        os.remove(e.path)
            except OSError:
                pass
    try:   # shared memory segments, semaphores and message queues of System V
        for kind, flag in (("-m", "-m"), ("-s", "-s"), ("-q", "-q")):
            out = subprocess.run(["ipcs", kind], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                                 timeout=30).stdout.decode("utf-8", "replace")
            import pwd
            name = pwd.getpwuid(uid).pw_name
            for line in out.splitlines():
                f = line.split()
                if len(f) > 2 and f[2] == name and f[1].isdigit():
                    subprocess.run(["ipcrm", flag, f[1]], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   timeout=30)
    except (OSError, KeyError, subprocess.TimeoutExpired):
        pass


# --- the submitted sources: what the compiler will see of them ----------------------------
# A submitted file is compiled inside the kit's own translation units: a header of per-thread
# bodies is included by the harness (the CPU emulation, the tests) before the harness's own
# definitions. So before anything is built, every submitted file must be plain declarations and
# definitions that cannot reach into what comes after it or beside it:
#   - its preprocessor directives are exactly its stub's, in order (plus `#pragma unroll`): it
#     defines, undefines and includes nothing of its own, so the macro table after it is the
#     stub's and no later token of the harness can expand differently;
#   - no _Pragma, asm, attributes (__attribute__, __declspec, [[...]]), symbol aliases,
#     constructors, operator overloads or dynamic loading (dlopen, dlsym): nothing binds a name
#     by string, runs before main, hides an access from the emulator's checks, or changes what a
#     later expression of the harness means; and no variable at namespace or class scope whose
#     initialiser calls a function (a dynamic initialiser, `static int x = f();`, runs before
#     main too);
#   - its brackets balance: it cannot leave a struct, a namespace or an expression open around
#     the code that follows it;
#   - it names no function, variable or macro that the kit defines outside it, unless its stub
#     or the headers its stub includes name it: the harness's and the reference's helpers
#     (a sequential walk, a reference sum) are out of its reach.
# The check reads the file as the compiler does (line splices joined, comments removed, string
# contents ignored) and refuses what it cannot read that way (trigraphs, raw strings).
SOURCE_SUFFIXES = (".c", ".h", ".cu", ".cuh", ".cpp", ".hpp")
BANNED_WORDS = ("_Pragma", "__pragma", "asm", "__asm", "__asm__", "alias", "weakref", "ifunc", "symver",
                "constructor", "destructor", "init_priority", "operator",
                # attributes: a section (.init_array runs it before main), a constructor by another
                # spelling, no_sanitize_thread (hides a race from the emulator's check, which is
                # ThreadSanitizer's instrumentation)
                "__attribute__", "__attribute", "__declspec",
                # a function found by its name at run time: the harness's or the reference's
                "dlsym", "dlvsym", "dlopen", "dlmopen")
EXTRA_DIRECTIVES = re.compile(r"#pragma unroll(\s+\d+)?$")
DIGRAPHS = (("<%", "{"), ("%>", "}"), ("<:", "["), (":>", "]"))
C_KEYWORDS = set("""auto break case char const continue default do double else enum extern float for goto
    if inline int long register restrict return short signed sizeof static struct switch typedef union
    unsigned void volatile while _Bool _Complex _Static_assert bool true false class namespace template
    typename using new delete this public private protected virtual friend constexpr decltype nullptr
    static_assert __global__ __device__ __host__ __shared__ __constant__ __restrict__ __forceinline__
    __noinline__ __launch_bounds__ main""".split())


def c_clean(text):
    """(text as the compiler's first phases leave it, problem or None): line splices joined,
    comments replaced by a space, string and character literals emptied ("" and '')."""
    if re.search(r"\?\?[=(/)'<!>-]", text):
        return "", "a trigraph (??=, ??/, ...): write the character itself"
    if re.search(r"(?<![A-Za-z0-9_])(?:u8|u|U|L)?R\"", text):
        return "", "a raw string literal (R\"...\")"
    text = text.replace("\r\n", "\n")
    text = re.sub(r"\\[ \t]*\n", "", text)
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
            out.append(" ")
        elif c == "/" and text.startswith("/*", i):
            j = text.find("*/", i + 2)
            if j < 0:
                return "", "a comment that does not end"
            out.append(" " + "\n" * text.count("\n", i, j))
            i = j + 2
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            if j >= n or text[j] != c:
                return "", "a string or character literal that does not end on its line"
            out.append(c + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out), None


def c_directives(clean):
    """The directive lines of a cleaned text, whitespace normalised ('%:' read as '#')."""
    found = []
    for line in clean.split("\n"):
        s = line.strip()
        if s.startswith("%:"):
            s = "#" + s[2:]
        if s.startswith("#"):
            found.append("#" + " ".join(s[1:].split()))
    return found


def c_code(clean):
    """The cleaned text without its directive lines."""
    return "\n".join(line for line in clean.split("\n") if not line.strip().startswith(("#", "%:")))


def include_names(text):
    """The "..." includes of a kit file's text (its own: comments may hide one, which only widens
    what a submission may name)."""
    return re.findall(r'^\s*(?:#|%:)\s*include\s*"([^"]+)"', text, re.M)


FILE_SCOPE = (re.compile(r"^(?:#|%:)\s*define\s+([A-Za-z_]\w*)", re.M),
              # a function defined or declared at the left margin (the kit's style)
              re.compile(r"^(?!(?:return|if|for|while|switch|case|else|do|goto|typedef|sizeof)\b)"
                         r"[A-Za-z_][^;{}()=\n]*?\b([A-Za-z_]\w*)\s*\(", re.M))
# What CUDA gives every kernel (the CPU emulator's public headers): always fair to name. Only
# these: the emulator's sources and tests (its checks, its own harness) are the kit's like any other.
CUDA_SURFACE = (os.path.join("common", "emulator", "cuda_shim.h"), os.path.join("common", "emulator", "emu_launch.h"),
                os.path.join("common", "emulator", "include"))
# Words that look like calls in an initialiser but run nothing at run time.
NOT_CALLS = set("""sizeof alignof _Alignof __alignof__ decltype noexcept int unsigned signed float double char
    short long bool void""".split())
CALL = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\s*\(|[)\]}>]\s*\(|\bnew\b")
CASTS = re.compile(r"\b(?:static|reinterpret|const)_cast\s*<[^<>;]*>")
LITERAL = re.compile(r"^\s*(?:[0-9.]|''|\"\"|[-+!~&])")


def calls_in(text):
    """The first call (or new) in an initialiser's text, or None."""
    for m in CALL.finditer(CASTS.sub("cast", text)):
        if m.group(1) is None or m.group(1) not in NOT_CALLS:
            return m.group(0).strip()
    return None


def split_top(text, sep):
    """text split at sep where no bracket is open."""
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == sep and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    return parts + [text[start:]]


def declaration_problem(stmt):
    """Why a declaration at namespace or class scope may run code before main (a dynamic
    initialiser), or None. stmt: its text, class bodies collapsed to {}."""
    s = re.sub(r"^\s*(?:(?:public|private|protected)\s*:\s*)+", "", stmt).strip()
    if not s or re.match(r"(?:typedef|using|template|static_assert|_Static_assert|friend|namespace)\b", s):
        return None
    eq = re.search(r"(?<![=!<>+\-*/%&|^])=(?!=)", s)
    if eq and "(" not in s[:eq.start()].replace("(*", "").replace("( *", ""):
        call = calls_in(s[eq.end():])
        return (f"a variable outside any function is initialised by a call ('{call}'): that code would run "
                "before main (set it in your function, or to a constant)") if call else None
    if eq:   # default arguments of a prototype: compile-time, but name no call either
        call = calls_in(s[eq.end():])
        return (f"a declaration outside any function calls '{call}' (code that would run before main)"
                if call else None)
    brace = re.search(r"\{(.+)\}", s)
    if brace and re.search(r"[A-Za-z_]", re.sub(r"\b(?:true|false|nullptr)\b", "", brace.group(1))):
        return ("a variable outside any function is initialised by {...} naming something (code that could run "
                "before main): write = CONSTANT, or set it in your function")
    m = re.search(r"\(([^()]*(?:\([^()]*\)[^()]*)*)\)\s*(?:const\s*)?$", s)
    if m and not re.search(r"\boperator\b", s):
        for item in split_top(m.group(1), ","):
            item = item.strip()
            if item in ("", "void", "...") or item in C_KEYWORDS:
                continue
            if LITERAL.match(item) or re.fullmatch(r"[A-Za-z_][\w:]*", item) or calls_in(item):
                return (f"a variable outside any function is initialised by ({item}) (code that could run before "
                        "main), or a function's parameter has no name (name every parameter)")
    return None


def scope_problems(code, is_stub_line):
    """Problems of the declarations at namespace and class scope of code (a cleaned text without
    directives, digraphs replaced): constructors, and dynamic initialisers. is_stub_line(n) says
    whether line n (from 0) is one of the stub's own, whose statements are the kit's business."""
    found = []
    # (kind, statement parts, statement start offset, class name) per open brace; 'ns' and
    # 'class' are declaration scopes (their statements are checked), 'body' and 'init' are not
    stack = [["ns", [], 0, None]]
    start = 0
    pos = 0
    for m in re.finditer(r"[{};]", code):
        c, i = m.group(0), m.start()
        top = stack[-1]
        declaring = top[0] in ("ns", "class")
        if c == ";":
            if declaring:
                text = "".join(top[1]) + code[start:i]
                problem = declaration_problem(text)
                lines = range(code.count("\n", 0, top[2]), code.count("\n", 0, i) + 1)
                if problem and not all(is_stub_line(n) for n in lines):
                    found.append(problem)
                top[1], top[2], start = [], i + 1, i + 1
            continue
        if c == "{":
            if not declaring:
                stack.append(["inner", [], i + 1, None])
                continue
            head = "".join(top[1]) + code[start:i]
            last = re.split(r"[;{}]", head)[-1]
            klass = re.search(r"\b(?:struct|class|union|enum(?:\s+(?:class|struct))?)\b\s*([A-Za-z_]\w*)?[^;{}()=]*$", last)
            if re.search(r"\bnamespace\b[^;{}()=]*$", last) or re.fullmatch(r'\s*extern\s*""\s*', last):
                stack.append(["ns", [], i + 1, None])
                top[1], top[2] = [], i + 1
                start = i + 1
            elif klass and not re.search(r"(?<![=!<>])=(?!=)", last):
                name = klass.group(1)
                top[1] = [head, "{}"]
                stack.append(["class", [], i + 1, name])
                start = i + 1
            elif (not re.search(r"(?<![=!<>+\-*/%&|^])=(?!=)", last)
                  and re.search(r"(?:\)|->[\w\s:<>*&,]+)\s*(?:const|noexcept|override|final|volatile|&|\s)*$", last)):
                if top[0] == "class" and top[3] and re.search(r"(?<![\w:.])~?" + re.escape(top[3]) + r"\s*\(", last):
                    if not all(is_stub_line(n) for n in range(code.count("\n", 0, top[2]), code.count("\n", 0, i) + 1)):
                        found.append(f"it gives {top[3]} a constructor or destructor (code that runs when an "
                                     "object is made, before main for a global one): use a plain struct")
                stack.append(["body", [], i + 1, None])
                top[1] = [head]
                start = i + 1
            else:
                stack.append(["init", [], i + 1, None])
                top[1] = [head]
                start = i + 1
            continue
        # '}'
        if len(stack) == 1:
            break   # unbalanced: reported by the bracket check
        closed = stack.pop()
        outer = stack[-1]
        if closed[0] in ("ns", "class"):
            rest = "".join(closed[1]) + code[start:i]
            problem = declaration_problem(rest) if closed[0] == "class" else None
            if problem and not all(is_stub_line(n) for n in range(code.count("\n", 0, closed[2]), code.count("\n", 0, i) + 1)):
                found.append(problem)
            if closed[0] == "ns":
                outer[1], outer[2] = [], i + 1
            start = i + 1
        elif closed[0] == "body":
            if outer[0] in ("ns", "class"):
                outer[1], outer[2] = [], i + 1   # a function definition ends with its body
            start = i + 1
        elif closed[0] == "init":
            if outer[0] in ("ns", "class"):
                outer[1].append("{" + code[closed[2]:i] + "}")
            start = i + 1
        # 'inner': part of a body or an initialiser, nothing to do
    return found


def cuda_namespaces(clean):
    """The text of a cleaned file's `namespace cooperative_groups { ... }` blocks."""
    found = []
    for m in re.finditer(r"\bnamespace\s+cooperative_groups\s*\{", clean):
        depth, i = 1, m.end()
        while i < len(clean) and depth:
            depth += {"{": 1, "}": -1}.get(clean[i], 0)
            i += 1
        found.append(clean[m.end():i])
    return "\n".join(found)


class SourceFirewall:
    """What a submitted file of the kit may contain (see above); built from the kit's files."""

    def __init__(self, kit, chapter, submitted):
        self.kit, self.chapter = kit, chapter
        self.dirs = [chapter, os.path.join(chapter, "lib"), os.path.join(chapter, "gpu"), "common",
                     os.path.join("common", "lib"), os.path.join("common", "gpu"),
                     os.path.join("common", "emulator", "include"), os.path.join("common", "emulator")]
        self.cache = {}
        self.defined = set()
        for part in ("common", chapter):
            for top, dirs, files in walk_tree(os.path.join(kit, part)):
                for name in files:
                    rel = os.path.relpath(os.path.join(top, name), kit)
                    if rel.endswith(SOURCE_SUFFIXES) and rel not in submitted:
                        clean = self.clean_of(rel)
                        for pattern in FILE_SCOPE:
                            self.defined.update(pattern.findall(clean))
        self.defined -= C_KEYWORDS
        # CUDA's own API that a chapter's emulation gives a CPU meaning beside the emulator's headers
        # (ch03's grid_tree_emu.cpp: cooperative_groups::this_grid): fair to name, like the headers.
        for part in ("common", chapter):
            for top, dirs, files in walk_tree(os.path.join(kit, part)):
                for name in files:
                    rel = os.path.relpath(os.path.join(top, name), kit)
                    if rel.endswith(SOURCE_SUFFIXES) and rel not in submitted:
                        self.defined -= set(re.findall(r"[A-Za-z_]\w*", cuda_namespaces(self.clean_of(rel))))
        for surface in CUDA_SURFACE:
            found = [surface] if os.path.isfile(os.path.join(kit, surface)) else \
                [os.path.relpath(os.path.join(top, name), kit)
                 for top, dirs, files in walk_tree(os.path.join(kit, surface)) for name in files]
            for rel in found:
                self.defined -= set(re.findall(r"[A-Za-z_]\w*", self.clean_of(rel)))

    def clean_of(self, rel):
        return self.read(rel)[0]

    def read(self, rel):
        """(cleaned text, raw text) of a kit file; empty when it cannot be read."""
        if rel not in self.cache:
            try:
                with open(os.path.join(self.kit, rel), encoding="utf-8", errors="replace") as f:
                    raw = f.read()
                self.cache[rel] = (c_clean(raw)[0], raw)
            except OSError:
                self.cache[rel] = ("", "")
        return self.cache[rel]

    def resolve(self, name, beside):
        for folder in [os.path.dirname(beside)] + self.dirs:
            rel = os.path.normpath(os.path.join(folder, name))
            if os.path.isfile(os.path.join(self.kit, rel)):
                return rel
        return None

    def allowed(self, rel):
        """Every identifier the stub of rel and the kit headers it includes (transitively) name."""
        names, todo, seen = set(), [rel], set()
        while todo:
            r = todo.pop()
            if r in seen:
                continue
            seen.add(r)
            clean, raw = self.read(r)
            names.update(re.findall(r"[A-Za-z_]\w*", clean))
            # the include's name is read from the raw text: the cleaned one has its strings emptied
            todo += [x for x in (self.resolve(i, r) for i in include_names(raw)) if x]
        return names

    def problems(self, rel, data):
        """Why the submitted data of rel cannot be compiled into the kit's units ([] when it can)."""
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return ["it is not UTF-8 text"]
        clean, problem = c_clean(text)
        if problem:
            return [problem]
        stub = self.clean_of(rel)
        mine = [d for d in c_directives(clean) if not EXTRA_DIRECTIVES.match(d)]
        theirs = [d for d in c_directives(stub) if not EXTRA_DIRECTIVES.match(d)]
        found = []
        if mine != theirs:
            extra = [d for d in mine if d not in theirs]
            found.append("its preprocessor lines differ from the kit's (" +
                         (f"'{extra[0]}'" if extra else "one of the kit's is missing or moved") +
                         "): keep exactly the kit's #include, #ifndef/#define/#endif lines and write no "
                         "others (constants: enum or static const; only #pragma unroll may be added)")
        code = c_code(clean)
        words = set(re.findall(r"[A-Za-z_]\w*", code))
        # A line with a banned word or a template specialization passes only as one of the stub's
        # own lines (the kit's code around the regions may have them; the student's may not).
        stub_lines = {" ".join(line.split()) for line in c_code(stub).split("\n")}
        for line in code.split("\n"):
            if " ".join(line.split()) in stub_lines:
                continue
            banned = sorted(set(re.findall(r"[A-Za-z_]\w*", line)) & set(BANNED_WORDS))
            if banned:
                found.append(f"it uses '{banned[0]}', which a submitted file may not (no _Pragma, asm, "
                             "attributes, symbol aliases, constructors, operator overloads, dlopen or dlsym)")
                break
            if re.search(r"\btemplate\s*<\s*>", line):
                found.append("it specializes a template (template <>), which a submitted file may not")
                break
            if re.search(r"(?:\[|<:)\s*(?:\[|<:)", line):
                found.append("it uses an attribute ([[...]]), which a submitted file may not")
                break
        balanced = code
        for digraph, plain in DIGRAPHS:
            balanced = balanced.replace(digraph, plain)
        depth = {"(": 0, "[": 0, "{": 0}
        closing = {")": "(", "]": "[", "}": "{"}
        for c in balanced:
            if c in depth:
                depth[c] += 1
            elif c in closing:
                depth[closing[c]] -= 1
                if depth[closing[c]] < 0:
                    break
        if any(depth.values()):
            found.append("its brackets ( ) [ ] { } do not balance")
        else:
            code_lines = code.split("\n")
            found += scope_problems(balanced, lambda n: n < len(code_lines) and (
                not code_lines[n].strip() or " ".join(code_lines[n].split()) in stub_lines))[:1]
        reach = sorted((words & self.defined) - self.allowed(rel))
        if reach:
            found.append("it names " + ", ".join(f"'{w}'" for w in reach[:5]) + ", defined by the kit "
                         "outside this file and the headers it includes (the tests' or the reference's "
                         "own code): rename your own, and call only what the file's headers declare")
        return found


# --- the work tree ------------------------------------------------------------------
KIT_PARTS = ("Makefile", "Makefile.companion", "common", "tools", "assignments")


def kit_files(kit, chapter):
    """Relative paths of the kit files a build needs (never build/, results, hidden tests)."""
    found = []
    for part in KIT_PARTS + (chapter,):
        path = os.path.join(kit, part)
        if os.path.isfile(path):
            found.append(part)
        for top, dirs, files in walk_tree(path):
            dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
            for name in sorted(files):
                rel = os.path.relpath(os.path.join(top, name), kit)
                if (not name.endswith((".pyc", ".hidden")) and not rel.startswith(os.path.join("assignments", "hidden"))
                        and not os.path.islink(os.path.join(top, name))):
                    found.append(rel)
    return found


def same_file(a, b):
    try:
        if os.path.getsize(a) != os.path.getsize(b):
            return False
        with open(a, "rb") as f, open(b, "rb") as g:
            return f.read() == g.read()
    except OSError:
        return False


def put(src_path, dest, data=None):
    """Writes dest from src_path (or data) when its content differs; a new file gets a new
    mtime, so make rebuilds what depends on it. Returns True when written."""
    if data is None and same_file(src_path, dest):
        return False
    if data is not None and os.path.isfile(dest):
        with open(dest, "rb") as f:
            if f.read() == data:
                return False
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    if os.path.lexists(dest):
        os.remove(dest)
    if data is None:
        shutil.copyfile(src_path, dest)
        shutil.copymode(src_path, dest)
    else:
        with open(dest, "wb") as f:
            f.write(data)
    return True


def submitted_files(kit, chapter):
    return [w for _, w in list_lines(os.path.join(kit, "assignments", f"{chapter}.submit"))]


def find_submitted(submission, wanted):
    """The submission's file for `wanted` (by path, else by name anywhere), or None."""
    base = os.path.basename(wanted)
    candidates = [os.path.join(submission, wanted), os.path.join(submission, base)]
    for top, dirs, files in walk_tree(submission):
        if base in files:
            candidates.append(os.path.join(top, base))
    return next((c for c in candidates if os.path.lexists(c)), None)


def inside(path, folder):
    """True when path, its links and linked folders resolved, lies inside folder: a
    submitted folder that is a link (to another student's submission, to the hidden tests)
    leads nowhere."""
    real, top = os.path.realpath(path), os.path.realpath(folder)
    return os.path.commonpath([real, top]) == top


def prepare_tree(kit, chapter, submission, work, sandbox, check_sources=True):
    """Brings the work tree to the kit plus the submitted files; returns notes for the output.
    A submitted source that SourceFirewall refuses is not copied: its stub is graded."""
    notes, firewall = [], None
    wanted = submitted_files(kit, chapter) if submission else []   # (the repository has no .submit)
    files = set(kit_files(kit, chapter))
    data = {}
    for rel in wanted:
        found = find_submitted(submission, rel) if submission else os.path.join(kit, rel)
        if submission is None:
            continue   # grading the kit as it stands: its own files
        if found is None:
            notes.append(f"{rel} was not submitted: the kit's stub is graded instead.")
        elif (os.path.islink(found) or not os.path.isfile(found) or not inside(found, submission)
              or os.stat(found).st_nlink > 1):   # a hard link: the same file as one elsewhere
            notes.append(f"{rel}: the submitted {os.path.relpath(found, submission)} is not a regular "
                         "file of the submission (a link, a hard link, or in a linked folder?): the kit's "
                         "stub is graded instead.")
        elif os.path.getsize(found) > MAX_SUBMITTED_BYTES:
            notes.append(f"{rel}: the submitted file is larger than {MAX_SUBMITTED_BYTES} bytes: "
                         "the kit's stub is graded instead.")
        else:
            with open(found, "rb") as f:
                content = f.read()
            if check_sources and rel.endswith(SOURCE_SUFFIXES):
                if firewall is None:
                    firewall = SourceFirewall(kit, chapter, set(wanted))
                refused = firewall.problems(rel, content)
                if refused:
                    notes.append(f"{rel}: the submitted file cannot be graded: " + "; ".join(refused) +
                                 ". The kit's stub is graded instead.")
                    continue
            data[rel] = content
    # Anything in the work tree that is not a kit file (left by an earlier run) goes.
    for part in KIT_PARTS + (chapter,):
        path = os.path.join(work, part)
        for top, dirs, names in walk_tree(path):
            for name in names:
                rel = os.path.relpath(os.path.join(top, name), work)
                if rel not in files:
                    os.remove(os.path.join(top, name))
    for rel in sorted(files):
        dest = os.path.join(work, rel)
        put(os.path.join(kit, rel), dest, data.get(rel))
        if rel.endswith(".sh"):   # archives unpacked by tools that drop the mode bits
            os.chmod(dest, os.stat(dest).st_mode | 0o755)
    for rel in sorted(set(data) - files):
        put(None, os.path.join(work, rel), data[rel])
    if sandbox.uid is not None:
        # root owns the tree, the student's user may only read it; the build folders are its own.
        for top, dirs, names in walk_tree(work):
            for name in [top] + [os.path.join(top, n) for n in names]:
                if os.path.relpath(name, work).split(os.sep)[0] in CPU_BUILDS:
                    continue
                os.lchown(name, 0, 0)
                mode = os.lstat(name).st_mode & 0o777
                os.chmod(name, (mode | 0o444 | (0o111 if mode & 0o100 or os.path.isdir(name) else 0)) & ~0o022)
    return notes


# --- building -------------------------------------------------------------------------
def make(work, args, timeout, sandbox, outdir, jobs, memory=None):
    home = os.path.join(work, "build", "tmp")
    if not os.path.isdir(home):
        sandbox.own(home)
    env = clean_env({"HOME": home, "TMPDIR": home})
    status, out, err, _ = run(["make", f"-j{jobs}", "--no-print-directory"] + args, work, timeout,
                              sandbox, env, outdir, memory=memory)
    log = (out + err).decode("utf-8", "replace")
    return status, log


def programs_of(work, chapter, sandbox, outdir):
    status, log = make(work, ["-s", "asg-programs", f"CH={chapter}", "NVCC="], 120, sandbox, outdir, 1,
                       MAX_MEMORY_BYTES)
    progs = [p for p in log.split() if p.startswith(chapter + "/")]
    if status != 0 or not progs:
        raise ListError(f"the kit's Makefile lists no programs of {chapter}: {log.strip()[-500:]}")
    return progs


def build(work, chapter, build_dir, nvcc, jobs, deadline, sandbox, outdir, make_vars, guard=BUILD_GUARD):
    """{program: (ok, messages)}: all programs with make -k, then each failed one alone, for
    its own messages. Warnings do not fail (GRADE_NO_WERROR). The build without nvcc runs
    under the CPU tests' memory limit (a compiler fed a template bomb stops there); nvcc's does not."""
    memory = None if nvcc else MAX_MEMORY_BYTES
    sandbox.own(os.path.join(work, build_dir))
    progs = programs_of(work, chapter, sandbox, outdir)
    common = [f"BUILD={build_dir}", f"NVCC={nvcc}", "GRADE_NO_WERROR=1", f"CH={chapter}"] + list(make_vars)
    status, log = make(work, ["-k"] + common + [f"{build_dir}/{p}" for p in progs],
                       max(10, min(guard, deadline - time.time())), sandbox, outdir, jobs, memory)
    results = {}
    for p in progs:
        if os.path.isfile(os.path.join(work, build_dir, p)) and status is not None:
            results[p] = (True, warnings_of(log, p))
        elif status is None:
            results[p] = (False, "the build did not finish (stopped by its hang guard or the budget)")
        else:
            s, own = make(work, common + [f"{build_dir}/{p}"], max(10, min(guard, deadline - time.time())),
                          sandbox, outdir, 1, memory)
            if s == 0 and os.path.isfile(os.path.join(work, build_dir, p)):   # built alone after all
                results[p] = (True, warnings_of(own, p))
            else:
                results[p] = (False, compiler_messages(own))
    return results, log


def warnings_of(log, program):
    return "\n".join(line for line in log.splitlines() if "warning" in line.lower())[:BUILD_LOG_LIMIT]


def compiler_messages(log):
    """The lines a student needs first: errors with their context, then the tail."""
    lines = log.splitlines()
    keep = [i for i, line in enumerate(lines) if re.search(r"\berror\b|Error \d|undefined reference", line)]
    picked = []
    for i in keep[:30]:
        for j in range(max(0, i - 1), min(len(lines), i + 4)):
            if j not in picked:
                picked.append(j)
    head = "\n".join(lines[j] for j in picked)
    text = (head + "\n\n--- end of the build log ---\n" if head else "") + "\n".join(lines[-30:])
    return text[-BUILD_LOG_LIMIT:]


# --- one test ---------------------------------------------------------------------------
def needs_shell(command):
    """True when command means something to a shell beyond words and quotes: an operator, a
    redirection or an expansion outside quotes, or $ ` \\ inside double quotes. ("span =
    ceil(log2 N)" in quotes is one word: such a test is still judged by the checker.)"""
    quote = None
    for c in command:
        if quote == "'":
            quote = None if c == "'" else quote
        elif quote == '"':
            if c == '"':
                quote = None
            elif c in "$`\\":
                return True
        elif c in "'\"":
            quote = c
        elif c in SHELL_CHARS - {"="}:
            return True
    return quote is not None


def parse_command(command):
    """(form, argv, extra): 'golden' (extra: the golden path), 'exit' (extra: (code, text)),
    'plain' (exit 0 passes) or 'script' (run by sh, its exit status decides)."""
    if needs_shell(command):
        return "script", ["/bin/sh", "-c", command], None
    try:
        words = shlex.split(command)
    except ValueError:
        return "script", ["/bin/sh", "-c", command], None
    if words[0] == "tools/expect_output.sh" and len(words) > 3 and words[2] == "--":
        return "golden", words[3:], words[1]
    if words[0] == "tools/expect_exit.sh" and len(words) > 2 and words[1].isdigit():
        rest, text = words[2:], ""
        if rest and rest[0] != "--":
            text, rest = rest[0], rest[1:]
        if rest and rest[0] == "--" and len(rest) > 1:
            return "exit", rest[1:], (int(words[1]), text)
    if words[0].startswith("build/"):
        return "plain", words, None
    return "script", ["/bin/sh", "-c", command], None


def program_of(argv):
    for w in argv:
        if w.startswith("build/"):
            return w[len("build/"):]
    return None


def judge(form, extra, status, out, golden):
    """(passed, why) for a finished run; decided here, not by the student's tree."""
    if status is None:
        return False, "timeout"
    if len(out) > OUTPUT_READ_LIMIT:
        return False, f"output larger than {OUTPUT_READ_LIMIT >> 20} MiB"
    if status == 77:
        return False, "skipped (exit 77)"
    if status < 0:
        return False, f"crashed (signal {-status})"
    if form == "golden":
        if status != 0:
            return False, f"exit {status}"
        if golden is None:
            return False, "golden file missing from the kit"
        return (out == golden), ("passed" if out == golden else "output differs from the golden file")
    if form == "exit":
        code, text = extra
        if status != code:
            return False, f"exit {status}, expected {code}"
        return (not text or text.encode() in out), ("passed" if not text or text.encode() in out
                                                   else f"output lacks '{text}'")
    return status == 0, ("passed" if status == 0 else f"exit {status}")


def verdict_check(text, status, out):
    """(passed, why): every 'self-check:' line naming text ends in confirmed, and one does."""
    if status is None:
        return False, "timeout"
    if len(out) > OUTPUT_READ_LIMIT:
        return False, f"output larger than {OUTPUT_READ_LIMIT >> 20} MiB"
    if status not in (0, 1):
        return False, f"exit {status}" if status >= 0 else f"crashed (signal {-status})"
    lines = [line for line in out.decode("utf-8", "replace").splitlines()
             if line.startswith("self-check:") and text in line]
    if not lines:
        return False, f"no self-check line about '{text}'"
    bad = [line for line in lines if not line.rstrip().endswith("confirmed")]
    return (not bad), ("passed" if not bad else bad[0])


def hidden_reason(why):
    """What a hidden test's result may say: the kind of failure, not the exit status or signal
    number, which the submitted program chooses and could fill with what it saw."""
    for start, say in (("timeout", "out of time"), ("crashed", "crashed"), ("exit", "the exit status is wrong"),
                       ("skipped", "the exit status is wrong"), ("output", why), ("no self-check", why),
                       ("golden", why)):
        if why.startswith(start):
            return say
    return "failed"


def walk_all(folder):
    """Every file and folder under folder (relative paths), hidden ones included."""
    found = []
    for top, dirs, files in walk_tree(folder):
        for name in dirs + files:
            found.append(os.path.relpath(os.path.join(top, name), folder))
    return sorted(found)


def show(out, err, limit=OUTPUT_LIMIT):
    text = out.decode("utf-8", "replace")
    if err:
        text += "\n--- stderr ---\n" + err.decode("utf-8", "replace")
    text = text.rstrip("\n")
    return text if len(text) <= limit else "[... output shortened ...]\n" + text[-limit:]


def golden_diff(golden, out, lines=12):
    a = golden[:1 << 20].decode("utf-8", "replace").splitlines()[:5000]
    b = out[:1 << 20].decode("utf-8", "replace").splitlines()[:5000]
    return "\n".join(list(difflib.unified_diff(a, b, "expected", "yours", lineterm=""))[:lines])


# --- the emulator's findings, as feedback -------------------------------------------------
# The CPU emulator (common/emulator/) stops a kernel at the first race, out-of-bounds access,
# uninitialised shared read or barrier that not every thread reaches, with one line on stderr
# naming threads and source lines. The checker turns each into one line a student can act on.
EMU_REPORT = re.compile(r"^error: block \((\d+),(\d+),(\d+)\): (.*)$", re.M)
EMU_FINDINGS = (
    # common/emulator/emu_check.cpp's report_race: shared or global memory, each side a plain
    # read or write or an atomic update ("updated it with atomicAdd"); kind "race" is refined below
    ("race", re.compile(r"(?P<space>shared|global)-memory race on byte (?P<byte>\d+) of (?P<name>.+?): thread "
                        r"(?P<a>\d+) (?P<a_did>wrote|read|updated) it(?: with (?P<a_op>\w+))? at (?P<a_at>\S+), "
                        r"thread (?P<b>\d+) (?P<b_does>writes|reads|updates) it(?: with (?P<b_op>\w+))? at "
                        r"(?P<b_at>\S+), with no (?P<sync>.+?) between")),
    ("uninitialised shared read", re.compile(r"thread (?P<a>\d+) reads byte (?P<byte>\d+) of (?P<name>.+?) at "
                                             r"(?P<a_at>\S+), which no thread of this block had written")),
    ("out-of-bounds access", re.compile(r"thread (?P<a>\d+) (?P<does>writes|reads) (?P<size>\d+) bytes at byte "
                                        r"(?P<at>-?\d+) of (?P<name>.+?) \(a buffer of (?P<bytes>\d+) bytes\) at "
                                        r"(?P<a_at>\S+): out of bounds, (?P<side>before its start|past its end)")),
    ("barrier", re.compile(r"__syncthreads\(\) at (?P<a_at>\S+) reached by (?P<got>\d+) of (?P<all>\d+) threads")),
    ("barrier", re.compile(r"threads wait at different __syncthreads\(\): thread (?P<a>\d+) at (?P<a_at>\S+), "
                           r"thread (?P<b>\d+) at (?P<b_at>\S+)")),
)
FINDINGS_SHOWN = 5   # feedback lines per item, at most


def shared_name(name):
    """'x in f' for the emulator's 'f(int const*, int*)::x'; the name itself otherwise."""
    if "::" in name:
        function, variable = name.rsplit("::", 1)
        # the function's own name: no parameters, no namespace (the emulation's `emulated::`)
        return f"{variable} in {function.split('(')[0].split()[-1].split('::')[-1]}"
    return name


def emulator_findings(err, submitted=(), hidden=False):
    """One feedback line per report of the emulator in a run's stderr (each kind once for a
    hidden run: its threads, blocks and lines could tell its input, so only the kind is said)."""
    lines, kinds = [], []
    for m in EMU_REPORT.finditer(err.decode("utf-8", "replace")):
        x, y, z, text = m.groups()
        block = f"block {x}" if (y, z) == ("0", "0") else f"block ({x},{y},{z})"
        kind, f = "finding", None
        for kind, pattern in EMU_FINDINGS:
            f = pattern.search(text)
            if f:
                break
        if not f:
            kind = "finding"
        elif kind == "race" and (f.group("a_op") or f.group("b_op")):
            kind = "race with an atomic"
        elif kind == "race" and f.group("space") == "global":
            kind = "global-memory race"
        if kind in kinds and hidden:
            continue
        kinds.append(kind)
        if hidden:
            lines.append(f"a hidden run found a{'n' if kind[0] in 'aeiou' else ''} {kind} in your kernel "
                         "(where is not shown: the public emulated tests show it)")
            continue
        g = f.groupdict() if f else {}
        own = any(g.get("a_at", "").split(":")[0] == s or g.get("b_at", "").split(":")[0] == s
                  for s in submitted)
        where = "in your kernel" if own else "in a kernel"
        if kind == "race":
            lines.append(f"race {where}: threads {g['a']} and {g['b']} of {block} touch shared "
                         f"{shared_name(g['name'])} (byte {g['byte']}) between two barriers ({g['a_at']} "
                         f"{'write' if g['a_did'] == 'wrote' else 'read'}, {g['b_at']} "
                         f"{'write' if g['b_does'] == 'writes' else 'read'}): add a {g['sync']} between them")
        elif kind == "global-memory race":
            lines.append(f"global-memory race {where}: threads {g['a']} and {g['b']} of {block} touch byte "
                         f"{g['byte']} of {g['name']} between two barriers ({g['a_at']} "
                         f"{'write' if g['a_did'] == 'wrote' else 'read'}, {g['b_at']} "
                         f"{'write' if g['b_does'] == 'writes' else 'read'}): one thread writes what another reads "
                         f"or writes; add a {g['sync']} between them, or give each thread elements of its own")
        elif kind == "race with an atomic":
            # one side is the atomic update, the other a plain read or write of the same bytes
            atomic_first = bool(g["a_op"])
            op = g["a_op"] or g["b_op"]
            t_atomic, at_atomic = (g["a"], g["a_at"]) if atomic_first else (g["b"], g["b_at"])
            t_plain, at_plain = (g["b"], g["b_at"]) if atomic_first else (g["a"], g["a_at"])
            plain = "read" if (g["b_does"] if atomic_first else g["a_did"]).startswith("read") else "write"
            name = shared_name(g["name"]) if g["space"] == "shared" else g["name"]
            lines.append(f"race with {op} {where}: thread {t_atomic} of {block} updates {g['space']} {name} "
                         f"(byte {g['byte']}) with {op} at {at_atomic}, thread {t_plain} does a plain {plain} of it "
                         f"at {at_plain}, with no {g['sync']} between: {op} is indivisible only against other "
                         f"atomics; put a {g['sync']} between the plain {plain} and the {op} calls")
        elif kind == "uninitialised shared read":
            lines.append(f"uninitialised shared read {where}: thread {g['a']} of {block} reads shared "
                         f"{shared_name(g['name'])} (byte {g['byte']}) at {g['a_at']} before any thread of its "
                         "block wrote it: write it first, and __syncthreads() before other threads read it")
        elif kind == "out-of-bounds access":
            lines.append(f"out-of-bounds access {where}: thread {g['a']} of {block} {g['does']} {g['size']} bytes "
                         f"at byte {g['at']} of {g['name']} (a buffer of {g['bytes']} bytes, {g['side']}) at "
                         f"{g['a_at']}: check the index against the size before the access")
        elif kind == "barrier" and "got" in g:
            lines.append(f"barrier {where}: __syncthreads() at {g['a_at']} is reached by {g['got']} of {g['all']} "
                         f"threads of {block}: every thread of the block must reach it (move it out of the branch)")
        elif kind == "barrier":
            lines.append(f"barrier {where}: threads {g['a']} and {g['b']} of {block} wait at different "
                         f"__syncthreads() ({g['a_at']}, {g['b_at']}): every thread must reach the same one")
        else:
            lines.append(f"the emulator stopped a kernel in {block}: {text[:300]}")
    unique = []   # the same finding in two launches is one line
    for line in lines:
        if line not in unique:
            unique.append(line)
    return unique[:FINDINGS_SHOWN]


# --- the checker: judging, in a process of its own ---------------------------------------
JUDGE_TIMEOUT = 300.0   # seconds the checker may take to judge one run (times the slowdown)
PR_SET_DUMPABLE = 4     # prctl: 0, no ptrace and no /proc/PID/mem, fd, environ for its own user


def read_line(fd, timeout):
    """One line (bytes, without the newline) from fd within timeout seconds (None: no limit);
    None when the writer is gone or too slow."""
    data, end = b"", None if timeout is None else time.time() + timeout
    while not data.endswith(b"\n"):
        left = None if end is None else end - time.time()
        if left is not None and (left <= 0 or not select.select([fd], [], [], left)[0]):
            return None
        chunk = os.read(fd, 1 << 16)
        if not chunk:
            return None
        data += chunk
    return data[:-1]


class Checker:
    """The judge. Forked from the grader before any student code runs, it reads the reference
    outputs itself (the kit's goldens, the hidden tests' and variants' outputs that the
    reference computed when the autograder was made) and keeps them in its own memory; then,
    as root, it becomes a user other than the student's (GRADE_JUDGE_USER, else `judge`, else
    it stays root), non-dumpable. Each test's stdout and stderr go to files in its own folder
    (0700, its user's), which the student's process writes only through the descriptors it was
    given and cannot open by name. For each run the grader hands it the run's status and the
    files' names; the checker reads them and answers every verdict of that run. The grader
    scores what it answers, nothing else: a checker that is gone or silent fails the run."""

    def __init__(self, grader, user=None):
        self.grader = grader
        self.pid = None
        self.lock = threading.Lock()
        self.uid, self.gid, self.user = os.geteuid(), os.getegid(), None
        student = grader.sandbox.uid
        if os.geteuid() == 0:
            import pwd
            names = [user] if user else [os.environ.get("GRADE_JUDGE_USER"), "judge"]
            for name in [n for n in names if n]:
                try:
                    p = pwd.getpwnam(name)
                except KeyError:
                    if user:
                        raise ListError(f"no user '{name}' to run the checker as")
                    continue
                self.uid, self.gid, self.user = p.pw_uid, p.pw_gid, name
                break
            if student is not None and self.uid == student:
                raise ListError(f"the checker's user ({self.user}) is the student's: choose another "
                                "(--judge-user, GRADE_JUDGE_USER)")
        if self.user is None:
            import pwd
            try:
                self.user = pwd.getpwuid(self.uid).pw_name
            except KeyError:
                self.user = str(self.uid)
        self.owner = (self.uid, self.gid) if self.uid != os.geteuid() else None
        self.folder = tempfile.mkdtemp(prefix="grade-judge-")
        self.runs = os.path.join(self.folder, "runs")
        os.mkdir(self.runs, 0o700)
        if self.owner:
            for path in (self.folder, self.runs):
                os.chown(path, *self.owner)

    def start(self):
        from_grader, to_checker = os.pipe()   # (read end, write end)
        from_checker, to_grader = os.pipe()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                os.close(to_checker)
                os.close(from_checker)
                code = self.serve(from_grader, to_grader)
            except BaseException as e:   # said on the grader's stderr (the instructor's log)
                try:
                    os.write(2, f"error: the checker stopped: {e!r}\n".encode())
                except OSError:
                    pass
            os._exit(code)
        os.close(from_grader)
        os.close(to_grader)
        self.pid, self.to, self.fro = pid, to_checker, from_checker
        ready = read_line(self.fro, JUDGE_TIMEOUT)
        if ready != b"ready":
            raise ListError("the checker did not start")

    def serve(self, fd_in, fd_out):
        """The checker's own process: load the references, drop to its user, judge runs."""
        g = self.grader
        for s in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(s, signal.SIG_DFL)
        null = os.open(os.devnull, os.O_RDWR)
        os.dup2(null, 0)
        low, high = sorted((fd_in, fd_out))
        os.closerange(3, low)   # nothing of the grader's but the two pipes
        os.closerange(low + 1, high)
        os.closerange(high + 1, 65536)
        g.read_goldens()   # the references, read by the checker itself, before any student code runs
        self.submitted = set(submitted_files(g.kit, g.chapter)) if g.submission else set()
        try:   # everything it will use is loaded now: its user may not read the grader's Python
            import ctypes
            libc = ctypes.CDLL(None, use_errno=True)
        except (OSError, AttributeError, ImportError):
            libc = None
        if os.geteuid() == 0:
            try:
                fd = os.open("/proc/self/oom_score_adj", os.O_WRONLY)
                os.write(fd, b"-500")   # the student's processes go first (1000)
                os.close(fd)
            except OSError:
                pass
            if self.uid != 0:
                os.setgroups([])
                os.setgid(self.gid)
                os.setuid(self.uid)
        if libc is not None:
            libc.prctl(PR_SET_DUMPABLE, 0, 0, 0, 0)
        os.write(fd_out, b"ready\n")
        while True:
            line = read_line(fd_in, None)
            if line is None:
                return 0
            try:
                ask = json.loads(line.decode("utf-8"))
                answer = self.decide(ask)
            except Exception as e:   # a run it cannot judge fails, with the reason
                answer = {"verdicts": {}, "findings": [], "error": str(e)[:300]}
            data = json.dumps(answer).encode("utf-8") + b"\n"
            while data:
                data = data[os.write(fd_out, data):]

    def decide(self, ask):
        """Every verdict of one run: {item or variant name: [passed, why, diff]}, and the
        emulator's findings in it as feedback lines."""
        g = self.grader
        t = g.by_name.get(ask["test"]) or next(v for v in g.variants.values() if v["name"] == ask["test"])
        for path in (ask["out"], ask["err"]):
            if os.path.dirname(os.path.abspath(path)) != self.runs:
                raise ValueError(f"{path} is not a run of the checker's folder")
        out, err = read_capped(ask["out"], OUTPUT_READ_LIMIT), read_capped(ask["err"], OUTPUT_READ_LIMIT)
        status = ask["status"]
        hidden = bool(t.get("hidden"))
        findings = emulator_findings(err, self.submitted, hidden)
        form, _, extra = parse_command(t["command"])
        verdicts = {}
        if t.get("variant_of"):
            verdicts[t["name"]] = list(self.variant_decision(t, status, out)) + [""]
        else:
            for item in [i for i in g.items if i.test == t["name"]]:
                diff = ""
                if len(err) > OUTPUT_READ_LIMIT:
                    passed, why = False, f"more than {OUTPUT_READ_LIMIT >> 20} MiB on stderr"
                elif item.check:
                    passed, why = verdict_check(item.check, status, out)
                else:
                    golden = g.golden(t, extra) if form == "golden" else None
                    seen = out + err if form == "exit" else out
                    passed, why = judge(form, extra, status, seen, golden)
                    if hidden and form == "golden" and isinstance(status, int) and status > 0:
                        # a hidden test, like a gate, judges the values printed, not the program's own
                        # verdict: right ranks with one round too many keep its points
                        passed, why = judge("golden", None, 0, seen, golden)
                    if not passed and not hidden and form == "golden" and status == 0:
                        diff = golden_diff(golden or b"", out)
                verdicts[item.name] = [passed, why, diff]
        wants_success = not (form == "exit" and extra[0] != 0)
        if findings and wants_success:
            for name, v in verdicts.items():
                if v[0]:
                    verdicts[name] = [False, "the emulator found a mistake in the kernel", v[2]]
        return {"verdicts": verdicts, "findings": findings}

    def variant_decision(self, v, status, out):
        if status is None:
            return False, "out of time"
        if status < 0:
            return False, "crashed"
        if v["status"] is not None and status != v["status"]:
            return False, "the exit status is wrong"
        golden = self.grader.golden(v, v["output"])
        if golden is None:
            return False, "its output is missing from the autograder"
        if len(out) > OUTPUT_READ_LIMIT or out != golden:
            return False, "output differs"
        return True, None

    def judge_run(self, test, status, paths, timeout):
        """The checker's answer for one run ({} of verdicts, with an error, when it has none)."""
        ask = json.dumps({"test": test, "status": status, "out": paths[0], "err": paths[1]}).encode() + b"\n"
        with self.lock:
            if self.pid is None:
                return {"verdicts": {}, "findings": [], "error": "the checker is gone"}
            try:
                while ask:
                    ask = ask[os.write(self.to, ask):]
                line = read_line(self.fro, timeout)
            except OSError:
                line = None
            if line is None:
                self.end()
                return {"verdicts": {}, "findings": [], "error": "the checker did not answer"}
        try:
            return json.loads(line.decode("utf-8"))
        except ValueError:
            return {"verdicts": {}, "findings": [], "error": "the checker's answer was unreadable"}

    def end(self):
        """Ends the checker: EOF, then a kill if it lingers."""
        if self.pid is not None:
            for fd in (self.to, self.fro):
                try:
                    os.close(fd)
                except OSError:
                    pass
            for _ in range(100):
                try:
                    if os.waitpid(self.pid, os.WNOHANG)[0]:
                        break
                except ChildProcessError:
                    break
                time.sleep(0.02)
            else:
                try:
                    os.kill(self.pid, signal.SIGKILL)
                    os.waitpid(self.pid, 0)
                except OSError:
                    pass
            self.pid = None

    def stop(self):
        """Ends the checker and removes its folder."""
        self.end()
        remove_tree(self.folder)


# --- the whole run ------------------------------------------------------------------------
class Grader:
    def __init__(self, args, kit, chapter, submission, out_path):
        self.args, self.kit, self.chapter, self.submission = args, kit, chapter, submission
        self.out_path = out_path
        self.started = time.time()
        # An instructor's --budget only: by default no deadline (each test has its own limit)
        self.deadline = self.started + args.budget if args.budget > 0 else float("inf")
        self.slowdown = 1.0     # how much slower than where the reference's times were measured
        self.lock = threading.Lock()
        self.done = {}          # test name -> run record
        self.hung = set()       # programs that ran out of time once
        self.notes, self.warnings = [], []
        self.builds = {}        # build dir -> {program: (ok, messages)}
        self.variants = {}      # public test -> its hidden variant (a test of its own)
        self.sandbox = None
        self.checker = None
        self.public_done = None  # when the public tests (and the build) had all run
        self.log = []           # the instructor's log: hidden tests and variants, and why

    def load(self):
        a, kit, ch = self.args, self.kit, self.chapter
        self.tests = read_tests(kit, ch)
        self.items = read_points(a.points or registry_path(kit, ch), self.tests)
        self.times = read_times(registry_path(kit, ch))
        self.hidden_dir = a.hidden
        if a.hidden:
            path = os.path.join(a.hidden, f"{ch}.hidden")
            if os.path.isfile(path):
                tests, items = read_hidden(path)
                self.tests += tests
                self.items += items
            path = os.path.join(a.hidden, f"{ch}.variants")
            if os.path.isfile(path):
                self.variants = read_variants(path, [t for t in self.tests if not t.get("hidden")])
        self.by_name = {t["name"]: t for t in self.tests}

    def limit(self, t):
        """A test's time limit: 10x the reference's seconds (at least the floor, at most the
        tests.list hang guard: TIMEOUT x HANG_GUARD_FACTOR), times the machine's slowdown against
        where they were measured (the calibration): a submission as fast as the reference always
        finishes."""
        if t.get("variant_of"):   # its public test's limit (a variant does the same work)
            return self.limit(self.by_name[t["variant_of"]])
        guard = t["timeout"] * HANG_GUARD_FACTOR
        ref = self.times.get(t["name"])
        own = guard if ref is None else min(guard, max(self.args.time_floor, TIME_FACTOR * ref))
        return own * self.slowdown

    def hung_limit(self, t):
        """The limit of a test whose program ran out of time in an earlier test: short, so one
        hang does not cost every test's full limit, but never below twice the test's reference
        time (scaled): a correct program that was slow once still passes its other tests."""
        ref = t.get("reference") if t.get("variant_of") else None
        if ref is None:
            ref = self.times.get(t.get("variant_of") or t["name"])
        return max(HUNG_LIMIT, HUNG_FACTOR * (ref or 0.0)) * self.slowdown

    def golden_file(self, t, path):
        base = self.hidden_dir if t.get("hidden") else self.kit
        return os.path.normpath(os.path.join(base, path))

    def read_goldens(self):
        """Every golden file the graded tests compare with, read before any student code runs."""
        self.goldens = {}
        for t in self.tests + list(self.variants.values()):
            form, _, extra = parse_command(t["command"])
            if t.get("variant_of"):
                form, extra = "golden", t["output"]
            if form == "golden":
                try:
                    with open(self.golden_file(t, extra), "rb") as f:
                        self.goldens[(t["name"], extra)] = f.read()
                except OSError:
                    pass

    def golden(self, t, path):
        return self.goldens.get((t["name"], path))

    def check_out_private(self):
        """Refuses to write results where the student's user may write: its processes could
        replace them (another student's, in a batch)."""
        folder = os.path.dirname(self.out_path)
        os.makedirs(folder, exist_ok=True)
        if self.sandbox.student_can("-w", [folder], self.outdir):
            raise ListError(f"the results folder {folder} can be written by the user that runs the "
                            f"student's code ({self.sandbox.user}): choose another (--out, --csv) or "
                            f"chmod go-w {folder}")

    def check_hidden_private(self):
        """Refuses to grade when the student's user could read a hidden test (its list, a
        golden, the folder): the submitted code would print the golden."""
        if not self.hidden_dir:
            return
        paths = [self.hidden_dir] + [os.path.join(self.hidden_dir, rel) for rel in
                                      walk_all(self.hidden_dir)]
        seen = self.sandbox.student_can("-r", paths, self.outdir)
        if seen:
            raise ListError(f"the hidden tests can be read by the user that runs the student's code "
                            f"({self.sandbox.user}): {seen[0]}{' and more' if len(seen) > 1 else ''}. "
                            f"Make them private first: chmod -R go-rwx {self.hidden_dir}")

    def run_test(self, t):
        """Runs one test in the work tree; records what happened."""
        form, argv, extra = parse_command(t["command"])
        build_dir = GPU_BUILD if t["kind"] == "gpu" else self.cpu_dir
        prog = program_of(argv) or program_of(re.findall(r"build/\S+", t["command"]))
        if build_dir != "build":   # a GPU machine: the cpu tests run the build without nvcc
            argv = [build_dir + w[len("build"):] if w.startswith("build/") else w for w in argv]
            if form == "script":
                argv[-1] = re.sub(r"(^|[\s=])build/", r"\1" + build_dir + "/", argv[-1])
        record = {"form": form}
        built = self.builds.get(build_dir, {})
        if prog in built and not built[prog][0]:
            record.update(status="build", why=f"{prog} did not build", messages=built[prog][1])
            return record
        remaining = self.deadline - time.time()
        if remaining < 1:   # only with an instructor's --budget
            record.update(status="budget", why="the time budget ran out before this test")
            return record
        limit = self.limit(t)
        with self.lock:
            if prog in self.hung:
                limit = min(limit, self.hung_limit(t))
                record["short"] = True
        limit = min(limit, remaining)
        env = clean_env({"HOME": self.tmp, "TMPDIR": self.tmp, "LC_ALL": "C"})
        # the memory limit for the CPU tests only: the CUDA runtime reserves address space far
        # beyond it (a GPU test under RLIMIT_AS would fail to start)
        memory = MAX_MEMORY_BYTES if t["kind"] == "cpu" else None
        status, out, err, seconds, paths = run(argv, self.work, limit, self.sandbox, env, self.checker.runs,
                                               owner=self.checker.owner, keep=True, memory=memory)
        if status is None:
            with self.lock:
                if prog:
                    self.hung.add(prog)
        try:   # the verdicts are the checker's, from the files it reads itself
            answer = self.checker.judge_run(t["name"], status, paths, JUDGE_TIMEOUT * self.slowdown)
        finally:
            for path in paths:
                os.remove(path)
        record.update(status=status, out=out, err=err, seconds=round(seconds, 3), limit=limit,
                      golden_path=extra if form == "golden" else None, extra=extra,
                      verdicts=answer.get("verdicts", {}), findings=answer.get("findings", []),
                      checker_error=answer.get("error"))
        return record

    def verdict_of(self, name, record):
        """(passed, why, diff): the checker's verdict of name in this run; a failure when it gave none."""
        v = record.get("verdicts", {}).get(name)
        if not v:
            return False, "no verdict from the checker" + (f" ({record['checker_error']})"
                                                           if record.get("checker_error") else ""), ""
        return bool(v[0]), v[1], v[2]

    def variant_verdict(self, item, done, final):
        """(passed, why) of the hidden variant of the item (of its test, or of this verdict item:
        a gate); (True, None) when it has none; None while it has not run yet."""
        v = self.variants.get(item.name)
        if v is None:
            return True, None
        record = done.get(v["name"])
        if record is None:
            return None if not final else (False, "not run")
        status = record["status"]
        if status in ("build", "budget", "error"):
            return False, "did not build" if status == "build" else "not run"
        passed, why, _ = self.verdict_of(v["name"], record)
        return (True, None) if passed else (False, why)

    def result_of(self, item, record):
        """The results.json entry of one graded item, or None to leave it out."""
        t = self.by_name.get(item.test)
        hidden = bool(t and t.get("hidden"))
        entry = {"name": ("hidden: " if hidden else "") + item.name, "score": 0.0,
                 "max_score": item.points, "tags": [t["kind"] if t else "cpu"] + (["hidden"] if hidden else []),
                 "visibility": "after_published" if hidden else "visible", "output_format": "text"}
        if t is None:
            entry.update(status="failed", output=f"no test '{item.test}' (tell your instructor: the points "
                                                  "file is wrong)")
            return entry, "missing"
        if record is None:
            return None, "not run"
        status = record["status"]
        if status == "build":
            entry.update(status="failed", output=f"not run: {record['why']}. The compiler said:\n"
                                                  f"{record['messages']}")
            return entry, "not run (build failed)"
        if status == "budget":
            entry.update(status="failed", output="not run: " + record["why"])
            return entry, "not run (time budget)"
        if status == "error":
            entry.update(status="failed", output=record["why"])
            return entry, "not run (grader error)"
        # the verdict is the checker's (class Checker): nothing here compares an output
        passed, why, diff = self.verdict_of(item.name, record)
        findings = "".join(line + "\n" for line in record.get("findings", []))
        if why == "timeout":
            why = f"timeout: stopped after {record['limit']:.1f} s" + \
                  (" (an earlier test of the same program hung)" if record.get("short") else
                   f" (about {TIME_FACTOR}x the reference's time)")
        entry["status"] = "passed" if passed else "failed"
        entry["score"] = item.points if passed else 0.0
        if hidden:
            entry["output"] = ("passed" if passed else f"failed: {hidden_reason(why)} (a hidden test: its "
                                                       "input and expected output are not shown)") + \
                ("\n" + findings.rstrip("\n") if findings else "")
        else:
            head = findings + ("" if passed else f"[{why}: {t['command']}]\n")
            if diff:
                head += diff + "\n--- your program's output ---\n"
            entry["output"] = head + show(record["out"], record["err"])
        return entry, "passed" if passed else why

    def gated(self, item, entry, word, done, final):
        """entry, word once the hidden variant of the item's test has had its say: a public
        pass stands only when the variant passed as well."""
        if entry is None or entry["status"] != "passed":
            return entry, word
        verdict = self.variant_verdict(item, done, final)
        if verdict is None:
            return None, "not run yet"
        passed, why = verdict
        if passed:
            return entry, word
        # The student's view says that the hidden variant failed, nothing of how (an exit status,
        # a signal, a time, the emulator's findings with their threads and sizes would all say
        # something of its input); why goes to the instructor's log.
        entry.update(status="failed", score=0.0,
                     output="[failed: this public run passed, but its hidden variant (the same program with "
                            "a seed you have not seen, its whole output compared with the reference's) did "
                            "not]\n" + entry["output"])
        self.log.append(f"{item.name}: hidden variant failed: {why}")
        return entry, "hidden variant failed"

    def results(self, final):
        entries, lines, pending = [], [], []
        earned = possible = hidden_earned = hidden_possible = 0.0
        self.log = list(self.sandbox.log) if self.sandbox else []
        with self.lock:
            done = dict(self.done)
        for item in self.items:
            t = self.by_name.get(item.test)
            if t and t["kind"] == "gpu" and not self.with_gpu:
                pending.append(item)
                lines.append((item.name, "gpu", 0.0, item.points, "not run (no GPU here)"))
                continue
            if t and item.test in self.unscored:
                continue
            entry, word = self.result_of(item, done.get(item.test))
            entry, word = self.gated(item, entry, word, done, final)
            if entry is None:
                if final:
                    entry = {"name": item.name, "score": 0.0, "max_score": item.points, "status": "failed",
                             "output": "not run", "output_format": "text", "tags": [t["kind"]],
                             "visibility": "visible"}
                else:
                    lines.append((item.name, t["kind"], 0.0, item.points, "not run yet"))
                    possible += item.points
                    continue
            earned += entry["score"]
            possible += entry["max_score"]
            entries.append(entry)
            if "hidden" in entry["tags"]:
                # what the student's view may say of a hidden test: passed or failed, and its
                # points; why (an exit status, a signal, a time) goes to the instructor's log
                hidden_earned += entry["score"]
                hidden_possible += entry["max_score"]
                self.log.append(f"{entry['name']}: {entry['status']}: {word}")
                word = entry["status"]
            lines.append((entry["name"], entry["tags"][0], entry["score"], item.points, word))
        pending_points = sum(i.points for i in pending)
        # The top line counts the public tests only: the hidden ones' share is no one's to see
        # before the grades are published.
        summary = [f"Assignment {self.chapter}: {earned - hidden_earned:g} / {possible - hidden_possible:g} "
                   "points on the public tests." +
                   (" Hidden tests are graded too; their results show when the grades are published."
                    if hidden_possible else "")]
        if not final:
            summary.append("The grader was stopped before it finished: the tests above ran, the others did not.")
        failed = {p: m for d in self.builds.values() for p, (ok, m) in d.items() if not ok}
        if failed:
            summary.append("Programs that did not build (only the tests that run them score 0): " +
                           ", ".join(sorted(failed)))
            for p in sorted(failed)[:3]:
                summary.append(f"The compiler said ({p}):\n{failed[p]}")
        if self.warnings:
            summary.append("Compiler warnings (shown, not counted against you):\n" +
                           "\n".join(self.warnings)[:BUILD_LOG_LIMIT])
        if pending:
            summary.append(f"Not run here (no NVIDIA GPU): {len(pending)} GPU tests worth {pending_points:g} "
                           "points, graded on a GPU machine: " + ", ".join(i.name for i in pending))
        if self.variants:
            summary.append(f"{len(self.variants)} public tests also run with a seed you have not seen (hidden "
                           "variants): their points need both runs right.")
        summary += self.notes
        self.seconds = {n: r.get("seconds") for n, r in done.items() if "seconds" in r}
        hidden_names = {t["name"] for t in self.tests if t.get("hidden")} | {v["name"] for v in self.variants.values()}
        self.log += [f"{n}: {r.get('status')} in {r.get('seconds')} s (limit {r.get('limit')})"
                     for n, r in sorted(done.items()) if n in hidden_names]
        result = {"score": round(earned, 4), "output": "\n".join(summary), "output_format": "text",
                  "visibility": "visible", "stdout_visibility": "hidden" if hidden_names or self.log else "visible",
                  "tests": entries,
                  # the public phase's time only: the hidden phase's would say how long hidden runs took
                  "execution_time": round((self.public_done or time.time()) - self.started, 1),
                  "extra_data": {"chapter": self.chapter, "build_ok": not failed, "gpu": self.with_gpu,
                                 "max_score_here": round(possible, 4), "gpu_points_not_run": pending_points,
                                 "programs_not_built": sorted(failed), "finished": final,
                                 "sandbox": {"user": self.sandbox.user if self.sandbox else None,
                                             "network_isolated": bool(self.sandbox and self.sandbox.isolate_net),
                                             "private_shm": bool(self.sandbox and self.sandbox.private_shm),
                                             "private_proc": bool(self.sandbox and self.sandbox.private_proc),
                                             "hidden_variants": len(self.variants),
                                             "checker": {"user": self.checker.user if self.checker else None,
                                                         "process": "separate"}},
                                 "seconds": {n: s for n, s in self.seconds.items() if n not in hidden_names},
                                 "slowdown": round(self.slowdown, 3)}}
        return result, lines

    def fresh_scratch(self):
        """An empty scratch folder (the tests' HOME and TMPDIR), the student's; whatever the
        student's user left in the shared writable places goes too."""
        self.sandbox.kill_strays(everything=True)
        if not remove_tree(self.tmp):   # could not be removed: set aside, a fresh one made
            os.rename(self.tmp, tempfile.mkdtemp(prefix="scratch-", dir=self.outdir))
        remove_owned_by(self.sandbox.uid, self.started)
        self.sandbox.own(self.tmp)

    def write(self, final):
        result, lines = self.results(final)
        write_json(self.out_path, result)
        return result, lines

    def grade(self):
        a = self.args
        self.load()
        trusted = a.no_sandbox or not (self.submission or self.hidden_dir)
        self.sandbox = Sandbox(a.user, unsandboxed=trusted)
        if os.geteuid() != 0 and a.no_sandbox and (self.submission or self.hidden_dir):
            self.notes.append("Graded without a sandbox (--no-sandbox): the submitted code ran as the "
                              "grader's user; this grade is only as good as that code is honest.")
        recorded, now = self.times.get(CALIBRATION), (None if a.record_times else calibrate())
        if recorded and now:
            self.slowdown = max(1.0, now / recorded)
        self.calibration = now
        self.with_gpu = gpu_available(a.nvcc)
        self.unscored = ({t["name"] for t in self.tests} - {i.test for i in self.items}) if a.graded_only else set()
        if a.only:
            self.items = [i for i in self.items if i.test == a.only or i.name == a.only]
        if a.skip:
            self.items = [i for i in self.items if i.test not in a.skip]
            self.tests = [t for t in self.tests if t["name"] not in a.skip]
        # A batch never reuses a work tree: one submission's files never meet another's.
        made = a.work is None or bool(a.batch)
        self.work = os.path.abspath(tempfile.mkdtemp(prefix="grade-") if made else a.work)
        self.outdir = tempfile.mkdtemp(prefix="grade-out-")   # the grader's own: 0700
        os.makedirs(self.work, exist_ok=True)
        os.chmod(self.work, 0o755)
        try:
            self.check_hidden_private()
            self.check_out_private()
            # The checker is forked now, before anything of the submission is built or run: it
            # reads the references itself and judges every run (class Checker).
            self.checker = Checker(self, a.judge_user)
            self.checker.start()
            self.notes += prepare_tree(self.kit, self.chapter, self.submission, self.work, self.sandbox,
                                       check_sources=not a.no_source_check)
            self.cpu_dir = "build-cpu" if self.with_gpu else "build"
            self.tmp = os.path.join(self.work, "build", "tmp")
            os.makedirs(self.tmp, exist_ok=True)
            self.sandbox.own(os.path.join(self.work, "build"))
            self.write(False)
            print(f"grading {self.chapter}: building ({'with' if self.with_gpu else 'no'} GPU; "
                  f"{a.jobs} jobs, time limits x{self.slowdown:.2g} for this machine's speed) ...", flush=True)
            # Only the tests worth points run (ctest runs them all); --graded-only is kept as a no-op.
            wanted = [t for t in self.tests if t["name"] in {i.test for i in self.items}]
            if not self.with_gpu:
                wanted = [t for t in wanted if t["kind"] != "gpu"]
            names = {t["name"] for t in wanted}
            wanted += [v for n, v in sorted(self.variants.items()) if v["variant_of"] in names]
            dirs = [(self.cpu_dir, "")]
            if self.with_gpu and any(t["kind"] == "gpu" for t in wanted):
                dirs.append((GPU_BUILD, a.nvcc))
            for d, nvcc in dirs:
                self.builds[d], log = build(self.work, self.chapter, d, nvcc, a.jobs, self.deadline,
                                            self.sandbox, self.outdir, a.make_var, BUILD_GUARD * self.slowdown)
                for p, (ok, messages) in self.builds[d].items():
                    if ok and messages and messages not in self.warnings:
                        self.warnings.append(messages)
            # The builds are done: nothing a test runs may change them (a program, an object, a
            # dependency file); the tests get a scratch folder of their own (HOME, TMPDIR).
            self.sandbox.kill_strays(everything=True)
            for d, _ in dirs:
                self.sandbox.seal(os.path.join(self.work, d), keep=[self.tmp])
            print(f"running {len(wanted)} tests ...", flush=True)
            # The public tests first, then the hidden ones, alone: no visible test runs beside
            # or after a hidden one, so none can show its command line (its input) or a file it left.
            public = [t for t in wanted if not t.get("hidden")]
            hidden = [t for t in wanted if t.get("hidden")]
            for phase in (public, hidden):
                if phase is hidden:
                    self.public_done = time.time()
                if not phase:
                    continue
                self.sandbox.kill_strays(everything=True)
                self.fresh_scratch()
                with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
                    futures = {pool.submit(self.run_test, t): t for t in phase}
                    for f in concurrent.futures.as_completed(futures):
                        try:
                            record = f.result()
                        except Exception as e:   # one test's failure stays that test's
                            record = {"status": "error", "why": f"the grader could not run this test ({e})"}
                        with self.lock:
                            self.done[futures[f]["name"]] = record
                        self.write(False)
            self.sandbox.kill_strays(everything=True)
            result, lines = self.write(True)
        finally:
            if self.checker is not None:
                self.checker.stop()
            self.sandbox.kill_strays(everything=True)
            remove_owned_by(self.sandbox.uid, self.started)
            remove_tree(self.outdir)
            if made and not a.keep_work:
                remove_tree(self.work)
        return result, lines


def print_table(lines, result):
    width = max([len(n) for n, *_ in lines] + [len("test")])
    print(f"\n{'test':<{width}}  kind  points       result")
    for name, kind, got, worth, word in lines:
        print(f"{name:<{width}}  {kind:<4}  {got:>5g} / {worth:<5g}  {word}")
    extra = result["extra_data"]
    print(f"{'total':<{width}}        {result['score']:>5g} / {extra['max_score_here']:<5g}", end="")
    if extra["gpu_points_not_run"]:
        print(f"  (+{extra['gpu_points_not_run']:g} GPU points not run: no GPU here)", end="")
    print()
    text = result["output"].split("\n", 1)
    if len(text) > 1:
        print("\n" + text[1])


def write_json(path, result):
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    # A new file of a random name (O_EXCL), never a name chosen in advance that someone
    # else could have made first or linked elsewhere.
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".results-", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(result, f, indent=2, ensure_ascii=True)
            f.write("\n")
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise


def batch(args, kit):
    """Grades every folder of args.batch as one submission; one CSV row each."""
    names = sorted(n for n in os.listdir(args.batch) if os.path.isdir(os.path.join(args.batch, n)))
    out_dir = os.path.splitext(os.path.abspath(args.csv))[0] + "-results"
    os.makedirs(out_dir, exist_ok=True)
    rows, columns = [], None
    for name in names:
        print(f"=== {name}", flush=True)
        g = Grader(args, kit, args.chapter, os.path.join(args.batch, name), os.path.join(out_dir, name + ".json"))
        try:
            result, _ = g.grade()
        except Exception as e:   # one submission's failure stops no other's grading
            print(f"error: {name}: {e}", file=sys.stderr)
            rows.append([name, "", "", "", f"not graded: {e}"])
            continue
        scores = {t["name"]: t["score"] for t in result["tests"]}
        columns = columns or [i.name for i in g.items if i.name in scores]
        rows.append([name, result["score"], result["extra_data"]["max_score_here"],
                     int(not result["extra_data"]["programs_not_built"])] + [scores.get(c, "") for c in columns])
    with open(args.csv, "w", newline="", encoding="utf-8") as f:
        w = csv.writer(f)
        w.writerow(["submission", "score", "max_score", "all_built"] + (columns or []))
        w.writerows(rows)
    print(f"{len(rows)} submissions graded: {args.csv} (results.json of each in {out_dir})")
    return 0


def main(argv):
    ap = argparse.ArgumentParser(description="Grades an assignment kit; writes results.json.")
    ap.add_argument("--chapter", required=True)
    ap.add_argument("--kit", default=".", help="the kit's folder (its tests and goldens are trusted)")
    ap.add_argument("--points", help="points file (default KIT/assignments/<chapter>.points)")
    ap.add_argument("--out", default="results.json")
    ap.add_argument("--nvcc", default="", help="the nvcc for the GPU tests' build; empty: no GPU build")
    ap.add_argument("--jobs", type=int, default=available_cpus())
    ap.add_argument("--budget", type=float, default=float(os.environ.get("GRADE_BUDGET", 0)),
                    help="seconds for the whole run (build and tests); default 0: none, each test has "
                         "its own limit, scaled by the machine's speed")
    ap.add_argument("--submission", help="folder with the student's files; default: the kit's own files")
    ap.add_argument("--hidden", help="folder with <chapter>.hidden and its goldens (instructor only)")
    ap.add_argument("--work", help="work tree to build in (kept; reused incrementally); default: a temporary one")
    ap.add_argument("--keep-work", action="store_true")
    ap.add_argument("--user", help="unprivileged user for the student's code when run as root")
    ap.add_argument("--judge-user", help="the checker's user when run as root (default: GRADE_JUDGE_USER, "
                                         "else `judge`, else root); never the student's")
    ap.add_argument("--no-source-check", action="store_true",
                    help="compile submitted files without SourceFirewall's check (tests of the sandbox only)")
    ap.add_argument("--no-sandbox", action="store_true",
                    help="grade a submission (or hidden tests) without root: only for code you trust")
    ap.add_argument("--graded-only", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--only", metavar="TEST", help="grade one test; exit 0 when it passed (GitHub Classroom)")
    ap.add_argument("--skip", action="append", default=[], metavar="TEST",
                    help="leave TEST out entirely (for tests of the kits; not for grading)")
    ap.add_argument("--record-times", metavar="FILE", help="write each passed test's seconds (reference kits)")
    ap.add_argument("--batch", metavar="DIR", help="grade every folder of DIR as a submission")
    ap.add_argument("--csv", default="scores.csv", help="with --batch: the scores file")
    ap.add_argument("--make-var", action="append", default=[], metavar="VAR=VALUE")
    ap.add_argument("--quiet", action="store_true", help="no score table")
    ap.add_argument("--time-floor", type=float, default=TIME_FLOOR, help=argparse.SUPPRESS)
    args = ap.parse_args(argv[1:])
    kit = os.path.abspath(args.kit)
    if args.submission:
        args.submission = os.path.abspath(args.submission)
    if args.hidden:
        args.hidden = os.path.abspath(args.hidden)
    args.jobs = max(1, args.jobs)
    try:
        if args.batch:
            return batch(args, kit)
        grader = Grader(args, kit, args.chapter, args.submission, os.path.abspath(args.out))

        def stopped(signum, frame):
            grader.write(False)
            sys.exit(0)
        signal.signal(signal.SIGTERM, stopped)
        result, lines = grader.grade()
    except (ListError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if args.record_times:
        with open(args.record_times, "w", encoding="utf-8") as f:
            # the registry's lines: `time TEST SECONDS`, and the calibration run's seconds here
            passed = {t["name"].replace("hidden: ", "", 1) for t in result["tests"] if t.get("status") == "passed"}
            for name, s in sorted(grader.seconds.items()):
                if s is not None and (name in passed or any(n.startswith(name + " [") for n in passed)):
                    f.write(f"time   {name} {s:.3f}\n")
            f.write(f"calibration {calibrate(9):.4f}\n")
    if not args.quiet:
        print_table(lines, result)
        print(f"results: {args.out}")
    if grader.log and (args.hidden or getattr(grader.sandbox, "log", None)):
        # Gradescope shows this output to the instructor only (stdout_visibility: hidden)
        print("\ninstructor's log (the sandbox, hidden tests and variants; never in the student's view):")
        print("\n".join("  " + line for line in grader.log))
    if args.only:
        return 0 if result["tests"] and all(t["status"] == "passed" for t in result["tests"]) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
