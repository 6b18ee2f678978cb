#!/usr/bin/env python3
"""bench_summary.py - the one table of headline ratios that `make bench` ends with.

    bench_summary.py --floors bench/floors.list --out build/bench/SUMMARY.md
                     [--chapters "common ch03_work_span ..."] [--command TEXT] RUN.tsv...

Each RUN.tsv is what one round of headline benches appended (tools/run_list.sh
runs every `headline` line of the tests.list files once per round, as a separate
process, with `--ratios RUN.tsv`). A row is

    NAME<TAB>RATIO<TAB>OURS_US<TAB>RIVAL_US<TAB>DESCRIPTION

with RATIO = rival time / our time (above 1: ours is faster). A bench that
cannot measure a ratio in this build says so with RATIO `skipped`, OURS_US and
RIVAL_US `-` and the reason as DESCRIPTION.

bench/floors.list holds one floor a line: `NAME FLOOR [needs=WHAT] # why`.
The summary fails (exit 1, after writing SUMMARY.md) when
  - a median of the runs is below its floor;
  - a floor has no measurement (a check that measured nothing must fail);
  - a name was measured in some runs but not in all of them;
  - a row is malformed, or a name appears twice in one run;
  - a row says `skipped` but its floor has no needs= tag that allows it.
A floor with needs=WHAT whose rows all say `skipped` is reported as skipped,
not failed. A measured name without a floor is shown as `no floor` (not a
failure). With --chapters, only the floors of those chapters are checked: a
floor's chapter is the folder named like its NAME's first dotted part, or
starting with that part and `_` (ch03 -> ch03_work_span, canonical ->
canonical_scan). Exit 2: bad usage or an unreadable floors file.
"""
import argparse
import math
import os
import re
import subprocess
import sys
import time

NAME_RE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z0-9_^+\-]+)+$")
RATIO_CONSISTENCY = 0.02  # RATIO vs RIVAL_US / OURS_US: both are printed rounded


def positive_number(text):
    try:
        v = float(text)
    except ValueError:
        return None
    return v if math.isfinite(v) and v > 0 else None


def read_floors(path):
    """{name: (floor, needs, why)}; errors are (line, message)."""
    floors, errors = {}, []
    with open(path, encoding="utf-8") as f:
        for lineno, raw in enumerate(f, 1):
            text, _, why = raw.partition("#")
            words = text.split()
            if not words:
                continue
            where = f"{path}:{lineno}"
            needs = None
            rest = words[2:]
            if rest and rest[0].startswith("needs="):
                needs = rest[0][len("needs="):]
                rest = rest[1:]
            floor = positive_number(words[1]) if len(words) > 1 else None
            if len(words) < 2 or rest or floor is None or not NAME_RE.match(words[0]) or needs == "":
                errors.append(f"{where}: malformed floor line (NAME FLOOR [needs=WHAT] # why): {raw.strip()}")
                continue
            if words[0] in floors:
                errors.append(f"{where}: floor for {words[0]} given twice")
                continue
            floors[words[0]] = (floor, needs, why.strip())
    return floors, errors


def read_run(path, errors):
    """{name: row}, row = (ratio or None when skipped, ours_us, rival_us, description)."""
    rows = {}
    if not os.path.isfile(path):
        errors.append(f"{path}: missing (no headline bench of this run wrote a ratio)")
        return rows
    with open(path, encoding="utf-8", errors="replace") as f:
        for lineno, raw in enumerate(f, 1):
            line = raw.rstrip("\n")
            where = f"{path}:{lineno}"
            fields = line.split("\t")
            if len(fields) != 5:
                errors.append(f"{where}: malformed row ({len(fields)} tab-separated fields, want 5): {line!r}")
                continue
            name, ratio_text, ours_text, rival_text, description = fields
            if not NAME_RE.match(name) or not description.strip():
                errors.append(f"{where}: malformed row (name or description): {line!r}")
                continue
            if name in rows:
                errors.append(f"{where}: {name} appears twice in one run")
                continue
            if ratio_text == "skipped":
                if ours_text != "-" or rival_text != "-":
                    errors.append(f"{where}: malformed skipped row (times must be '-'): {line!r}")
                    continue
                rows[name] = (None, None, None, description)
                continue
            ratio, ours, rival = positive_number(ratio_text), positive_number(ours_text), positive_number(rival_text)
            if ratio is None or ours is None or rival is None:
                errors.append(f"{where}: malformed row (RATIO, OURS_US, RIVAL_US must be positive numbers): {line!r}")
                continue
            if abs(ratio - rival / ours) > RATIO_CONSISTENCY * ratio:
                errors.append(f"{where}: {name}: RATIO {ratio_text} is not RIVAL_US / OURS_US = {rival / ours:.4f}")
                continue
            rows[name] = (ratio, ours, rival, description)
    return rows


def floor_chapter(name, chapters):
    prefix = name.split(".")[0]
    for c in chapters:
        if c == prefix or c.startswith(prefix + "_"):
            return c
    return None


def shell(cmd):
    try:
        out = subprocess.run(cmd, shell=True, capture_output=True, text=True, timeout=20).stdout
        return out.strip().splitlines()[0] if out.strip() else None
    except (OSError, subprocess.SubprocessError):
        return None


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


def header_lines(command, runs):
    device = shell("nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null")
    commit = shell("git rev-parse --short HEAD 2>/dev/null") or "unknown"
    if shell("git status --porcelain --untracked-files=no 2>/dev/null"):
        commit += " (+ uncommitted changes)"
    return [
        "## Headline ratios: the median of separate runs, against their floors",
        "",
        f"device: {device or 'unknown (nvidia-smi did not answer)'}  ",
        f"host: {cpu_model()}, {os.cpu_count()} hardware threads  ",
        f"date: {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}  ",
        f"commit: {commit}  ",
        f"command: `{command}`",
        "",
        f"Each ratio is rival time / our time (above 1: ours is faster), measured in {runs} separate "
        "processes of its bench; the table gives their median and range (min..max). Floors: "
        "`bench/floors.list`.",
        "",
    ]


def fmt(v):
    return f"{v:.3f}"


def summarise(floors, runs, chapters):
    """The table rows and the problems (each a failure)."""
    problems = []
    checked = {n: f for n, f in floors.items() if chapters is None or floor_chapter(n, chapters) is not None}
    names = sorted(set(checked) | {n for r in runs for n in r})
    table = []
    for name in names:
        got = [r[name] for r in runs if name in r]
        floor, needs, _ = checked.get(name, (None, None, ""))
        floor_text = "-" if floor is None else fmt(floor) + (f" (needs {needs})" if needs else "")
        description = got[0][3] if got else "-"
        skipped = [g for g in got if g[0] is None]
        measured = [g for g in got if g[0] is not None]
        if not got:
            table.append((name, "-", "-", "-", floor_text, "FAIL: not measured"))
            problems.append(f"{name}: has a floor but no run measured it")
            continue
        if len(got) != len(runs) or (skipped and measured):
            verdict = f"FAIL: measured in {len(measured)}, skipped in {len(skipped)} of {len(runs)} runs"
            table.append((name, description, "-", "-", floor_text, verdict))
            problems.append(f"{name}: {verdict[6:]}")
            continue
        if skipped:
            if needs is None:
                table.append((name, description, "-", "-", floor_text, "FAIL: skipped, and its floor allows no skip"))
                problems.append(f"{name}: skipped ({description}) but its floor has no needs= tag")
            else:
                table.append((name, description, "-", "-", floor_text, f"skipped: {description}"))
            continue
        ratios = sorted(g[0] for g in measured)
        median = ratios[len(ratios) // 2] if len(ratios) % 2 else (ratios[len(ratios) // 2 - 1] + ratios[len(ratios) // 2]) / 2
        spread = f"{fmt(ratios[0])}..{fmt(ratios[-1])}"
        if floor is None:
            verdict = "no floor"
        elif median >= floor:
            verdict = "pass"
        else:
            verdict = "FAIL: below floor"
            problems.append(f"{name}: median {fmt(median)} below its floor {fmt(floor)}")
        table.append((name, description, fmt(median), spread, floor_text, verdict))
    return table, problems


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--floors", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--chapters", help="check only the floors of these chapter folders (space-separated)")
    ap.add_argument("--command", default="make bench", help="the command line the header names")
    ap.add_argument("runs", nargs="+", help="one ratios TSV per run")
    args = ap.parse_args()
    try:
        floors, problems = read_floors(args.floors)
    except OSError as e:
        print(f"error: cannot read floors '{args.floors}': {e.strerror}", file=sys.stderr)
        return 2
    chapters = args.chapters.split() if args.chapters else None
    if chapters is not None:
        for name in floors:
            if floor_chapter(name, chapters) is None and floor_chapter(name, os.listdir(".")) is None:
                problems.append(f"{args.floors}: {name}: its first part names no chapter folder")
    runs = [read_run(p, problems) for p in args.runs]
    table, more = summarise(floors, runs, chapters)
    problems += more
    lines = header_lines(args.command, len(runs))
    lines += ["| name | what | median | range | floor | verdict |", "|---|---|---|---|---|---|"]
    lines += ["| " + " | ".join(row) + " |" for row in table]
    passed = sum(1 for r in table if r[5] == "pass")
    skipped = sum(1 for r in table if r[5].startswith("skipped"))
    lines += ["", f"{len(table)} ratios: {passed} pass, {skipped} skipped, {len(problems)} problems"]
    if problems:
        lines += ["", "Problems (each makes the bench fail):", ""] + [f"- {p}" for p in problems]
    lines.append("")
    text = "\n".join(lines)
    try:
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    except OSError as e:
        print(f"error: writing {args.out}: {e.strerror}", file=sys.stderr)
        return 1
    sys.stdout.write(text)
    print(f"bench summary: {'FAILED' if problems else 'passed'} ({args.out})")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
