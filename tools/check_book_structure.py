#!/usr/bin/env python3
"""check_book_structure.py [--self-test] [BOOK_DIR] - every chapter has one shape.

A teaching chapter is a book file whose first line reads "# Chapter N — Title"
(every book/NN_*.md with 01 <= NN <= 89 must be one). It has these parts,
in this order, and no others:

  opening       the prose before the first section, holding three run-in
                paragraphs, in this order:
                  **Learning objectives.**  **Prerequisites.**
                  **CUDA features used.**
  sections      "## N.K Title", K counting up by one from 0 or 1
  traps         the last numbered section, "## N.K Traps {#sec-N.K}"
  closing       "## Summary", "## Self-check questions", "## Exercises",
                "## References"

Every trap is laid out one way: inside the Traps section, a heading
"### Trap: what goes wrong", and right under it a list of exactly four
items, in this order:

  - **The mistake.** what is written wrong
  - **What you see.** how the failure shows, or why it stays hidden
  - **The fix.** what to write instead
  - **Shown by.** the program (and flag) that commits it, and where

The demonstration (listings, outputs) follows the list, or, where a
section's argument rests on the failing run, stays in that section and
"Shown by" links to it. Outside the Traps section no heading starts with
"Trap" and no paragraph opens with a bold "Trap" or "The trap" label, so
that a trap is laid out, and found, in one place.

Exempt, and named as such in the report: the 00_ files (how to use the
companion and the syllabus: an on-ramp, not a teaching chapter, with no
objectives or exercises), the appendices 90 and above (answers, glossary,
index).

--self-test: checks the book, then copies of it broken five ways (the
self-check after the references, a part missing, a trap without its fix,
a trap heading inside a teaching section, two sections out of order) and
passes only when the book passes and every broken copy is refused.
"""
import os
import re
import shutil
import sys
import tempfile

CLOSING = ["Summary", "Self-check questions", "Exercises", "References"]
OPENING = ["**Learning objectives.**", "**Prerequisites.**", "**CUDA features used.**"]
TRAP_ITEMS = ["**The mistake.**", "**What you see.**", "**The fix.**", "**Shown by.**"]
FENCE = re.compile(r"^\s*(```+|~~~+)")


def lines_outside_code(text):
    """(line number, line) of every line outside fenced code blocks."""
    fence = None
    for n, line in enumerate(text.split("\n"), 1):
        m = FENCE.match(line)
        if fence:
            if m and line.strip().startswith(fence) and line.strip() == m.group(1):
                fence = None
            continue
        if m:
            fence = m.group(1)
            continue
        yield n, line


def check_chapter(path, text):
    """The problems of one teaching chapter, as strings."""
    bad = []
    name = os.path.basename(path)
    lines = list(lines_outside_code(text))
    first = text.split("\n", 1)[0]
    m = re.match(r"^# Chapter (\d+) — ", first)
    if not m:
        return ["%s: the first line is not '# Chapter N — Title'" % name]
    ch = m.group(1)

    headings = [(n, len(h.group(1)), h.group(2).strip()) for n, line in lines
                for h in [re.match(r"^(#{1,6}) +(.*)$", line)] if h]
    h2 = [(n, t) for n, lvl, t in headings if lvl == 2]
    if any(lvl == 1 for n, lvl, t in headings[1:]):
        bad.append("%s: a second level-1 heading" % name)

    # The opening: the three run-in paragraphs, once each, in order.
    first_h2 = h2[0][0] if h2 else len(text.split("\n")) + 1
    where = []
    for label in OPENING:
        at = [n for n, line in lines if n < first_h2 and line.startswith(label)]
        if len(at) != 1:
            bad.append("%s: the opening has %d paragraphs starting %s (one is required)"
                       % (name, len(at), label))
        where.append(at[0] if at else None)
    found = [w for w in where if w is not None]
    if found != sorted(found):
        bad.append("%s: the opening's parts are out of order (required: %s)"
                   % (name, ", ".join(OPENING)))

    # Sections, then Traps as the last numbered one, then the closing parts.
    numbered, rest = [], []
    for n, t in h2:
        s = re.match(r"^(\d+)\.(\d+) ", t)
        if s and not rest:
            if s.group(1) != ch:
                bad.append("%s:%d: section '%s' is not numbered in chapter %s" % (name, n, t, ch))
            numbered.append((n, int(s.group(2)), t))
        else:
            rest.append((n, t))
    if not numbered:
        bad.append("%s: no numbered section '## %s.K Title'" % (name, ch))
    else:
        ks = [k for _, k, _ in numbered]
        want = list(range(ks[0], ks[0] + len(ks)))
        if ks[0] not in (0, 1) or ks != want:
            bad.append("%s: sections numbered %s, not one by one from %s.0 or %s.1"
                       % (name, ", ".join("%s.%d" % (ch, k) for k in ks), ch, ch))
        last_n, last_k, last_t = numbered[-1]
        want_t = "%s.%d Traps {#sec-%s.%d}" % (ch, last_k, ch, last_k)
        if last_t != want_t:
            bad.append("%s:%d: the last numbered section is '%s', not '%s'"
                       % (name, last_n, last_t, want_t))
    got = [t for _, t in rest]
    if got != CLOSING:
        bad.append("%s: after the sections come %s; required: %s"
                   % (name, got, CLOSING))

    # The traps: laid out one way, and only inside the Traps section.
    traps_start = numbered[-1][0] if numbered else None
    traps_end = rest[0][0] if rest else len(text.split("\n")) + 1
    inside = lambda n: traps_start is not None and traps_start < n < traps_end
    by_number = dict(lines)
    traps = 0
    for n, lvl, t in headings:
        if inside(n):
            if lvl != 3 or not t.startswith("Trap: "):
                bad.append("%s:%d: '%s' inside the Traps section: every heading there is "
                           "'### Trap: ...'" % (name, n, "#" * lvl + " " + t))
                continue
            traps += 1
            items, k = [], n + 1
            while k in by_number and not by_number[k].strip():
                k += 1
            while k in by_number and by_number[k].strip():
                if by_number[k].startswith("- "):
                    items.append(by_number[k][2:])
                k += 1
            labels = [next((lab for lab in TRAP_ITEMS if i.startswith(lab)), i[:20]) for i in items]
            if labels != TRAP_ITEMS:
                bad.append("%s:%d: trap '%s' is not followed by the four items %s (found %s)"
                           % (name, n, t, TRAP_ITEMS, labels))
        elif re.match(r"^(The )?[Tt]raps?\b", t) and not (numbered and n == traps_start):
            bad.append("%s:%d: trap heading '%s' outside the Traps section" % (name, n, t))
    for n, line in lines:
        if not inside(n) and re.match(r"^\s*[-*]?\s*\*\*(The )?[Tt]rap\b", line):
            bad.append("%s:%d: a trap paragraph outside the Traps section: %s"
                       % (name, n, line.strip()[:60]))
    if traps_start is not None and traps == 0:
        bad.append("%s: the Traps section holds no '### Trap: ...'" % name)
    return bad


def check(book):
    """(problems, report lines) for the book in BOOK."""
    problems, report = [], []
    files = sorted(f for f in os.listdir(book) if f.endswith(".md"))
    chapters = 0
    for f in files:
        path = os.path.join(book, f)
        m = re.match(r"^(\d\d)_", f)
        number = int(m.group(1)) if m else -1
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
        if number == 0:
            report.append("exempt: %s (the on-ramp, not a teaching chapter)" % f)
            continue
        if number >= 90 or number < 0:
            report.append("exempt: %s (an appendix)" % f)
            continue
        chapters += 1
        got = check_chapter(path, text)
        problems += got
        if not got:
            traps = sum(1 for _, line in lines_outside_code(text) if line.startswith("### Trap: "))
            report.append("ok: %s (%d traps)" % (f, traps))
    if chapters == 0:
        problems.append("no teaching chapter (book/NN_*.md, 01 <= NN <= 89) found in %s" % book)
    return problems, report


def run(book):
    problems, report = check(book)
    for line in report:
        print(line)
    for p in problems:
        print("FAIL: " + p)
    print("structure: %d problems" % len(problems))
    return 1 if problems else 0


def self_test(book):
    problems, _ = check(book)
    if problems:
        for p in problems:
            print("FAIL: " + p)
        print("FAIL: the book itself does not pass the check")
        return 1
    chapter = "03_work_span.md"
    with open(os.path.join(book, chapter), encoding="utf-8") as fh:
        good = fh.read()

    def swap_parts(t):  # the self-check questions moved after the references
        a = t.index("\n## Self-check questions\n")
        b = t.index("\n## Exercises\n")
        return t[:a] + t[b:] + t[a:b]

    def drop_line(t, start):
        lines = t.split("\n")
        i = next(i for i, l in enumerate(lines) if l.startswith(start))
        return "\n".join(lines[:i] + lines[i + 1:])

    def trap_in_section(t):  # a trap heading put back inside section 3.2
        return t.replace("\n## 3.3 ", "\n### Trap: a barrier inside an if\n\nText.\n\n## 3.3 ", 1)

    def sections_swapped(t):
        return t.replace("\n## 3.1 ", "\n## 3.9 ", 1)

    breaks = [
        ("the self-check after the references", swap_parts),
        ("the prerequisites missing", lambda t: drop_line(t, "**Prerequisites.**")),
        ("a trap without its fix", lambda t: drop_line(t, "- **The fix.**")),
        ("a trap heading inside a teaching section", trap_in_section),
        ("two sections out of order", sections_swapped),
    ]
    failed = 0
    for what, edit in breaks:
        broken = edit(good)
        tmp = tempfile.mkdtemp()
        try:
            copy = os.path.join(tmp, "book")
            os.mkdir(copy)
            for f in os.listdir(book):
                if f.endswith(".md"):
                    shutil.copy(os.path.join(book, f), copy)
            if broken == good:
                print("FAIL: %s: the edit changed nothing" % what)
                failed = 1
                continue
            with open(os.path.join(copy, chapter), "w", encoding="utf-8") as fh:
                fh.write(broken)
            problems, _ = check(copy)
            if problems:
                print("refused as it should be (%s): %s" % (what, problems[0]))
            else:
                print("FAIL: %s: the broken book passed" % what)
                failed = 1
        finally:
            shutil.rmtree(tmp)
    if not failed:
        print("self-test: the book passes, each of %d broken copies is refused" % len(breaks))
    return failed


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--self-test":
        sys.exit(self_test(args[1] if len(args) > 1 else "book"))
    sys.exit(run(args[0] if args else "book"))
