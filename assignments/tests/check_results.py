#!/usr/bin/env python3
"""check_results.py RESULTS.json [EXPECTATION...] - asserts a results.json.

Always checked: valid JSON in Gradescope's autograder shape (a number
`score`, a list `tests` whose entries have a string `name`, numbers `score`
and `max_score` with 0 <= score <= max_score, a string `output`, `status`
passed/failed when present) and a total equal to the sum of the tests.

Expectations:
    full            every test with max_score > 0 earned it
    NAME=SCORE      the test NAME scored SCORE (NAME as in tests.list)
    build=ok|failed extra_data.build_ok
    output~TEXT     the top-level output contains TEXT
    notrun=NAME     NAME (a GPU test) is left out of the tests and named in the
                    output as not run -- or, where the grader saw a GPU, ran normally
    status~NAME=TEXT  the output of test NAME contains TEXT
    finished        extra_data.finished (the grader ran to its end)
Prints what failed and exits 1; exits 0 when all hold.
"""
import json
import sys


def shape_problems(d):
    problems = []
    if not isinstance(d, dict):
        return ["top level is not an object"]
    if not isinstance(d.get("score"), (int, float)):
        problems.append("no numeric top-level 'score'")
    if not isinstance(d.get("output", ""), str):
        problems.append("'output' is not a string")
    tests = d.get("tests")
    if not isinstance(tests, list) or not tests:
        return problems + ["'tests' is not a non-empty list"]
    total = 0.0
    for i, t in enumerate(tests):
        where = f"tests[{i}]"
        if not isinstance(t, dict):
            problems.append(f"{where} is not an object")
            continue
        if not isinstance(t.get("name"), str) or not t["name"]:
            problems.append(f"{where}: no name")
        for key in ("score", "max_score"):
            if not isinstance(t.get(key), (int, float)) or isinstance(t.get(key), bool):
                problems.append(f"{where}: '{key}' is not a number")
        if not isinstance(t.get("output", ""), str):
            problems.append(f"{where}: 'output' is not a string")
        if "status" in t and t["status"] not in ("passed", "failed"):
            problems.append(f"{where}: status '{t['status']}'")
        if isinstance(t.get("score"), (int, float)) and isinstance(t.get("max_score"), (int, float)):
            if not 0 <= t["score"] <= t["max_score"]:
                problems.append(f"{where}: score {t['score']} outside [0, {t['max_score']}]")
            total += t["score"]
    if isinstance(d.get("score"), (int, float)) and abs(total - d["score"]) > 1e-6:
        problems.append(f"score {d['score']} is not the sum of the tests ({total})")
    return problems


def base_name(name):
    return name.split(" (", 1)[0]


def main(argv):
    if len(argv) < 2:
        print(__doc__.strip().splitlines()[0], file=sys.stderr)
        return 2
    try:
        with open(argv[1], encoding="utf-8") as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        print(f"FAIL: {argv[1]}: {e}")
        return 1
    problems = shape_problems(d)
    tests = {base_name(t.get("name", "")): t for t in d.get("tests", []) if isinstance(t, dict)}
    gpu = d.get("extra_data", {}).get("gpu")
    for want in argv[2:]:
        if want == "full":
            short = [n for n, t in tests.items() if t["score"] != t["max_score"]]
            if short:
                problems.append(f"not full marks: {', '.join(short)}")
        elif want.startswith("build="):
            ok = d.get("extra_data", {}).get("build_ok")
            if ok != (want == "build=ok"):
                problems.append(f"extra_data.build_ok is {ok}, expected {want}")
        elif want.startswith("output~"):
            if want[7:] not in d.get("output", ""):
                problems.append(f"output lacks '{want[7:]}'")
        elif want.startswith("notrun="):
            name = want[7:]
            if not gpu and (name in tests or "Not run here" not in d.get("output", "")
                            or name not in d.get("output", "")):
                problems.append(f"{name} is not left out as not run (no GPU): {tests.get(name)}")
            elif gpu and name not in tests:
                problems.append(f"no test {name} (a GPU is there)")
        elif want.startswith("status~"):
            name, text = want[7:].split("=", 1)
            if name not in tests or text not in tests[name].get("output", ""):
                problems.append(f"the output of {name} lacks '{text}': {tests.get(name)}")
        elif want == "finished":
            if not d.get("extra_data", {}).get("finished"):
                problems.append("extra_data.finished is not true")
        elif "=" in want:
            name, value = want.split("=", 1)
            t = tests.get(name)
            if t is None:
                problems.append(f"no test {name}")
            elif abs(t["score"] - float(value)) > 1e-9:
                problems.append(f"{name} scored {t['score']}, expected {value}: {t.get('output', '')[:300]}")
        else:
            problems.append(f"unknown expectation '{want}'")
    for p in problems:
        print(f"FAIL: {argv[1]}: {p}")
    if not problems:
        print(f"ok: {argv[1]}: score {d['score']}, {len(tests)} tests, {len(argv) - 2} expectations hold")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
