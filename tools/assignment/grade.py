#!/usr/bin/env python3
"""grade.py - the autograder of an assignment kit (`make grade`).

Builds the chapter's programs, runs the chapter's tests with CTest (each
under the timeout its tests.list gives), prints a score table and writes
results.json in Gradescope's autograder format:

    {"score": 7.0, "output": "...", "tests": [
        {"name": "sum_default", "score": 3.0, "max_score": 3.0,
         "status": "passed", "output": "...", "tags": ["cpu"]}, ...]}

Points come from assignments/<chapter>.points (TEST_NAME POINTS per line).
GPU tests are run only where there is a GPU and nvcc; elsewhere they are
listed as "not run" with max_score 0, so they neither count as failures nor
lower the score. A build that fails yields a results.json with zero points
and the compiler's messages. Exit status: 0 once results.json is written
(whatever the score), 2 on a usage error.

Standard library only, Python 3.6 or newer: a kit must grade on a plain
Debian or Ubuntu machine (gcc, make, cmake; nvcc optional).

    grade.py --chapter CH [--out results.json] [--nvcc PATH] [--jobs N]
             [--submission DIR] [--make-var VAR=VALUE]... [--graded-only]

--submission DIR first copies the student's files (the ones listed in
assignments/<CH>.submit) from DIR into the kit; Gradescope's run_autograder
uses it. --graded-only runs only the tests worth points (the others are
listed as not run): a quicker check of a kit. GRADE_GPU=0|1 overrides the
GPU detection (for tests).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

BUILD = "build"
OUTPUT_LIMIT = 8000          # characters of a test's output kept in results.json
BUILD_LOG_LIMIT = 12000      # characters of a failed build's messages kept
DEFAULT_TIMEOUT = 120        # seconds, as in tools/gen_ctest.sh


class ListError(Exception):
    pass


# --- the registries ------------------------------------------------------------
def list_lines(path):
    """(line number, text) of a registry file, comments and blank lines dropped."""
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, start=1):
            text = line.strip()
            if text and not text.startswith("#"):
                yield number, text


def chapter_test_lists(root, chapter):
    """The chapter's tests.list, as the top-level Makefile reads it."""
    path = os.path.join(root, chapter, "tests.list")
    return [path] if os.path.isfile(path) else []


def read_tests(root, chapter):
    """[{name, kind, timeout, command, list}] in registry order."""
    tests, seen = [], set()
    for path in chapter_test_lists(root, chapter):
        for number, text in list_lines(path):
            fields = text.split(None, 2)
            if len(fields) < 3:
                raise ListError(f"{path}:{number}: expected NAME KIND COMMAND")
            name, kind, command = fields
            timeout = DEFAULT_TIMEOUT
            if ":" in kind:
                kind, t = kind.split(":", 1)
                if not t.isdigit():
                    raise ListError(f"{path}:{number}: bad timeout '{t}'")
                timeout = int(t)
            if kind not in ("cpu", "gpu"):
                raise ListError(f"{path}:{number}: kind must be cpu or gpu, got '{kind}'")
            if name in seen:
                raise ListError(f"{path}:{number}: duplicate test name '{name}'")
            seen.add(name)
            tests.append({"name": name, "kind": kind, "timeout": timeout,
                          "command": command, "list": path})
    return tests


def read_points(path, tests=None):
    """{test name: points} from a points file; checked against the tests."""
    known = {t["name"] for t in tests} if tests is not None else None
    points = {}
    for number, text in list_lines(path):
        fields = text.split("#", 1)[0].split()
        if len(fields) != 2:
            raise ListError(f"{path}:{number}: expected TEST_NAME POINTS")
        name, value = fields
        try:
            p = float(value)
        except ValueError:
            p = -1.0
        if not (p >= 0 and p < 1e6):
            raise ListError(f"{path}:{number}: points must be a number >= 0, got '{value}'")
        if name in points:
            raise ListError(f"{path}:{number}: '{name}' is listed twice")
        if known is not None and name not in known:
            raise ListError(f"{path}:{number}: no test '{name}' in the chapter's tests.list")
        points[name] = p
    if not points:
        raise ListError(f"{path}: no tests with points")
    return points


# --- running things ----------------------------------------------------------------
def clean_env():
    """The environment for make and ctest: no jobserver inherited from `make grade`."""
    env = dict(os.environ)
    for key in ("MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES"):
        env.pop(key, None)
    return env


def run(cmd, timeout, cwd="."):
    """(exit status, combined output); status None when the timeout struck."""
    try:
        p = subprocess.run(cmd, cwd=cwd, env=clean_env(), stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, timeout=timeout)
        return p.returncode, p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        return None, (e.output or b"").decode("utf-8", "replace")
    except OSError as e:
        return 127, f"cannot run {cmd[0]}: {e}"


def gpu_available(nvcc):
    forced = os.environ.get("GRADE_GPU")
    if forced in ("0", "1"):
        return forced == "1"
    if not nvcc or not shutil.which("nvidia-smi"):
        return False
    status, out = run(["nvidia-smi", "-L"], 30)
    return status == 0 and any(line.startswith("GPU") for line in out.splitlines())


def build(chapter, nvcc, jobs, timeout, make_vars=()):
    """(ok, log): builds the chapter's programs and the CTest file."""
    cmd = ["make", f"-j{jobs}", "--no-print-directory", "asg-build", f"CH={chapter}", f"NVCC={nvcc}"]
    cmd += list(make_vars)
    status, log = run(cmd, timeout)
    if status is None:
        return False, log + f"\nerror: the build did not finish within {timeout} s"
    return status == 0, log


def compiler_messages(log):
    """The lines a student needs first: errors with their context, then the tail."""
    lines = log.splitlines()
    keep = [i for i, line in enumerate(lines) if re.search(r"\berror\b|Error \d|undefined reference", line)]
    picked = []
    for i in keep[:40]:
        for j in range(max(0, i - 1), min(len(lines), i + 4)):
            if j not in picked:
                picked.append(j)
    head = "\n".join(lines[j] for j in picked)
    text = (head + "\n\n--- end of the build log ---\n" if head else "") + "\n".join(lines[-60:])
    return text[-BUILD_LOG_LIMIT:]


# --- CTest's report -------------------------------------------------------------------
STATUS_RE = re.compile(r"Test\s+#\d+:\s+(\S+)\s+\.*\s*(?:\*\*\*)?(.+?)\s+[\d.]+\s+sec\s*$")


def ctest_statuses(console):
    """{full test name: 'Passed' | 'Failed' | 'Timeout' | 'Skipped' | 'Exception: ...' | ...}."""
    found = {}
    for line in console.splitlines():
        m = STATUS_RE.search(line)
        if m:
            found[m.group(1)] = m.group(2).strip()
    return found


def junit_outputs(path):
    outputs = {}
    try:
        for case in ET.parse(path).getroot().iter("testcase"):
            out = case.find("system-out")
            outputs[case.get("name")] = (out.text or "") if out is not None else ""
    except (OSError, ET.ParseError):
        pass
    return outputs


def lasttest_outputs(build_dir):
    """Outputs from CTest's LastTest.log, for CTest versions without --output-junit."""
    outputs = {}
    folder = os.path.join(build_dir, "Testing", "Temporary")
    logs = [n for n in os.listdir(folder) if n.startswith("LastTest")] if os.path.isdir(folder) else []
    for name in logs:
        with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as f:
            text = f.read()
        for m in re.finditer(r"^\d+/\d+ Test: (\S+)\n.*?^Output:\n-+\n(.*?)<end of output>", text, re.S | re.M):
            outputs[m.group(1)] = m.group(2)
    return outputs


def ctest_supports_junit():
    status, out = run(["ctest", "--help"], 30)
    return status == 0 and "--output-junit" in out


def run_tests(chapter, tests, with_gpu, jobs, exclude=()):
    """{test name: (status word, output)} for the tests CTest ran."""
    if not tests:
        return {}, ""
    junit = os.path.abspath(os.path.join(BUILD, "grade-junit.xml"))
    if os.path.exists(junit):
        os.remove(junit)
    cmd = ["ctest", "--test-dir", BUILD, "-L", f"^{chapter}$", f"-j{jobs}"]
    if not with_gpu:
        cmd += ["-LE", "^gpu$"]
    if exclude:
        cmd += ["-E", "^(" + "|".join(f"{chapter}\\.{n}" for n in sorted(exclude)) + ")$"]
    use_junit = ctest_supports_junit()
    if use_junit:
        cmd += ["--output-junit", junit]
    # CTest enforces each test's own timeout; this only guards against CTest itself hanging.
    limit = sum(t["timeout"] for t in tests) + 120
    status, console = run(cmd, limit)
    statuses = ctest_statuses(console)
    outputs = junit_outputs(junit) if use_junit else lasttest_outputs(BUILD)
    results = {}
    for t in tests:
        full = f"{chapter}.{t['name']}"
        if full in statuses:
            results[t["name"]] = (statuses[full], outputs.get(full, ""))
    note = "" if status is not None else f"CTest did not finish within {limit} s"
    return results, note


# --- scoring ----------------------------------------------------------------------------
def trim(text, limit=OUTPUT_LIMIT):
    text = text.rstrip("\n")
    return text if len(text) <= limit else "[... output shortened ...]\n" + text[-limit:]


def score(chapter, tests, points, build_ok, build_log, with_gpu, ran, needs_nvcc=(), unscored=()):
    """The results.json object. `ran` maps test names to (status, output);
    needs_nvcc names the cpu tests that run a program nvcc was not there to build;
    unscored the tests worth 0 that --graded-only left out."""
    entries, lines = [], []
    known = {t["name"] for t in tests}
    earned = possible = pending = 0.0
    for t in tests + [{"name": n, "kind": "cpu", "missing": True} for n in points if n not in known]:
        name, kind = t["name"], t["kind"]
        worth = points.get(name, 0.0)
        entry = {"name": name, "score": 0.0, "max_score": worth, "tags": [kind], "visibility": "visible"}
        if t.get("missing"):
            entry.update(status="failed", output=f"no test '{name}' in {chapter}/tests.list "
                                                   "(tell your instructor: the points file is wrong)")
            word = "missing"
        elif (kind == "gpu" and not with_gpu) or name in needs_nvcc:
            # Not run is not failed: worth nothing here, flagged, points kept in extra_data.
            why = "GPU test" if kind == "gpu" else "needs nvcc"
            entry.update(max_score=0.0, name=f"{name} ({why}: not run here)",
                         output=f"not run: this machine has no CUDA GPU or no nvcc; worth {worth:g} "
                                f"points where one exists",
                         extra_data={"not_run": "no GPU" if kind == "gpu" else "no nvcc", "points": worth})
            entry.pop("status", None)
            word = "not run (no GPU)" if kind == "gpu" else "not run (no nvcc)"
            pending += worth
        elif name in unscored:
            entry.update(output="not run: worth 0 points (--graded-only)")
            word = "not run (worth 0)"
        elif not build_ok:
            entry.update(status="failed", output="not run: the build failed (see the messages above the tests)")
            word = "not run (build failed)"
        elif name not in ran:
            entry.update(status="failed", output="not run: CTest did not report this test")
            word = "not run"
        else:
            status, output = ran[name]
            passed = status == "Passed"
            if passed:
                entry["score"] = worth
            entry["status"] = "passed" if passed else "failed"
            word = "passed" if passed else status.lower()
            if status == "Skipped":
                word = "skipped (exit 77)"
            header = "" if passed else f"[{word}: {t['command']}]\n"
            entry["output"] = trim(header + output)
        earned += entry["score"]
        possible += entry["max_score"]
        entries.append(entry)
        lines.append((name, kind, entry["score"], worth, word))

    summary = [f"Assignment {chapter}: {earned:g} / {possible:g} points."]
    if not build_ok:
        summary.append("The build failed, so no test could run. The compiler said:\n")
        summary.append(compiler_messages(build_log))
    if pending:
        summary.append(f"Tests worth {pending:g} points were not run: no GPU (or no nvcc) here. "
                       "They are graded where a GPU exists.")
    return {
        "score": round(earned, 4),
        "output": "\n".join(summary),
        "visibility": "visible",
        "stdout_visibility": "visible",
        "tests": entries,
        "extra_data": {"chapter": chapter, "build_ok": build_ok, "gpu": with_gpu,
                       "max_score_here": round(possible, 4), "gpu_points_not_run": pending},
    }, lines


def print_table(chapter, lines, result):
    width = max([len(n) for n, *_ in lines] + [len("test")])
    print(f"\n{'test':<{width}}  kind  points     result")
    for name, kind, got, worth, word in lines:
        print(f"{name:<{width}}  {kind:<4}  {got:>4g} / {worth:<4g}  {word}")
    extra = result["extra_data"]
    print(f"{'total':<{width}}        {result['score']:>4g} / {extra['max_score_here']:<4g}", end="")
    if extra["gpu_points_not_run"]:
        print(f"  (+{extra['gpu_points_not_run']:g} points not run: no GPU or no nvcc here)", end="")
    print()
    if not extra["build_ok"]:
        print(f"\nThe build failed:\n{compiler_messages_tail(result)}")


def compiler_messages_tail(result):
    return result["output"].split("The compiler said:\n", 1)[-1]


# --- submissions (Gradescope) ------------------------------------------------------------
def copy_submission(chapter, submission):
    """Copies the student's files over the kit's stubs; returns a note for the output."""
    listed = os.path.join("assignments", f"{chapter}.submit")
    notes = []
    for _, wanted in list_lines(listed):
        candidates = [os.path.join(submission, wanted), os.path.join(submission, os.path.basename(wanted))]
        for top, _, files in os.walk(submission):
            if os.path.basename(wanted) in files:
                candidates.append(os.path.join(top, os.path.basename(wanted)))
        found = next((c for c in candidates if os.path.isfile(c)), None)
        if found:
            shutil.copyfile(found, wanted)
        else:
            notes.append(f"{wanted} was not submitted: the kit's stub is graded instead.")
    return "\n".join(notes)


def write_json(path, result):
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(result, f, indent=2, ensure_ascii=True)
        f.write("\n")
    os.replace(tmp, path)


def main(argv):
    ap = argparse.ArgumentParser(description="Grades an assignment kit; writes results.json.")
    ap.add_argument("--chapter", required=True)
    ap.add_argument("--points", help="points file (default assignments/<chapter>.points)")
    ap.add_argument("--out", default="results.json")
    ap.add_argument("--nvcc", default="", help="the nvcc to build with; empty: CPU only")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--build-timeout", type=int, default=1200)
    ap.add_argument("--submission", help="folder with the student's files (Gradescope)")
    ap.add_argument("--graded-only", action="store_true",
                    help="run only the tests worth points (a quick check of a kit); the others are listed as not run")
    ap.add_argument("--make-var", action="append", default=[], metavar="VAR=VALUE",
                    help="passed to make, e.g. CUDA_ARCH=sm_80 where nvcc has no GPU to ask")
    args = ap.parse_args(argv[1:])
    chapter = args.chapter
    started = time.time()
    try:
        tests = read_tests(".", chapter)
        points = read_points(args.points or os.path.join("assignments", f"{chapter}.points"))
    except (ListError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    if os.path.exists(args.out):
        os.remove(args.out)
    note = copy_submission(chapter, args.submission) if args.submission else ""
    # Archives unpacked by tools that drop the mode bits (zipfile) leave the test scripts unrunnable.
    for folder in ("tools", chapter):
        for top, _, files in os.walk(folder):
            for name in files:
                if name.endswith(".sh"):
                    path = os.path.join(top, name)
                    os.chmod(path, os.stat(path).st_mode | 0o111)

    with_gpu = gpu_available(args.nvcc)
    print(f"grading {chapter}: building (GPU tests {'run' if with_gpu else 'not run: no GPU here'}) ...",
          flush=True)
    build_ok, build_log = build(chapter, args.nvcc, args.jobs, args.build_timeout, args.make_var)
    # built without nvcc every program still links (gpu/no_cuda.c): cpu tests always run
    needs_nvcc = set()
    unscored = {t["name"] for t in tests if not points.get(t["name"])} if args.graded_only else set()
    ran, ctest_note = ({}, "")
    if build_ok:
        print("running the tests ...", flush=True)
        ran, ctest_note = run_tests(chapter, tests, with_gpu, args.jobs, set(needs_nvcc) | unscored)
    result, lines = score(chapter, tests, points, build_ok, build_log, with_gpu, ran, needs_nvcc, unscored)
    for extra in (note, ctest_note):
        if extra:
            result["output"] += "\n" + extra
    result["execution_time"] = round(time.time() - started, 1)
    write_json(args.out, result)
    print_table(chapter, lines, result)
    print(f"results: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
