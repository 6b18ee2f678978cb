#!/usr/bin/env python3
"""check_main_shape.py - every program's main() has one shape:

    options  -> its first work is reading the command line: cli_parse, or a
                function of the same file that calls it (parse_options);
    validate -> bad input found afterwards is refused through cli_refuse (or
                another cli_ helper), never by a hand-made "error:" line and
                return, so every refusal prints the same form and exits 2;
    run      -> the work;
    verdict  -> every return hands back an exit status: exit_status(ok), a
                named EXIT_ code, a function of the same file that returns
                only those, or a variable given only those.

Usage: check_main_shape.py [FILE...]   (default: the main of every program
that make builds); --self-test checks that mains of the wrong shape are refused.
"""
import re
import subprocess
import sys

PARSERS = ("cli_parse",)
WORK_BEFORE_PARSE = re.compile(r"\b(printf|fprintf|puts|fputs|malloc|calloc|alloc_or_exit|fopen|return|if|for|while|switch)\b")


def strip(text):
    """Comments and string literals blanked (same length, newlines kept)."""
    def blank(m):
        return re.sub(r"[^\n]", " ", m.group(0))
    return re.sub(r'/\*.*?\*/|//[^\n]*|"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\'', blank, text, flags=re.S)


def functions(code):
    """name -> body text, for every function defined at file scope."""
    out = {}
    for m in re.finditer(r"^[A-Za-z_][\w \t\*]*?\b(\w+)\s*\([^;{]*\)\s*\{", code, re.M):
        start = m.end() - 1
        depth, i = 0, start
        while i < len(code):
            if code[i] == "{":
                depth += 1
            elif code[i] == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        out[m.group(1)] = code[start + 1:i]
    return out


def returns(body):
    return [r.strip() for r in re.findall(r"\breturn\b([^;]*);", body)]


def is_status(expr, funcs, depth=0, body=""):
    expr = expr.strip()
    if re.fullmatch(r"\w+", expr) and not expr.startswith("EXIT_") and body:  # a variable: every value given to it is a status
        values = re.findall(r"\b%s\s*=(?!=)\s*([^;]+);" % expr, body)
        return bool(values) and all(is_status(v, funcs, depth + 1) for v in values)
    while expr.startswith("(") and expr.endswith(")"):
        expr = expr[1:-1].strip()
    if re.fullmatch(r"EXIT_[A-Z_]+", expr) or re.match(r"exit_status\s*\(", expr):
        return True
    m = re.fullmatch(r"[^?]+\?\s*(EXIT_[A-Z_]+)\s*:\s*(EXIT_[A-Z_]+)", expr)
    if m:
        return True
    m = re.match(r"(\w+)\s*\(", expr)
    if m and m.group(1) in funcs and depth < 4:
        rs = returns(funcs[m.group(1)])
        return bool(rs) and all(is_status(r, funcs, depth + 1) for r in rs)
    return False


def calls_parser(name, funcs, depth=0):
    body = funcs.get(name, "")
    if any(re.search(r"\b%s\s*\(" % p, body) for p in PARSERS):
        return True
    if depth < 3:
        for callee in set(re.findall(r"\b(\w+)\s*\(", body)):
            if callee in funcs and callee != name and calls_parser(callee, funcs, depth + 1):
                return True
    return False


def check(path, text):
    code = strip(text)
    funcs = functions(code)
    if "main" not in funcs:
        return []
    body = funcs["main"]
    problems = []
    # options: the first call that reads the command line, and nothing done before it
    first = None
    for m in re.finditer(r"\b(\w+)\s*\(", body):
        if m.group(1) in PARSERS or (m.group(1) in funcs and calls_parser(m.group(1), funcs)):
            first = m
            break
    if first is None:
        problems.append("main does not read its options with cli_parse (or a function that calls it)")
    else:
        before = WORK_BEFORE_PARSE.search(body[:first.start()])
        if before:
            problems.append("main does '%s' before it reads its options" % before.group(1))
    # validate: refusals through cli_refuse
    if re.search(r"\bEXIT_BAD_INPUT\b", body):
        problems.append("main refuses input by hand (EXIT_BAD_INPUT): use cli_refuse")
    # verdict: every return is an exit status
    for r in returns(body):
        if not is_status(r, funcs, body=body):
            problems.append("main returns '%s', not an exit status (exit_status(ok) or an EXIT_ code)" % r)
    return ["%s: %s" % (path, p) for p in problems]


SELF_TEST = {
    "work before parse": "int main(int c, char **v) { printf(\"hi\"); cli_parse(c, v, \"x\", 0, 0); return exit_status(1); }\n",
    "hand refusal": "int main(int c, char **v) { cli_parse(c, v, \"x\", 0, 0);\n if (c) { fprintf(stderr, \"error: no\\n\"); return EXIT_BAD_INPUT; }\n return exit_status(1); }\n",
    "bare return": "int main(int c, char **v) { cli_parse(c, v, \"x\", 0, 0); return 0; }\n",
    "status variable": "int main(int c, char **v) { cli_parse(c, v, \"x\", 0, 0); int s = 1; if (c) s = exit_status(1); return s; }\n",
    "no parse": "int main(int c, char **v) { return exit_status(c > 0); }\n",
}
GOOD = ("static int run(int n) { return exit_status(n > 0); }\n"
        "static void parse_options(int c, char **v) { cli_parse(c, v, \"x\", 0, 0); }\n"
        "int main(int c, char **v) { int n = 3; parse_options(c, v);\n if (n > 4) cli_refuse(\"n %d\", n);\n return run(n); }\n")


def self_test():
    bad = [name for name, text in SELF_TEST.items() if not check(name, text)]
    good = check("good", GOOD)
    if bad or good:
        print("FAIL: wrongly shaped mains accepted: %s; a good one refused: %s" % (bad, good))
        return 1
    print("ok: %d wrongly shaped mains refused, the right shape accepted" % len(SELF_TEST))
    return 0


def main(argv):
    if argv[1:] == ["--self-test"]:
        return self_test()
    files = argv[1:]
    if not files:  # the sources of every program make builds (make print-programs)
        listed = subprocess.run(["make", "-s", "--no-print-directory", "print-programs"], capture_output=True,
                                text=True, check=True)
        sources = sorted({f for line in listed.stdout.splitlines() for f in line.split()[1:]
                          if f.endswith((".c", ".cpp"))})
        files = [f for f in sources if re.search(r"^int main\(", open(f).read(), re.M)]
    if not files:
        print("error: found no main() to check")
        return 1
    problems = []
    for f in files:
        problems += check(f, open(f).read())
    for p in problems:
        print(p)
    if problems:
        print("FAIL: %d problems in %d mains (the shape: options -> validate -> run -> verdict)" % (len(problems), len(files)))
        return 1
    print("ok: %d mains read options first, refuse through cli_refuse and return exit statuses" % len(files))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
