#!/usr/bin/env python3
"""test_markers.py - the marker parser: both views, line numbers, hints, and
an error naming FILE:LINE for every malformed marker."""
import os
import subprocess
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import markers  # noqa: E402

failures = []


def expect(cond, what):
    if not cond:
        failures.append(what)
    print(("ok: " if cond else "FAIL: ") + what)


GOOD = """int f(int a)
{
    /* BEGIN SOLUTION */
    int b = a * 2;
    return b + 1;
    /* STUDENT:
    (void)a;
    return 0;  // TODO: double a, add one
    */
    /* END SOLUTION */
}
int g(void)
{
  /* BEGIN SOLUTION */
  return 7;
  /* STUDENT: return seven
  return 0;
  */
  /* END SOLUTION */
}
"""

regions, student, book = markers.parse(GOOD, "good.c")
expect(len(regions) == 2, "two regions found")
expect(student == """int f(int a)
{
    (void)a;
    return 0;  // TODO: double a, add one
}
int g(void)
{
  // TODO: return seven
  return 0;
}
""", "student view: stubs uncommented, opener hint kept as an indented TODO, nothing else changed")
expect(book == """int f(int a)
{
    int b = a * 2;
    return b + 1;
}
int g(void)
{
  return 7;
}
""", "book view: reference code kept, marker lines and STUDENT blocks dropped")
expect([r.begin for r in regions] == [3, 14] and [r.end for r in regions] == [10, 19], "region lines")
expect([r.student_line for r in regions] == [3, 8], "student-view lines of the stubs (what README lists)")
expect([r.hint() for r in regions] == ["double a, add one", "return seven"], "hints")
expect([n for n, _ in regions[0].solution] == [4, 5], "reference lines and their numbers")
_, s_crlf, b_crlf = markers.parse(GOOD.replace("\n", "\r\n"), "crlf.c")
expect(s_crlf == student.replace("\n", "\r\n") and b_crlf == book.replace("\n", "\r\n"),
       "CRLF files keep their line ends in both views")
expect(markers.parse("int x;\n", "plain.c") == ([], "int x;\n", "int x;\n"), "a file without markers is unchanged")

BAD = [
    ("/* END SOLUTION */\n", "bad.c:1: END SOLUTION without a BEGIN SOLUTION"),
    ("/* BEGIN SOLUTION */\nint a;\n", "bad.c:1: BEGIN SOLUTION without END SOLUTION"),
    ("/* BEGIN SOLUTION */\n/* BEGIN SOLUTION */\n", "bad.c:2: BEGIN SOLUTION inside the region opened at line 1"),
    ("/* STUDENT: x\n*/\n", "bad.c:1: STUDENT block outside a solution region"),
    ("/* BEGIN SOLUTION */\n/* STUDENT: a\n*/\n/* STUDENT: b\n*/\n/* END SOLUTION */\n",
     "bad.c:4: second STUDENT block in the region opened at line 1"),
    ("/* BEGIN SOLUTION */\n/* STUDENT: a\nint x;\n", "bad.c:2: STUDENT block is never closed"),
    ("/* BEGIN SOLUTION */\n/* STUDENT:\nreturn 0;\n*/\n/* END SOLUTION */\n", "bad.c:2: STUDENT block has no hint"),
    ("/* BEGIN SOLUTION */\nint a;\n/* END SOLUTION */\n", "bad.c:1: region has no /* STUDENT: ... */ block"),
    ("/* BEGIN SOLUTION */\n/* STUDENT: a */\n/* END SOLUTION */\n", "bad.c:2: the STUDENT opener must not close"),
    ("/* BEGIN SOLUTION */\n/* STUDENT: a\nx; /* no */\n*/\n/* END SOLUTION */\n", "bad.c:3: a STUDENT stub cannot contain"),
    ("/* BEGIN SOLUTION */\n/* STUDENT: a\n/* END SOLUTION */\n", "bad.c:3: marker inside the STUDENT block"),
    ("int a; /* BEGIN SOLUTION */\n", "bad.c:1: solution marker must stand alone on its line"),
    ("// BEGIN SOLUTION\n", "bad.c:1: solution marker must stand alone on its line"),
]
for text, message in BAD:
    try:
        markers.parse(text, "bad.c")
        expect(False, f"rejected: {message}")
    except markers.MarkerError as e:
        expect(str(e).startswith(message), f"rejected: {message}" + ("" if str(e).startswith(message) else f" (got: {e})"))

# The command line: exit 2 and one line 'error: FILE:LINE: ...'.
bad = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"asg_markers_{os.getpid()}.c")
with open(bad, "w") as f:
    f.write("int a;\n/* END SOLUTION */\n")
p = subprocess.run([sys.executable, os.path.join(os.path.dirname(markers.__file__), "markers.py"), "check", bad],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
os.remove(bad)
expect(p.returncode == 2 and p.stdout.startswith(f"error: {bad}:2: END SOLUTION without"),
       f"markers.py check exits 2 with 'error: FILE:2: ...' (got {p.returncode}: {p.stdout.strip()})")

# The leak check's secrets (make_kit.secret_lines): a reference line that the
# code outside the regions already holds, alone or inside a longer line, is no
# secret; a line found only in a region is.
import shutil  # noqa: E402
import tempfile  # noqa: E402
import make_kit  # noqa: E402
root = tempfile.mkdtemp()
try:
    os.makedirs(os.path.join(root, "ch"))
    with open(os.path.join(root, "ch", "a.c"), "w") as f:
        f.write("int f(int n)\n{\n    int s = 0;\n    /* BEGIN SOLUTION */\n"
                "    for (int i = 0; i < n; i++)\n        s += i * i + 7;\n    int already_public = 1;\n"
                "    /* STUDENT: sum the squares plus 7\n    (void)n;\n    */\n    /* END SOLUTION */\n"
                "    return s;\n}\n")
    with open(os.path.join(root, "ch", "b.c"), "w") as f:
        f.write("int g(int n)\n{\n    int already_public = 1;\n    int t = 0;\n"
                "    for (int i = 0; i < n; i++) {\n        t++;\n    }\n    return t + already_public;\n}\n")
    secrets = make_kit.secret_lines(root, "ch")
    expect(set(secrets) == {"s += i * i + 7;"},
           f"secret_lines skips lines the public code holds, even inside a longer line (got {sorted(secrets)})")
finally:
    shutil.rmtree(root)

print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
