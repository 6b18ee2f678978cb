#!/usr/bin/env python3
"""check_readme_points.py [ROOT] - assignments/README.md's table of the chapters' kits
adds up what the chapters' registries say.

Each chapter's points live in one place, its assignments/<chapter>.md (`points` and
`hidden` lines); README.md's table "The chapters' kits" shows their sums. For every
registry the table must have one row, and its CPU points, hidden points and GPU points
columns must be the sums of that registry's items (a test's kind, cpu or gpu, is the
one its chapter's tests.list or its `hidden` line gives it; `—` is 0). A row without a registry, or a table
with no rows, fails too. Prints one line per chapter and exits 1 on any difference.
"""
import os
import re
import sys

sys.dont_write_bytecode = True
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools"))
import grade  # noqa: E402

COLUMNS = ("CPU points", "hidden (CPU)", "GPU points")


def registry_sums(root, chapter):
    """(cpu, hidden, gpu) points of assignments/<chapter>.md."""
    path = os.path.join(root, "assignments", f"{chapter}.md")
    tests = grade.read_tests(root, chapter)
    kind = {t["name"]: t["kind"] for t in tests}
    items = grade.read_points(path, tests)
    hidden_tests, hidden = grade.read_hidden(path)
    kind.update({t["name"]: t["kind"] for t in hidden_tests})
    cpu = sum(i.points for i in items if kind[i.test] != "gpu")
    gpu = sum(i.points for i in items if kind[i.test] == "gpu")
    return cpu, sum(i.points for i in hidden if kind[i.test] != "gpu"), gpu


def table_rows(readme):
    """{chapter: {column: cell}} of the table under '## The chapters' kits'."""
    with open(readme, encoding="utf-8") as f:
        text = f.read()
    section = text.split("## The chapters' kits", 1)
    if len(section) < 2:
        return None
    lines = [l for l in section[1].split("\n## ", 1)[0].splitlines() if l.startswith("|")]
    if len(lines) < 3:
        return {}
    header = [c.strip() for c in lines[0].strip("|").split("|")]
    rows = {}
    for line in lines[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        m = re.fullmatch(r"`([^`]+)`", cells[0])
        if m:
            rows[m.group(1)] = dict(zip(header, cells))
    return rows


def number(cell):
    if cell in ("—", "-", ""):
        return 0.0
    try:
        return float(cell)
    except ValueError:
        return None


def main(argv):
    root = os.path.abspath(argv[1] if len(argv) > 1 else ".")
    readme = os.path.join(root, "assignments", "README.md")
    folder = os.path.join(root, "assignments")
    chapters = sorted(n[:-len(".md")] for n in os.listdir(folder) if n.endswith(".md")
                      and n not in ("README.md", "PLAN.md")
                      and os.path.isfile(os.path.join(root, n[:-len(".md")], "tests.list")))
    rows = table_rows(readme)
    if rows is None:
        print(f"FAIL: {readme} has no section \"## The chapters' kits\"")
        return 1
    problems = 0
    if not chapters or not rows:
        print(f"FAIL: nothing to compare ({len(chapters)} chapter registries, {len(rows)} table rows)")
        return 1
    for ch in chapters:
        if ch not in rows:
            print(f"FAIL: assignments/{ch}.md has no row in README.md's table of the chapters' kits")
            problems += 1
            continue
        want = registry_sums(root, ch)
        for column, value in zip(COLUMNS, want):
            if column not in rows[ch]:
                print(f"FAIL: README.md's table has no column '{column}'")
                return 1
            got = number(rows[ch][column])
            if got != value:
                print(f"FAIL: {ch}: README.md says {column} {rows[ch][column]}, "
                      f"assignments/{ch}.md adds up to {value:g}")
                problems += 1
        print(f"{ch}: " + ", ".join(f"{c} {v:g}" for c, v in zip(COLUMNS, want)))
    for ch in sorted(set(rows) - set(chapters)):
        print(f"FAIL: README.md's table has a row for {ch}, which has no assignments/{ch}.md")
        problems += 1
    print(f"{len(chapters)} chapters compared, {problems} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
