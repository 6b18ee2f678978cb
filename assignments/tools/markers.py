#!/usr/bin/env python3
"""markers.py - solution regions in chapter sources, and the two views of them.

An instructor marks the code students must write like this (each marker
alone on its line; indentation is free):

    /* BEGIN SOLUTION */
    ...the reference code...
    /* STUDENT: optional one-line hint
    return 0;  // TODO: what to implement (book section 11.2)
    */
    /* END SOLUTION */

Two views are produced from a marked file:
  student  every region, BEGIN to END, becomes the STUDENT block's lines,
           uncommented (the code a kit ships), preceded by `// TODO: hint`
           when the hint was written on the opener line;
  book     the marker lines and the STUDENT block are dropped, the reference
           code stays (what the book shows and the reference kit ships).

Rules, each checked with an error naming FILE:LINE:
  - BEGIN, END and the STUDENT opener stand alone on their line; the
    STUDENT block ends at the first line that is only `*/`;
  - regions do not nest, every BEGIN has its END, every END its BEGIN;
  - every region has exactly one STUDENT block, and its stub carries a
    hint (text after `STUDENT:` or a `//` comment in the stub);
  - the stub contains no `/*` or `*/` (it lives inside a C comment).

Usage:
    markers.py student FILE      print the student view
    markers.py book FILE         print the book view
    markers.py regions FILE...   one line per region: FILE:LINE: hint
    markers.py check FILE...     only check the markers (exit 2 on error)
"""
import re
import sys

BEGIN_RE = re.compile(r"^\s*/\*\s*BEGIN SOLUTION\s*\*/\s*$")
END_RE = re.compile(r"^\s*/\*\s*END SOLUTION\s*\*/\s*$")
STUDENT_RE = re.compile(r"^\s*/\*\s*STUDENT:(.*)$")
CLOSE_RE = re.compile(r"^\s*\*/\s*$")
# Anything that looks like a marker but is not one of the forms above.
LOOSE_RE = re.compile(r"BEGIN SOLUTION|END SOLUTION|/\*\s*STUDENT:")

# Files whose markers are read; other files are copied as they are.
SOURCE_SUFFIXES = (".c", ".h", ".cu", ".cuh")


class MarkerError(Exception):
    """A malformed marker: str() is 'FILE:LINE: message'."""

    def __init__(self, path, line, message):
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


class Region:
    """One BEGIN..END region. Line numbers are 1-based, in the marked file."""

    def __init__(self, path, begin):
        self.path = path
        self.begin = begin          # line of BEGIN SOLUTION
        self.end = None             # line of END SOLUTION
        self.student_open = None    # line of /* STUDENT:
        self.student_close = None   # line of the closing */
        self.hint_text = ""         # text after STUDENT: on the opener
        self.stub = []              # the stub's lines, as written
        self.solution = []          # the reference lines (outside the STUDENT block)
        self.student_line = None    # where the stub starts in the student view

    def hint(self):
        """The hint shown to students: opener text, then the stub's // comments."""
        parts = [self.hint_text.strip()] if self.hint_text.strip() else []
        for line in self.stub:
            if "//" in line:
                parts.append(re.sub(r"^TODO:?\s*", "", line.split("//", 1)[1].strip()))
        return " ".join(p for p in parts if p)


def parse(text, path):
    """Returns (regions, student_text, book_text) or raises MarkerError."""
    lines = text.split("\n")
    regions, student, book = [], [], []
    region = None       # the open region
    in_stub = False     # inside its STUDENT block
    for number, line in enumerate(lines, start=1):
        if in_stub:
            if CLOSE_RE.match(line):
                in_stub = False
                region.student_close = number
                continue
            if BEGIN_RE.match(line) or END_RE.match(line) or STUDENT_RE.match(line):
                raise MarkerError(path, number, f"marker inside the STUDENT block opened at line "
                                  f"{region.student_open} (close it with a line '*/')")
            if "/*" in line or "*/" in line:
                raise MarkerError(path, number, "a STUDENT stub cannot contain '/*' or '*/' "
                                  "(it sits inside a comment); use // comments")
            region.stub.append(line)
            continue
        if BEGIN_RE.match(line):
            if region:
                raise MarkerError(path, number, f"BEGIN SOLUTION inside the region opened at line "
                                  f"{region.begin} (regions do not nest)")
            region = Region(path, number)
            continue
        if END_RE.match(line):
            if not region:
                raise MarkerError(path, number, "END SOLUTION without a BEGIN SOLUTION")
            if region.student_open is None:
                raise MarkerError(path, region.begin, "region has no /* STUDENT: ... */ block "
                                  "(the kit needs a stub that compiles)")
            region.end = number
            if not region.hint():
                raise MarkerError(path, region.student_open, "STUDENT block has no hint: write one "
                                  "after 'STUDENT:' or as a // comment in the stub")
            region.student_line = len(student) + 1
            if region.hint_text.strip():
                # The opener's hint would vanish with the comment: keep it as a TODO.
                begin = lines[region.begin - 1]
                indent = begin[:len(begin) - len(begin.lstrip())]
                eol = "\r" if begin.endswith("\r") else ""
                student.append(f"{indent}// TODO: {region.hint_text.strip()}{eol}")
            student.extend(region.stub)
            regions.append(region)
            region = None
            continue
        opener = STUDENT_RE.match(line)
        if opener:
            if not region:
                raise MarkerError(path, number, "STUDENT block outside a solution region")
            if region.student_open is not None:
                raise MarkerError(path, number, f"second STUDENT block in the region opened at "
                                  f"line {region.begin}")
            if "*/" in opener.group(1):
                raise MarkerError(path, number, "the STUDENT opener must not close its comment on "
                                  "the same line; end the block with a line '*/'")
            region.student_open, region.hint_text = number, opener.group(1)
            in_stub = True
            continue
        if LOOSE_RE.search(line):
            raise MarkerError(path, number, "solution marker must stand alone on its line: "
                              "'/* BEGIN SOLUTION */', '/* STUDENT: hint', '/* END SOLUTION */'")
        if region:
            region.solution.append((number, line))
        else:
            student.append(line)
        book.append(line)
    if in_stub:
        raise MarkerError(path, region.student_open, "STUDENT block is never closed (a line '*/')")
    if region:
        raise MarkerError(path, region.begin, "BEGIN SOLUTION without END SOLUTION")
    return regions, "\n".join(student), "\n".join(book)


def parse_file(path, shown_as=None):
    with open(path, encoding="utf-8") as f:
        return parse(f.read(), shown_as or path)


def is_source(path):
    return path.endswith(SOURCE_SUFFIXES)


def main(argv):
    if len(argv) < 3 or argv[1] not in ("student", "book", "regions", "check"):
        print(__doc__.strip().split("\n\n")[-1], file=sys.stderr)
        return 2
    try:
        if argv[1] in ("student", "book"):
            _, student, book = parse_file(argv[2])
            sys.stdout.write(student if argv[1] == "student" else book)
            return 0
        for path in argv[2:]:
            regions, _, _ = parse_file(path)
            if argv[1] == "regions":
                for r in regions:
                    print(f"{path}:{r.begin}: {r.hint()}")
        return 0
    except MarkerError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except (OSError, UnicodeDecodeError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
