#!/usr/bin/env python3
"""book_index.py [--write] - the book's index, glossary and syllabus, held to the book.

The index is written in book/index.list, one entry a line:

    api | __syncthreads() | 1.3 3.2 20.4
    algorithm | pointer jumping | 11.2 11.4

and book/96_index.md is generated from it (--write), with every section
number linked to its heading. Without --write the script checks, and exits 1
on the first kind of failure it finds, naming each problem:

  * book/96_index.md is what --write would write now (a renamed heading or
    an edited index.list needs a new --write);
  * every indexed name appears in every section it points to (an API name as
    a whole word, an algorithm case-insensitively), in its prose or in a
    listing the section shows;
  * every CUDA API name used in a listing the book shows is indexed;
  * every glossary entry (a paragraph of book/95_glossary.md that starts
    with **Term.**) names its term in each section it links to, and every
    link's text is that section's number;
  * every program (`chapter/program`), source file (`chapter/file.cu`) and
    assignment kit that the syllabus (book/00_syllabus.md) names exists, and
    every numbered section of the book is in some week of its semester
    table (the table under "## A semester"; "1.3–1.6" counts 1.3 to 1.6).

The anchors of the sections come from pandoc itself (pandoc -t json, on the
headings alone), so an anchor pandoc makes up from a heading's text is found
exactly.
"""
import json
import os
import re
import shutil
import subprocess
import sys

BOOK = "book"
INDEX_LIST = os.path.join(BOOK, "index.list")
INDEX_MD = os.path.join(BOOK, "96_index.md")
GLOSSARY_MD = os.path.join(BOOK, "95_glossary.md")
SYLLABUS_MD = os.path.join(BOOK, "00_syllabus.md")
GENERATED = (INDEX_MD,)

# What counts as a CUDA API name in a listing: runtime calls and types
# (cuda*), double-underscore intrinsics and qualifiers, atomics, the built-in
# index variables, cooperative groups and CUB's device-wide calls.
API_PATTERNS = [
    r"\bcuda[A-Z]\w*",
    r"(?<![\w])__[a-z][a-z0-9_]*[a-z0-9](?:__)?(?![\w])",
    r"\batomic[A-Z]\w*",
    r"\b(?:threadIdx|blockIdx|blockDim|gridDim|warpSize|dim3)\b",
    r"\b(?:this_grid|this_thread_block|tiled_partition|thread_block_tile|grid_group)\b",
    r"\bcub::\w+(?:::\w+)?",
]
# Double-underscore names that are C or compiler words, not CUDA.
NOT_CUDA = {"__attribute__", "__func__", "__restrict", "__builtin_expect",
            "__typeof__", "__asm__", "__volatile__", "__inline__", "__extension__",
            "__int128"}

problems = []


def problem(msg):
    problems.append(msg)


def stringify(node):
    """Plain text of a pandoc JSON node (inlines, blocks, or lists of them)."""
    out = []

    def walk(n):
        if isinstance(n, list):
            for x in n:
                walk(x)
            return
        if not isinstance(n, dict):
            return
        t = n.get("t")
        c = n.get("c")
        if t == "Str":
            out.append(c)
        elif t in ("Space", "SoftBreak", "LineBreak"):
            out.append(" ")
        elif t == "Code":
            out.append(c[1])
        elif t == "CodeBlock":
            out.append("\n" + expand_code_block(c) + "\n")
        elif t == "RawInline" or t == "RawBlock":
            out.append(c[1])
        elif t == "Math":
            out.append(c[1])
        elif t == "Link" or t == "Image":
            walk(c[1])
        elif t == "Header":
            walk(c[2])
        elif t == "Div":
            walk(c[1])
        elif isinstance(c, (list, dict)):
            walk(c)

    walk(node)
    return "".join(out).replace("\u2019", "'").replace("\u2018", "'")


def listing_text(path, name):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return ""
    if not name:
        return text
    lines, inside = [], False
    for line in text.split("\n"):
        if inside:
            if "[end]" in line:
                break
            lines.append(line)
        elif "[listing " + name + "]" in line:
            inside = True
    return "\n".join(lines)


def expand_code_block(c):
    attrs = dict(c[0][2])
    if "include" in attrs:
        return listing_text(attrs["include"], attrs.get("listing"))
    return c[1]


def book_files():
    return sorted(os.path.join(BOOK, f) for f in os.listdir(BOOK)
                  if f.endswith(".md") and os.path.join(BOOK, f) not in GENERATED)


FENCE = re.compile(r"^(```+|~~~+)")
INCLUDE = re.compile(r'include="([^"]*)"(?:[^}]*listing="([^"]*)")?')


def read_sections():
    """Each numbered section: number -> anchor, title, text (its prose, with
    the listings it shows), listings. The anchors are pandoc's own: the
    headings alone go through pandoc, in book order, so that an anchor pandoc
    makes up from a heading's text (and numbers when two headings read the
    same) is found exactly."""
    files = book_files() + ([INDEX_MD] if os.path.exists(INDEX_MD) else [])
    lines = []  # (file, kind, level or listing, text)
    for path in files:
        with open(path, encoding="utf-8") as f:
            fence = None
            for line in f.read().split("\n"):
                m = FENCE.match(line)
                if fence:
                    if m and line.strip() == fence:
                        fence = None
                    else:
                        lines.append((path, "code", None, line))
                    continue
                if m:
                    fence = m.group(1)
                    inc = INCLUDE.search(line)
                    if inc:
                        lines.append((path, "listing", inc.groups(), line))
                    continue
                h = re.match(r"^(#{1,6}) +(.*?) *$", line)
                if h:
                    lines.append((path, "heading", len(h.group(1)), h.group(2)))
                else:
                    lines.append((path, "text", None, line))
    headings = [l for l in lines if l[1] == "heading"]
    doc = json.loads(subprocess.run(
        ["pandoc", "-f", "markdown", "-t", "json"],
        input="\n\n".join("#" * l[2] + " " + l[3] for l in headings),
        check=True, capture_output=True, text=True).stdout)
    headers = [b for b in doc["blocks"] if b["t"] == "Header"]
    if len(headers) != len(headings):
        problem(f"pandoc read {len(headers)} headings where the book has {len(headings)}")
        return {}
    sections, current, k = {}, None, 0
    for path, kind, extra, text in lines:
        if kind == "heading":
            hdr = headers[k]
            k += 1
            if extra <= 2:
                title = stringify(hdr["c"][2])
                m = re.match(r"^(\d+\.\d+) ", title) if extra == 2 else None
                current = None
                if m:
                    current = {"anchor": hdr["c"][1][0], "title": title, "text": [title], "listings": []}
                    sections[m.group(1)] = current
                continue
        if current is None:
            continue
        if kind == "listing":
            body = listing_text(extra[0], extra[1])
            current["listings"].append(body)
            current["text"].append(body)
        elif kind == "text":
            current["text"].append(text.replace("*", ""))  # emphasis marks
        else:
            current["text"].append(text)
    for s in sections.values():
        s["text"] = re.sub(r"\s+", " ", " ".join(s["text"])).replace("\u2019", "'")
    return sections


def read_index_list():
    entries = []
    with open(INDEX_LIST, encoding="utf-8") as f:
        for no, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            parts = [p.strip() for p in line.split(" | ")]
            if len(parts) != 3 or parts[0] not in ("api", "algorithm") or not parts[2]:
                problem(f"{INDEX_LIST}:{no}: expected 'api|algorithm | NAME | SECTIONS', got '{line}'")
                continue
            entries.append((parts[0], parts[1], parts[2].split(), no))
    return entries


def term_in(term, kind, text):
    if kind == "api":
        name = re.sub(r"\(\)$", "", term)
        return re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", text) is not None
    words = [re.escape(w) for w in term.lower().split()]
    return re.search(r"\s+".join(words), text.lower()) is not None


def section_key(number):
    return tuple(int(x) for x in number.split("."))


def sort_key(term):
    return re.sub(r"^[_:]+", "", term).lower()


def render_index(entries, sections):
    out = ["# Index {#book-index}", "",
           "Every CUDA name the book's listings use, and every algorithm it teaches,",
           "with the sections that explain or use it. A name used in many sections",
           "points to the one that teaches it and to its first use in each later",
           "chapter; the [glossary](#glossary) defines the terms.", ""]
    intro = {"api": "Functions, qualifiers, types and built-in variables of CUDA and its libraries, "
                    "as the listings spell them.",
             "algorithm": "The algorithms and the ideas about them, by the names the chapters use."}
    for kind, heading in (("api", "CUDA names"), ("algorithm", "Algorithms and ideas")):
        out += [f"## {heading}", "", intro[kind], ""]
        rows = sorted((e for e in entries if e[0] == kind), key=lambda e: sort_key(e[1]))
        for _, term, secs, _ in rows:
            links = ", ".join(
                f"[{s}](#{sections[s]['anchor']})" if s in sections else s
                for s in sorted(secs, key=section_key))
            shown = f"`{term}`" if kind == "api" else term
            out.append(f"- {shown}: {links}")
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def check_index(entries, sections):
    seen = set()
    for kind, term, secs, no in entries:
        if term in seen:
            problem(f"{INDEX_LIST}:{no}: '{term}' is indexed twice")
        seen.add(term)
        for s in secs:
            if s not in sections:
                problem(f"{INDEX_LIST}:{no}: '{term}' points to section {s}, which the book does not have")
            elif not term_in(term, kind, sections[s]["text"]):
                problem(f"{INDEX_LIST}:{no}: '{term}' no longer appears in section {s} ({sections[s]['title']})")
    indexed = {re.sub(r"\(\)$", "", t) for k, t, _, _ in entries if k == "api"}
    used = {}
    for number, s in sections.items():
        for text in s["listings"]:
            for pat in API_PATTERNS:
                for name in re.findall(pat, text):
                    if name not in NOT_CUDA:
                        used.setdefault(name, number)
    for name in sorted(used):
        if name not in indexed:
            problem(f"{INDEX_LIST}: the CUDA name {name}, used in a listing of section {used[name]}, is not indexed")
    return used


def check_glossary(sections):
    if not os.path.exists(GLOSSARY_MD):
        problem(f"{GLOSSARY_MD} is missing")
        return 0
    by_anchor = {s["anchor"]: (n, s) for n, s in sections.items()}
    with open(GLOSSARY_MD, encoding="utf-8") as f:
        paragraphs = re.split(r"\n\s*\n", f.read())
    count = 0
    for para in paragraphs:
        m = re.match(r"\*\*(.+?)\.\*\*", para.strip())
        if not m:
            continue
        count += 1
        term = re.sub(r"[`*]", "", m.group(1)).replace("\u2019", "'")
        links = re.findall(r"\[([^\]]*)\]\(#([^)]+)\)", para)
        if not links:
            problem(f"{GLOSSARY_MD}: '{term}' links to no section")
        for text, anchor in links:
            if anchor not in by_anchor:
                continue  # a chapter or another page: pandoc's own link check covers it
            number, s = by_anchor[anchor]
            if text != number:
                problem(f"{GLOSSARY_MD}: '{term}' links to section {number} with the text '{text}'")
            kind = "api" if re.match(r"^[\w:]+(\(\))?$", term) and ("_" in term or term[:1].islower()) else "algorithm"
            if not term_in(term, kind, s["text"]) and not term_in(term.rstrip("s"), "algorithm", s["text"]):
                problem(f"{GLOSSARY_MD}: '{term}' does not appear in section {number} ({s['title']}), which it links to")
    if count == 0:
        problem(f"{GLOSSARY_MD}: no entries (paragraphs starting with **Term.**)")
    return count


def check_syllabus():
    with open(SYLLABUS_MD, encoding="utf-8") as f:
        text = f.read()
    programs = set(re.findall(r"`((?:common|ch\d\d_\w+|reduced_ops|canonical_scan)/\w+)`", text))
    for path in sorted(set(re.findall(r"`((?:common|ch\d\d_\w+|reduced_ops|canonical_scan)/[\w/]+\.(?:cu|cpp|c))`", text))):
        if not os.path.isfile(path):
            problem(f"{SYLLABUS_MD}: the file {path} does not exist")
    for prog in sorted(programs):
        chapter, name = prog.split("/")
        try:
            with open(os.path.join(chapter, "module.mk"), encoding="utf-8") as f:
                mk = f.read()
        except OSError:
            mk = ""
        if not re.search(r"(?<![\w])" + re.escape(name) + r"(?![\w])", mk):
            problem(f"{SYLLABUS_MD}: the program {prog} is not built by {chapter}/module.mk")
    kits = set()
    for row in text.split("\n"):
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if row.startswith("|") and len(cells) == 5:
            kits.update(re.findall(r"`([\w]+)`", cells[3]))
    kits.update(re.findall(r"CH=(\w+)", text))
    for kit in sorted(kits):
        if not os.path.exists(os.path.join("assignments", kit + ".md")):
            problem(f"{SYLLABUS_MD}: the assignment kit {kit} does not exist (no assignments/{kit}.md)")
    return len(programs), len(kits)


SECTION_RANGE = re.compile(r"(?<![\d.^])(\d+)\.(\d+)(?:\s*[–-]\s*(?:(\d+)\.)?(\d+))?(?![\d^])")


def check_syllabus_weeks(sections):
    """Every numbered section is read in some week of the semester."""
    with open(SYLLABUS_MD, encoding="utf-8") as f:
        text = f.read()
    m = re.search(r"^## A semester.*?$(.*?)(?=^## |\Z)", text, re.M | re.S)
    if not m:
        problem(f"{SYLLABUS_MD}: no '## A semester' table")
        return 0
    covered, weeks = set(), 0
    for row in m.group(1).split("\n"):
        cells = [c.strip() for c in row.strip().strip("|").split("|")]
        if not row.startswith("|") or len(cells) != 5 or not cells[0].isdigit():
            continue
        weeks += 1
        for ch, lo, ch2, hi in SECTION_RANGE.findall(cells[1]):
            if ch2 and ch2 != ch:
                problem(f"{SYLLABUS_MD}: week {cells[0]}: a range across chapters, {ch}.{lo}–{ch2}.{hi}")
                continue
            for k in range(int(lo), int(hi or lo) + 1):
                covered.add(f"{ch}.{k}")
    if weeks == 0:
        problem(f"{SYLLABUS_MD}: the semester table has no weeks")
    for number in sorted(sections, key=section_key):
        if number not in covered:
            problem(f"{SYLLABUS_MD}: section {number} ({sections[number]['title']}) is in no week of the semester")
    return weeks


def main():
    write = "--write" in sys.argv[1:]
    if shutil.which("pandoc") is None:
        print("skipped: pandoc not found")
        return 77
    sections = read_sections()
    if not sections:
        print("FAIL: no numbered sections found in book/*.md")
        return 1
    entries = read_index_list()
    page = render_index(entries, sections)
    if write:
        with open(INDEX_MD, "w", encoding="utf-8") as f:
            f.write(page)
        print(f"wrote {INDEX_MD}: {len(entries)} entries")
    else:
        try:
            with open(INDEX_MD, encoding="utf-8") as f:
                current = f.read()
        except OSError:
            current = ""
        if current != page:
            problem(f"{INDEX_MD} differs from what {INDEX_LIST} and the headings give now: run python3 tools/book_index.py --write")
    used = check_index(entries, sections)
    glossary = check_glossary(sections)
    programs, kits = check_syllabus()
    weeks = check_syllabus_weeks(sections)
    for p in problems:
        print("FAIL: " + p)
    api = sum(1 for e in entries if e[0] == "api")
    print(f"index: {api} CUDA names, {len(entries) - api} algorithms, {len(used)} CUDA names in listings; "
          f"glossary: {glossary} terms; syllabus: {weeks} weeks, {programs} programs, {kits} kits; "
          f"{len(problems)} problems")
    # a check that found nothing to check has failed
    if api == 0 or len(entries) == api or not used or glossary == 0 or programs == 0 or kits == 0 or weeks == 0:
        print("FAIL: nothing to check (no index entries, listings, glossary terms, programs or kits)")
        return 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
