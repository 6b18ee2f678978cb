#!/usr/bin/env python3
"""check_book_list_sections.py [--self-test] [ROOT] - every book.list row names
the section that shows its output.

A chapter's book.list row reads `SECTION NAME KIND[:EXIT] COMMAND`. SECTION is
the book section the row belongs to:

  N.K   a numbered section, "## N.K Title" in a book/*.md file
  A.N   the answers to chapter N, "## Chapter N — ... {#answers-N}"
  N     chapter N outside its numbered sections: the text of book/NN_*.md
        (NN = N) before its first section, or under a heading such as
        "## Summary" (chapter 0 is how to use the companion)

For a row with a NAME, the section is the one whose text weaves that NAME:
an output block {.output name="NAME"} or a figure ![...](figure:NAME). The
row must name that section (a NAME woven in several sections may name any of
them), and a NAME that no section weaves is an error too. A row with NAME `-`
is a run the book only mentions: its SECTION must exist.

The chapters are the top-level folders with a book.list (tools/chapters.sh).
Exits 0 when every row agrees, 1 when any does not (one line per row).

--self-test: checks the real book, then a small book and book.list built in a
temporary folder, right and then broken five ways (an output woven in another
section, a figure woven in another section, a name woven nowhere, a mentioned
run in a section or a chapter that does not exist); passes only when the real book and the
right copy pass and every broken copy is refused.
"""
import glob
import os
import re
import sys
import tempfile

SECTION = re.compile(r"^## (\d+\.\d+)\s")
ANSWERS = re.compile(r"^## .*\{#answers-(\d+)\}")
WOVEN = re.compile(r'\{\.output name="([^"]+)"\}|\]\(figure:([\w.\-]+)\)')
FENCE = re.compile(r"^\s*(```+|~~~+)")


def woven_sections(book_dir):
    """(sections, woven): every section the book has, and NAME -> the set of
    sections whose text weaves it."""
    sections, woven = set(), {}
    for path in sorted(glob.glob(os.path.join(book_dir, "*.md"))):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        m = re.match(r"(\d+)_", os.path.basename(path))
        chapter = str(int(m.group(1))) if m else None
        current, fence = chapter, None
        if chapter:
            sections.add(chapter)
        for line in text.split("\n"):
            m = FENCE.match(line)
            if m and not fence:
                fence = m.group(1)
            elif m and line.strip() == fence:
                fence = None
            if fence is None and not m:
                s = SECTION.match(line) or ANSWERS.match(line)
                if s:
                    current = s.group(1) if SECTION.match(line) else "A." + s.group(1)
                    sections.add(current)
                elif line.startswith("# ") or line.startswith("## "):
                    current = chapter  # a chapter title, Summary, Exercises ...: the chapter itself
            for o, fig in WOVEN.findall(line):
                name = o or fig
                woven.setdefault(name, set()).add(current or "(a file outside the chapters)")
    return sections, woven


def book_lists(root):
    """The chapters' book.list files, in the order tools/chapters.sh gives."""
    return sorted(glob.glob(os.path.join(root, "*", "book.list")))


def check(root):
    """Every disagreement, as lines of text."""
    sections, woven = woven_sections(os.path.join(root, "book"))
    problems, rows = [], 0
    for path in book_lists(root):
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            for n, line in enumerate(f, 1):
                if not line.strip() or line.lstrip().startswith("#"):
                    continue
                fields = line.split()
                if len(fields) < 3:
                    problems.append("%s:%d: a row needs SECTION NAME KIND COMMAND" % (rel, n))
                    continue
                rows += 1
                section, name = fields[0], fields[1]
                if name == "-":
                    if section not in sections:
                        problems.append("%s:%d: a run the book mentions, in section %s, which the book does not have"
                                        % (rel, n, section))
                    continue
                where = woven.get(name)
                if not where:
                    problems.append("%s:%d: %s: no section of the book weaves it" % (rel, n, name))
                elif section not in where:
                    problems.append("%s:%d: %s: the row says section %s, the book weaves it in %s"
                                    % (rel, n, name, section, ", ".join(sorted(where))))
    if rows == 0:
        problems.append("no book.list row found under %s: nothing was checked" % root)
    return problems, rows


def report(root):
    problems, rows = check(root)
    for p in problems:
        print("FAIL: " + p)
    print("book.list sections: %d rows, %d disagree with the book" % (rows, len(problems)))
    return 0 if not problems else 1


SAMPLE_BOOK = """# Chapter 7 — Sample {#sec-7}

## 7.1 First {#sec-7.1}

```{.output name="s.one"}
```

![A figure.](figure:s.fig)

## 7.2 Second {#sec-7.2}

```{.output name="s.two"}
```

## Summary
"""
SAMPLE_ANSWERS = """# Answers

## Chapter 7 — Sample {#answers-7}

```{.output name="s.answer"}
```
"""
SAMPLE_LIST = """# sample/book.list
7.1 s.one cpu true
7.1 s.fig svg true
7.2 s.two cpu:1 false
7.2 - cpu true
7 - cpu true
A.7 s.answer cpu true
"""


def self_test(root):
    if check(root)[0]:
        print("self-test: the real book fails (run without --self-test to see why)")
        return 1
    breaks = [
        ("an output woven in another section", "7.2 s.two", "7.1 s.two"),
        ("a figure woven in another section", "7.1 s.fig", "7.2 s.fig"),
        ("a name woven nowhere", "A.7 s.answer", "A.7 s.nowhere"),
        ("a mentioned run in a section the book lacks", "7.2 -", "7.3 -"),
        ("a mentioned run in a chapter the book lacks", "7 -", "8 -"),
    ]
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "book"))
        os.makedirs(os.path.join(tmp, "sample"))
        with open(os.path.join(tmp, "book", "07_sample.md"), "w", encoding="utf-8") as f:
            f.write(SAMPLE_BOOK)
        with open(os.path.join(tmp, "book", "90_answers.md"), "w", encoding="utf-8") as f:
            f.write(SAMPLE_ANSWERS)
        listing = os.path.join(tmp, "sample", "book.list")
        with open(listing, "w", encoding="utf-8") as f:
            f.write(SAMPLE_LIST)
        problems, rows = check(tmp)
        if problems or rows != 6:
            print("self-test: the right sample is refused (%d rows): %s" % (rows, problems))
            failed += 1
        for what, old, new in breaks:
            with open(listing, "w", encoding="utf-8") as f:
                f.write(SAMPLE_LIST.replace(old, new))
            problems, _ = check(tmp)
            if len(problems) != 1:
                print("self-test: %s: expected one refusal, got %s" % (what, problems))
                failed += 1
    if failed:
        return 1
    print("self-test: the book and the right sample pass, each of %d broken copies is refused" % len(breaks))
    return 0


def main(args):
    if args and args[0] == "--self-test":
        return self_test(args[1] if len(args) > 1 else ".")
    return report(args[0] if args else ".")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
