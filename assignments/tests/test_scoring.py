#!/usr/bin/env python3
"""test_scoring.py - the grader's parts on made-up inputs: the points file
(verdict items), the test commands it runs itself, its verdicts (golden,
exit status, self-check lines), the CPUs it may use, and the results.json of
a run that stopped half way."""
import os
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
import subprocess  # noqa: E402
import time  # noqa: E402


def timed(cmd, limit):
    started = time.time()
    p = subprocess.Popen(cmd, preexec_fn=os.setsid)
    status = grade.wait_for_cpu(p, limit, started)
    if status is None:
        os.killpg(p.pid, 9)
    p.wait()
    return status, time.time() - started


status, took = timed(["sh", "-c", "sleep 1; exit 4"], 0.5)
expect(status == 4, f"a test that used no CPU past its limit still finishes (status {status}, {took:.1f} s)")
status, took = timed(["sh", "-c", "while :; do :; done"], 0.3)
expect(status is None and took < grade.WALL_FACTOR * 0.3 + 1, f"a spinning test is stopped ({took:.1f} s)")
status, took = timed(["sleep", "30"], 0.2)
expect(status is None and took < 5, f"a sleeping test is stopped at {grade.WALL_FACTOR}x its limit ({took:.1f} s)")

# Long outputs are shortened from the front (the verdicts are at the end).
s = grade.show(b"x" * 50000 + b"MISMATCH", b"")
expect(len(s) < 7000 and s.endswith("MISMATCH"), "long outputs keep their end")

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
