#!/usr/bin/env python3
"""test_scoring.py - the grader's parts on made-up inputs: the points file
(verdict items), the test commands it runs itself, its verdicts (golden,
exit status, self-check lines), the CPUs it may use, and the results.json of
a run that stopped half way."""
import argparse
import json
import os
import re
import sys

sys.dont_write_bytecode = True
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "tools"))
sys.path.insert(0, here)
import grade           # noqa: E402
import check_results   # noqa: E402

failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)
    print(("ok: " if cond else "FAIL: ") + what)


tests = [{"name": "a", "kind": "cpu", "timeout": 10, "command": "prog --a"},
         {"name": "b", "kind": "cpu", "timeout": 10, "command": "prog --b"}]

# The commands the grader interprets, and those it leaves to a script.
f, argv, extra = grade.parse_command("tools/expect_output.sh ch/tests/golden/x.txt -- build/ch/p --n 2^20")
expect((f, argv, extra) == ("golden", ["build/ch/p", "--n", "2^20"], "ch/tests/golden/x.txt"), "golden form")
f, argv, extra = grade.parse_command('tools/expect_exit.sh 2 "error: bad n" -- build/ch/p --n 0')
expect((f, argv, extra) == ("exit", ["build/ch/p", "--n", "0"], (2, "error: bad n")), "exit form with text")
f, argv, extra = grade.parse_command("tools/expect_exit.sh 0 -- build/ch/p")
expect((f, extra) == ("exit", (0, "")), "exit form without text")
expect(grade.parse_command("build/ch/p --quiet")[0] == "plain", "plain form")
expect(grade.parse_command("ch/tests/check.sh 5 build/ch/p | sort")[0] == "script", "a pipe is a script")
expect(grade.program_of(["build/ch/p", "--x"]) == "ch/p", "the program a test runs")
f, argv, extra = grade.parse_command('tools/expect_exit.sh 0 "span = ceil(log2 N) = 0: confirmed" -- build/ch/p --n 1')
expect((f, extra) == ("exit", (0, "span = ceil(log2 N) = 0: confirmed")),
       "quoted parentheses are words: the checker judges the test, not a shell")
for command in ('build/ch/p "$HOME"', "build/ch/p > out", "build/ch/p `x`", 'build/ch/p "open', "build/ch/p; true"):
    expect(grade.parse_command(command)[0] == "script", f"a shell's business: {command}")

# The emulator's reports (common/emulator/emu_check.cpp, emu_block.cpp) as one feedback line each.
race = (b"error: block (0,0,0): shared-memory race on byte 8 of block_totals: thread 1 read it at "
        b"ch/gpu/k.cuh:71, thread 32 writes it at ch/gpu/k.cuh:69, with no __syncthreads() between "
        b"(the result depends on which thread runs first)\n")
lines = grade.emulator_findings(b"noise\n" + race + race, submitted={"ch/gpu/k.cuh"})
expect(lines == ["race in your kernel: threads 1 and 32 of block 0 touch shared block_totals (byte 8) between two "
                 "barriers (ch/gpu/k.cuh:71 read, ch/gpu/k.cuh:69 write): add a __syncthreads() between them"],
       f"a race: threads, array, lines, the fix ({lines})")
stale = (b"error: block (1,0,0): thread 0 reads byte 0 of f(int const*, int*)::cell at ch/k.cu:165, which no "
         b"thread of this block had written: shared memory starts each block undefined (here: all one bits)\n")
lines = grade.emulator_findings(stale)
expect(len(lines) == 1 and lines[0].startswith("uninitialised shared read in a kernel: thread 0 of block 1 reads "
                                               "shared cell in f (byte 0) at ch/k.cu:165"), f"an uninitialised read ({lines})")
oob = (b"error: block (3,0,0): thread 232 reads 4 bytes at byte 4000 of x (a buffer of 4000 bytes) at ch/k.cu:173: "
       b"out of bounds, past its end\n")
lines = grade.emulator_findings(oob)
expect(len(lines) == 1 and "thread 232 of block 3 reads 4 bytes at byte 4000 of x (a buffer of 4000 bytes, past "
                           "its end) at ch/k.cu:173" in lines[0], f"an out-of-bounds access ({lines})")
# global memory, and a plain access beside atomicAdd (both orders), as emu_check.cpp's report_race says them
glob = (b"error: block (0,0,0): global-memory race on byte 4 of dist[0]: thread 0 read it at ch/lib/node.h:60, "
        b"thread 1 writes it at ch/lib/node.h:60, with no __syncwarp() or __syncthreads() between (the result "
        b"depends on which thread runs first)\n")
lines = grade.emulator_findings(glob, submitted={"ch/lib/node.h"})
expect(lines == ["global-memory race in your kernel: threads 0 and 1 of block 0 touch byte 4 of dist[0] between two "
                 "barriers (ch/lib/node.h:60 read, ch/lib/node.h:60 write): one thread writes what another reads or "
                 "writes; add a __syncwarp() or __syncthreads() between them, or give each thread elements of its own"],
       f"a global-memory race: threads, buffer, lines, the fix ({lines})")
atomic_then_read = (b"error: block (2,0,0): global-memory race on byte 0 of counter: thread 0 updated it with atomicAdd "
                    b"at ch/k.cu:327, thread 47 reads it at ch/k.cu:333, with no __syncthreads() between (an atomic "
                    b"is indivisible only against other atomics: the result depends on which thread runs first)\n")
lines = grade.emulator_findings(atomic_then_read)
expect(lines == ["race with atomicAdd in a kernel: thread 0 of block 2 updates global counter (byte 0) with atomicAdd "
                 "at ch/k.cu:327, thread 47 does a plain read of it at ch/k.cu:333, with no __syncthreads() between: "
                 "atomicAdd is indivisible only against other atomics; put a __syncthreads() between the plain read "
                 "and the atomicAdd calls"], f"a read racing atomicAdd ({lines})")
store_then_atomic = (b"error: block (0,0,0): shared-memory race on byte 0 of emulated::block_histogram(int const*, int, unsigned "
                     b"int*, int)::bins: thread 0 wrote it at ch/h.cu:310, thread 4 updates it with atomicAdd at "
                     b"ch/h.cu:314, with no __syncwarp() or __syncthreads() between (an atomic is indivisible only "
                     b"against other atomics: the result depends on which thread runs first)\n")
lines = grade.emulator_findings(store_then_atomic, submitted={"ch/h.cu"})
expect(lines == ["race with atomicAdd in your kernel: thread 4 of block 0 updates shared bins in block_histogram "
                 "(byte 0) with atomicAdd at ch/h.cu:314, thread 0 does a plain write of it at ch/h.cu:310, with no "
                 "__syncwarp() or __syncthreads() between: atomicAdd is indivisible only against other atomics; put a "
                 "__syncwarp() or __syncthreads() between the plain write and the atomicAdd calls"],
       f"a plain store beside atomicAdd ({lines})")
lines = grade.emulator_findings(glob + atomic_then_read + store_then_atomic, hidden=True)
expect(lines == ["a hidden run found a global-memory race in your kernel (where is not shown: the public emulated "
                 "tests show it)", "a hidden run found a race with an atomic in your kernel (where is not shown: the "
                 "public emulated tests show it)"], f"hidden runs: the kinds only ({lines})")
expect(not any(line.startswith("the emulator stopped") for line in
               grade.emulator_findings(race + glob + atomic_then_read + store_then_atomic)),
       "every race report has a line of its own, none is shown raw")
barrier = b"error: block (0,0,0): __syncthreads() at ch/k.cu:27 reached by 1 of 32 threads\n"
lines = grade.emulator_findings(barrier)
expect(len(lines) == 1 and "reached by 1 of 32 threads of block 0" in lines[0], f"a divergent barrier ({lines})")
lines = grade.emulator_findings(race + oob + race.replace(b"thread 1 ", b"thread 7 "), hidden=True)
expect(len(lines) == 2 and not any(c.isdigit() for c in "".join(lines)),
       f"a hidden run: each kind once, no thread, block, line or size ({lines})")
expect(grade.emulator_findings(b"self-check: x: confirmed\n") == [], "no report, no feedback")

# Verdicts are the grader's.
expect(grade.judge("golden", None, 0, b"x\n", b"x\n")[0], "golden: same bytes pass")
expect(not grade.judge("golden", None, 0, b"x", b"x\n")[0], "golden: a missing newline fails")
expect(grade.judge("golden", None, 1, b"x\n", b"x\n") == (False, "exit 1"), "golden: exit 1 fails")
expect(grade.judge("golden", None, 0, b"x\n", None)[0] is False, "golden: no golden file fails")
expect(grade.judge("exit", (2, "bad"), 2, b"error: bad n", None)[0], "exit: code and text")
expect(not grade.judge("exit", (2, "bad"), 2, b"error", None)[0], "exit: text missing")
expect(grade.judge("plain", None, None, b"", None) == (False, "timeout"), "a timeout fails")
expect(grade.judge("plain", None, -11, b"", None) == (False, "crashed (signal 11)"), "a crash fails, named")
expect(grade.judge("plain", None, 77, b"", None)[0] is False, "exit 77 (no GPU) is no pass")
ok = b"self-check: walk equals the sequential walk: confirmed\nself-check: it took ceil(log2 n) rounds: MISMATCH\n"
expect(grade.verdict_check("equals the sequential walk", 1, ok)[0], "verdict: the named check passed (exit 1)")
expect(not grade.verdict_check("ceil(log2 n) rounds", 1, ok)[0], "verdict: the named check failed")
expect(not grade.verdict_check("no such line", 0, ok)[0], "verdict: a check that finds nothing fails")
expect(not grade.verdict_check("equals", -6, ok)[0], "verdict: a crash fails")

# Time limits: the cap is CTest's hang guard (TIMEOUT x HANG_GUARD_FACTOR, as gen_ctest.sh has it),
# never the bare TIMEOUT; after a hang, never less than twice the test's reference time.
with open(os.path.join(here, "..", "..", "tools", "gen_ctest.sh"), encoding="utf-8") as f:
    factor = re.search(r"HANG_GUARD_FACTOR:-(\d+)", f.read())
expect(factor and int(factor.group(1)) == grade.HANG_GUARD_FACTOR,
       f"the grader's hang guard factor is gen_ctest.sh's ({factor and factor.group(1)})")
g = grade.Grader(argparse.Namespace(budget=0, time_floor=grade.TIME_FLOOR), ".", "ch", None, "r.json")
g.slowdown = 2.0
g.times = {"large": 56.8, "quick": 0.01}
g.by_name = {t["name"]: t for t in (
    {"name": "large", "timeout": 90}, {"name": "quick", "timeout": 90}, {"name": "new", "timeout": 90},
    {"name": "variant: large", "timeout": 90, "variant_of": "large", "reference": 60.0})}
lim = {n: g.limit(t) for n, t in g.by_name.items()}
expect(lim["large"] == 10 * 56.8 * 2, f"56.8 s reference, TIMEOUT 90: 10x the reference, scaled ({lim['large']})")
expect(lim["quick"] == grade.TIME_FLOOR * 2, f"a quick test gets the floor, scaled ({lim['quick']})")
expect(lim["new"] == 900 * 2, f"no reference time: the hang guard, scaled ({lim['new']})")
expect(lim["variant: large"] == lim["large"], "a variant gets its public test's limit")
g.by_name["large"]["timeout"] = 30
expect(g.limit(g.by_name["large"]) == 300 * 2, "the cap is TIMEOUT x 10, scaled")
hung = {n: g.hung_limit(t) for n, t in g.by_name.items()}
expect(hung["large"] == 2 * 56.8 * 2, f"after a hang: twice the reference, scaled ({hung['large']})")
expect(hung["quick"] == grade.HUNG_LIMIT * 2, f"after a hang, a quick test: HUNG_LIMIT, scaled ({hung['quick']})")
expect(hung["variant: large"] == 2 * 60.0 * 2, f"after a hang, a variant: twice its own reference ({hung['variant: large']})")

# A public test whose hidden variant failed: the student's view says so and nothing more (no exit
# status, no emulator finding); why goes to the instructor's log; execution_time is the public
# phase's only (the hidden phase's length would be a covert channel).
g = grade.Grader(argparse.Namespace(budget=0, time_floor=grade.TIME_FLOOR), ".", "ch", None, "r.json")
g.tests = [{"name": "a", "kind": "cpu", "timeout": 10, "command": "build/ch/p --seed 1"}]
g.by_name = {t["name"]: t for t in g.tests}
g.items = [grade.Item("a", 2.0, None)]
g.variants = {"a": {"name": "variant: a", "kind": "cpu", "timeout": 10, "command": "build/ch/p --seed 777",
                    "hidden": True, "variant_of": "a", "status": 0, "output": "ch/v.out", "reference": 1.0}}
g.with_gpu, g.unscored = False, set()
g.done = {"a": {"status": 0, "out": b"public run\n", "err": b"", "seconds": 0.5, "limit": 10.0,
                "verdicts": {"a": (True, "", "")}, "findings": []},
          "variant: a": {"status": 203, "out": b"", "err": b"", "seconds": 7.25, "limit": 10.0,
                         "verdicts": {"variant: a": (False, "exit 203", "")},
                         "findings": ["race in your kernel: threads 1 and 45 of block 6 touch shared x (byte 24)"]}}
g.started, g.public_done = 1000.0, 1003.2
result, _ = g.results(True)
out = result["tests"][0]["output"]
expect(result["tests"][0]["score"] == 0 and "its hidden variant" in out, f"a failed hidden variant fails its public test ({out!r})")
expect("203" not in out and "race" not in out and "45" not in out and "exit" not in out,
       f"the student's view says the variant failed, not how ({out!r})")
expect(any("exit 203" in line for line in g.log), f"why is in the instructor's log ({g.log})")
expect(result["execution_time"] == 3.2, f"execution_time is the public phase's ({result['execution_time']})")
expect("variant: a" not in json.dumps(result["extra_data"]["seconds"]), "no hidden run's seconds in extra_data")

# Without a network namespace (the kernel refused it: simulated here), the instructor's log says so
# in one line, and the student's view does not; with one, the log says nothing of it.
if os.geteuid() == 0:
    def graded_with(sandbox):
        g = grade.Grader(argparse.Namespace(budget=0, time_floor=grade.TIME_FLOOR), ".", "ch", None, "r.json")
        g.tests = [{"name": "a", "kind": "cpu", "timeout": 10, "command": "build/ch/p"}]
        g.by_name = {t["name"]: t for t in g.tests}
        g.items, g.variants = [grade.Item("a", 1.0, None)], {}
        g.with_gpu, g.unscored, g.sandbox = False, set(), sandbox
        g.done = {"a": {"status": 0, "out": b"", "err": b"", "seconds": 0.5, "limit": 10.0,
                        "verdicts": {"a": (True, "", "")}, "findings": []}}
        g.started = g.public_done = 1000.0
        return g.results(True)[0], g.log
    def graded_refused(probe_name):
        """(result, instructor's log, the student's view) of a grading whose sandbox probe
        probe_name found the kernel refusing (simulated)."""
        probe = getattr(grade.Sandbox, probe_name)
        setattr(grade.Sandbox, probe_name, lambda self: False)
        try:
            result, log = graded_with(grade.Sandbox())
        finally:
            setattr(grade.Sandbox, probe_name, probe)
        return result, log, result["output"] + "".join(t.get("output", "") for t in result["tests"])
    result, log, seen = graded_refused("probe_netns")
    expect(log.count(grade.NO_NETWORK_LINE) == 1 and "NETWORK" not in seen
           and result["stdout_visibility"] == "hidden" and not result["extra_data"]["sandbox"]["network_isolated"],
           f"no network namespace: one line in the instructor's log ({log}), none in the student's view")
    # The same for a /proc of its own (refused on kernels before 5.8 and by some container runtimes)
    result, log, seen = graded_refused("probe_private_proc")
    expect(log.count(grade.NO_PRIVATE_PROC_LINE) == 1 and "/proc" not in seen
           and not result["extra_data"]["sandbox"]["private_proc"],
           f"no /proc of its own: one line in the instructor's log ({log}), none in the student's view")
    # Neither line where the kernel allows both; a refusal is named there
    sandbox = grade.Sandbox()
    result, log = graded_with(sandbox)
    expect(not sandbox.isolate_net or grade.NO_NETWORK_LINE not in log,
           f"a network namespace: nothing of it in the log ({log})")
    expect(sandbox.private_proc == (grade.NO_PRIVATE_PROC_LINE not in log),
           f"a /proc of its own: nothing of it in the log, and a refusal named there ({log})")
else:
    print("skipped: the network and /proc isolation lines (needs root: the sandbox's user)")

# GRADE_SHARED_DIR (tests of the grader only) names a folder by its absolute path, never /tmp or
# /var/tmp themselves: bound back whole, they would undo the student's private ones.
saved = os.environ.get(grade.SHARED_ENV)
try:
    for value, want in (("", None), (here, os.path.realpath(here)), ("assignments", "refused"),
                        ("/tmp/", "refused"), ("/var/tmp", "refused"), (os.path.join(here, "no such"), "refused")):
        os.environ[grade.SHARED_ENV] = value
        try:
            got = grade.shared_folder()
        except grade.ListError:
            got = "refused"
        expect(got == want, f"{grade.SHARED_ENV}={value!r}: {want} (got {got})")
finally:
    os.environ.pop(grade.SHARED_ENV, None)
    if saved is not None:
        os.environ[grade.SHARED_ENV] = saved

# The points file: plain and verdict items.
pts = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"asg_points_{os.getpid()}")
cases = (("a 3\nb 2.5  # half\n", None), ("a 1\na 1 verdict: rounds\n", None), ("a three\n", ":4: points must be a number"),
         ("a -1\n", ":4: points must be a number"), ("a 1\na 2\n", ":5: 'a' is listed twice"),
         ("zz 1\n", ":4: no test 'zz'"), ("# nothing\n", "no tests with points"),
         ("a 1 2\n", ":4: expected TEST_NAME POINTS"), ("a 1 verdict:\n", ":4: 'verdict:' needs"))
for text, message in cases:
    with open(pts + ".md", "w") as f:   # a chapter's registry: an intro, then its grading block
        f.write("Intro.\n\n```grading\n" + "".join("points " + line + "\n" if line and not line.startswith("#")
                                                     else line + "\n" for line in text.splitlines()) + "```\n")
    try:
        got = [(i.name, i.points, i.check) for i in grade.read_points(pts + ".md", tests)]
        expect(message is None and got in ([("a", 3.0, None), ("b", 2.5, None)],
                                           [("a", 1.0, None), ("a [rounds]", 1.0, "rounds")]),
               f"points file {text!r} read: {got}")
    except grade.ListError as e:
        expect(message is not None and message in str(e), f"points file {text!r} rejected: {e}")
os.remove(pts + ".md")

# The CPUs: at least one, at most what the affinity mask allows.
n = grade.available_cpus()
expect(1 <= n <= len(os.sched_getaffinity(0)), f"available CPUs: {n}")

# A test's time is its CPU's: one that waits on a loaded machine is not stopped at its limit.
# On a made-up clock and CPU meter, so that nothing here depends on this machine's speed.
import subprocess  # noqa: E402


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def time(self):
        return self.now


class FakeRun:
    """A test that uses cpu_rate seconds of CPU per second of the clock and ends at ends_at."""
    pid = 0

    def __init__(self, clock, cpu_rate, ends_at, status=4):
        self.clock, self.cpu_rate, self.ends_at, self.status = clock, cpu_rate, ends_at, status

    def wait(self, timeout):
        if self.clock.now + timeout >= self.ends_at:
            self.clock.now = self.ends_at
            return self.status
        self.clock.now += timeout
        raise subprocess.TimeoutExpired("test", timeout)


def fake_wait(cpu_rate, ends_at, limit=10.0):
    real_time, real_cpu = grade.time, grade.session_cpu_seconds
    clock = FakeClock()
    run = FakeRun(clock, cpu_rate, ends_at)
    grade.time = clock
    grade.session_cpu_seconds = lambda sid: run.cpu_rate * clock.now
    try:
        return grade.wait_for_cpu(run, limit, 0.0), clock.now
    finally:
        grade.time, grade.session_cpu_seconds = real_time, real_cpu


status, at = fake_wait(cpu_rate=0.25, ends_at=30.0)
expect(status == 4, f"a test that got a quarter of a CPU finishes at 3x its limit (status {status}, at {at:g} s)")
status, at = fake_wait(cpu_rate=1.0, ends_at=1e9)
expect(status is None and 10.0 <= at <= 10.0 + grade.CPU_POLL, f"a spinning test is stopped at its limit ({at:g} s)")
status, at = fake_wait(cpu_rate=0.0, ends_at=1e9)
expect(status is None and at == grade.WALL_FACTOR * 10.0,
       f"a test that sleeps is stopped at {grade.WALL_FACTOR}x its limit ({at:g} s)")
# and the CPU meter on a real process: a spinning shell is stopped, never waited for
p = subprocess.Popen(["sh", "-c", "while :; do :; done"], preexec_fn=os.setsid)
status = grade.wait_for_cpu(p, 0.3, __import__("time").time())
os.killpg(p.pid, 9)
p.wait()
expect(status is None, "a real spinning test is stopped")

# Long outputs are shortened from the front (the verdicts are at the end).
s = grade.show(b"x" * 50000 + b"MISMATCH", b"")
expect(len(s) < 7000 and s.endswith("MISMATCH"), "long outputs keep their end")

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
