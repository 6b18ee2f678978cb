#!/usr/bin/env python3
"""test_scoring.py - the autograder's scoring and CTest parsing, on made-up
runs: GPU present or absent, a failed build, a test the points file names
but no tests.list has, CTest's console and LastTest.log formats."""
import json
import os
import sys

sys.dont_write_bytecode = True
here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
sys.path.insert(0, here)
import grade           # noqa: E402
import check_results   # noqa: E402

failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)
    print(("ok: " if cond else "FAIL: ") + what)


tests = [{"name": "a", "kind": "cpu", "timeout": 10, "command": "prog --a"},
         {"name": "b", "kind": "cpu", "timeout": 10, "command": "prog --b"},
         {"name": "g", "kind": "gpu", "timeout": 10, "command": "prog --on gpu"},
         {"name": "u", "kind": "cpu", "timeout": 10, "command": "prog --help"}]
points = {"a": 3.0, "b": 2.0, "g": 4.0}
ran = {"a": ("Passed", "self-check: confirmed\n"), "b": ("Timeout", "partial\n"),
       "g": ("Passed", "gpu ok\n"), "u": ("Passed", "")}


def by_name(result):
    return {t["name"].split(" (")[0]: t for t in result["tests"]}


# No GPU: g is listed, not run, worth 0 here; b's timeout is a failure.
r, lines = grade.score("ch", tests, points, True, "", False, {k: v for k, v in ran.items() if k != "g"})
t = by_name(r)
expect(check_results.shape_problems(r) == [], "no GPU: results.json has Gradescope's shape")
expect(r["score"] == 3.0 and r["extra_data"]["max_score_here"] == 5.0, "no GPU: 3 of 5 points")
expect(t["g"]["max_score"] == 0 and t["g"]["score"] == 0 and "status" not in t["g"]
       and "not run" in t["g"]["output"] and t["g"]["extra_data"]["points"] == 4.0,
       "no GPU: the gpu test is flagged not run, max_score 0, its points kept aside")
expect(r["extra_data"]["gpu_points_not_run"] == 4.0 and "not run" in r["output"], "no GPU: the summary says so")
expect(t["b"]["status"] == "failed" and t["b"]["output"].startswith("[timeout: prog --b]"), "a timeout fails, named")
expect(t["u"]["max_score"] == 0 and t["u"]["status"] == "passed", "a test without points is shown, worth 0")
expect(json.loads(json.dumps(r)) == r, "the result survives a JSON round trip")

# With a GPU: g counts.
r, _ = grade.score("ch", tests, points, True, "", True, ran)
expect(r["score"] == 7.0 and r["extra_data"]["max_score_here"] == 9.0, "GPU: 7 of 9 points")
r, _ = grade.score("ch", tests, points, True, "", True, dict(ran, g=("Skipped", "skipped: no CUDA device")))
expect(by_name(r)["g"]["score"] == 0 and by_name(r)["g"]["status"] == "failed",
       "GPU machine but the test skipped (exit 77): no points")

# A failed build: zero everywhere, the compiler's message on top.
log = "cc -c x.c\nx.c:3:5: error: expected ';' before '}' token\nmake: *** [x.o] Error 1\n"
r, _ = grade.score("ch", tests, points, False, log, False, {})
expect(check_results.shape_problems(r) == [] and r["score"] == 0, "failed build: valid, zero points")
expect("x.c:3:5: error: expected ';'" in r["output"], "failed build: the compiler's message is in the output")
expect(all(t["score"] == 0 for t in r["tests"]), "failed build: every test scores 0")

# A points entry naming no test: listed, failed, not a crash.
r, _ = grade.score("ch", tests, dict(points, ghost=1.0), True, "", False, ran)
expect(by_name(r)["ghost"]["status"] == "failed" and by_name(r)["ghost"]["max_score"] == 1.0,
       "a points entry without a test is listed as failed")

# Long outputs are shortened from the front (the verdicts are at the end).
r, _ = grade.score("ch", tests, points, True, "", False, dict(ran, a=("Failed", "x" * 50000 + "MISMATCH")))
expect(len(by_name(r)["a"]["output"]) < 9000 and by_name(r)["a"]["output"].endswith("MISMATCH"),
       "long outputs keep their end")

# CTest's console lines and LastTest.log.
console = """    Start 1: ch.a
1/4 Test #1: ch.a .............................   Passed    0.01 sec
2/4 Test #2: ch.b .............................***Timeout   1.00 sec
3/4 Test #3: ch.g .............................***Skipped   0.01 sec
4/4 Test #4: ch.u .............................***Exception: SegFault  0.00 sec
"""
expect(grade.ctest_statuses(console) == {"ch.a": "Passed", "ch.b": "Timeout", "ch.g": "Skipped",
                                         "ch.u": "Exception: SegFault"}, "CTest console statuses")
log_dir = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"asg_scoring_{os.getpid()}")
os.makedirs(os.path.join(log_dir, "Testing", "Temporary"))
with open(os.path.join(log_dir, "Testing", "Temporary", "LastTest.log"), "w") as f:
    f.write("1/2 Testing: ch.a\n1/2 Test: ch.a\nCommand: \"/bin/sh\"\nOutput:\n------\nhello\nworld\n"
            "<end of output>\nTest time = 0.01 sec\n2/2 Testing: ch.b\n2/2 Test: ch.b\nOutput:\n---\n"
            "<end of output>\n")
outs = grade.lasttest_outputs(log_dir)
os.remove(os.path.join(log_dir, "Testing", "Temporary", "LastTest.log"))
os.removedirs(os.path.join(log_dir, "Testing", "Temporary"))
expect(outs == {"ch.a": "hello\nworld\n", "ch.b": ""}, f"LastTest.log outputs (older CTest): {outs}")

# The points file parser.
pts = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"asg_points_{os.getpid()}")
for text, message in (("a 3\nb 2.5  # half\n", None), ("a three\n", ":1: points must be a number"),
                      ("a -1\n", ":1: points must be a number"), ("a 1\na 2\n", ":2: 'a' is listed twice"),
                      ("zz 1\n", ":1: no test 'zz'"), ("# nothing\n", "no tests with points"),
                      ("a 1 2\n", ":1: expected TEST_NAME POINTS")):
    with open(pts, "w") as f:
        f.write(text)
    try:
        got = grade.read_points(pts, tests)
        expect(message is None and got == {"a": 3.0, "b": 2.5}, f"points file {text!r} read")
    except grade.ListError as e:
        expect(message is not None and message in str(e), f"points file {text!r} rejected: {e}")
os.remove(pts)

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
