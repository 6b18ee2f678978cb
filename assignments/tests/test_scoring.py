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

# Long outputs are shortened from the front (the verdicts are at the end).
s = grade.show(b"x" * 50000 + b"MISMATCH", b"")
expect(len(s) < 7000 and s.endswith("MISMATCH"), "long outputs keep their end")

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
