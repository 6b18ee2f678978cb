#!/usr/bin/env python3
"""make_kit.py - writes the assignment kit of one chapter (`make assignment CH=...`).

    make_kit.py --chapter CH [--solution] [--root DIR] [--out DIR] [--no-tar]
    make_kit.py --check KITDIR --chapter CH [--root DIR]

The kit, dist/assignments/CH/ (and CH.tar.gz next to it), holds:
  CH/                the chapter, every solution region replaced by its STUDENT stub
  common/            the shared helpers (markers dropped, code kept)
  tools/             the test scripts and the autograder
  Makefile           the companion's Makefile (Makefile.companion) limited to
                     common/ and CH, plus `make grade`
  assignments/       CH.points (what each test is worth), CH.submit (the files to hand in)
  book/              the chapter's pages: HTML woven from the stripped sources
                     when pandoc and the book's outputs are there, else markdown
  README.md          for students: what to implement (file:line and hint), how
                     to build, test and grade themselves
  + any file a test command names (golden outputs outside the chapter).
Next to a student kit: CH-autograder.zip, ready to upload to Gradescope
(setup.sh, run_autograder, and the kit in kit/).

--solution writes CH-solution/ instead: the same kit with the reference code
in place (markers dropped), which must grade full marks.

A student kit is checked before it is packed: no line of reference code
(strictly inside a region, at least MIN_SECRET characters, not also written
outside the regions) may occur in any file of the kit, HTML included.
--check runs that check alone on an existing kit directory.
"""
import argparse
import html
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile

sys.dont_write_bytecode = True  # no __pycache__ in the repository or the kits
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import grade    # noqa: E402  (the registry parsers, shared with the autograder)
import markers  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MIN_SECRET = 12            # shorter lines ("return x[0];") say too little to count as a leak
KIT_TOOLS = ("assignment.mk", "grade.py")   # what a kit needs of tools/assignment/


class KitError(Exception):
    pass


def read_text(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def write_text(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def walk_files(folder):
    """Files under folder (relative paths), hidden entries and caches skipped."""
    found = []
    for top, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        for name in sorted(files):
            if not name.startswith(".") and not name.endswith(".pyc"):
                found.append(os.path.relpath(os.path.join(top, name), folder))
    return found


class Kit:
    def __init__(self, root, chapter, out, solution):
        self.root, self.chapter, self.solution = root, chapter, solution
        self.name = chapter + ("-solution" if solution else "")
        self.dir = os.path.join(out, self.name)
        self.regions = []        # (kit path, Region) of the chapter
        self.copied = set()      # kit-relative paths written
        self.notes = []          # what the README should say about the book pages

    def src(self, rel):
        return os.path.join(self.root, rel)

    def put_text(self, rel, text):
        write_text(os.path.join(self.dir, rel), text)
        self.copied.add(rel)

    def put_file(self, rel, view):
        """Copies one repository file; sources go through the marker parser.
        view: 'student' strips the regions, 'book' keeps the reference code."""
        if rel in self.copied:
            return
        path = self.src(rel)
        if markers.is_source(rel):
            try:
                regions, student, book = markers.parse(read_text(path), rel)
            except markers.MarkerError as e:
                raise KitError(str(e))
            except UnicodeDecodeError as e:
                raise KitError(f"{rel}: not UTF-8 text ({e})")
            if view == "student":
                self.regions += [(rel, r) for r in regions]
            self.put_text(rel, student if view == "student" else book)
            shutil.copymode(path, os.path.join(self.dir, rel))
            return
        dest = os.path.join(self.dir, rel)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copy2(path, dest)
        self.copied.add(rel)

    # --- the pieces ---------------------------------------------------------------
    def copy_folders(self):
        for folder in dict.fromkeys(["common", self.chapter]):
            view = "student" if folder == self.chapter and not self.solution else "book"
            for rel in walk_files(self.src(folder)):
                self.put_file(os.path.join(folder, rel), view)
        # The chapter's regions decide the stubs; the reference kit still lists them.
        if self.solution:
            for rel in walk_files(self.src(self.chapter)):
                rel = os.path.join(self.chapter, rel)
                if markers.is_source(rel):
                    self.regions += [(rel, r) for r in markers.parse(read_text(self.src(rel)), rel)[0]]
        if not self.regions:
            raise KitError(f"{self.chapter}/ has no solution regions (/* BEGIN SOLUTION */ ... "
                           "/* END SOLUTION */): there is nothing for students to write")

    def copy_tools(self):
        for name in sorted(os.listdir(self.src("tools"))):
            if name.endswith(".sh"):
                self.put_file(os.path.join("tools", name), "book")
        for name in KIT_TOOLS:
            self.put_file(os.path.join("tools", "assignment", name), "book")

    def copy_test_files(self):
        """Files a test command names that live outside the copied folders."""
        lists = [os.path.join(self.dir, rel) for rel in sorted(self.copied)
                 if os.path.basename(rel).startswith("tests") and rel.endswith(".list")]
        for path in lists:
            for _, line in grade.list_lines(path):
                for token in re.split(r"[\s=\"']+", line):
                    token = token.strip()
                    if (token and not token.startswith(("build/", "/", "-")) and ".." not in token
                            and os.path.isfile(self.src(token))):
                        self.put_file(os.path.normpath(token), "book")

    def write_makefile(self):
        self.put_file("Makefile", "book")
        os.replace(os.path.join(self.dir, "Makefile"), os.path.join(self.dir, "Makefile.companion"))
        chapters = " ".join(dict.fromkeys(["common", self.chapter]))
        self.put_text("Makefile", f"""\
# Makefile - the kit of the assignment {self.chapter}: the companion's Makefile
# (Makefile.companion), limited to common/ and {self.chapter}/.
#
#   make              build the programs (build/{self.chapter}/...)
#   make test         run every test with CTest
#   make grade        build, run the graded tests, print your score, write results.json
#   ctest --test-dir build -L {self.chapter} --output-on-failure    the chapter's tests only
override CHAPTERS := {chapters}
# The book pages come with the kit (book/); the kit does not rebuild them.
override PANDOC :=
KIT_CHAPTER := {self.chapter}
include Makefile.companion
""")

    def copy_points(self):
        rel = os.path.join("assignments", f"{self.chapter}.points")
        if not os.path.isfile(self.src(rel)):
            raise KitError(f"no points file {rel} (one line per graded test: TEST_NAME POINTS)")
        try:
            self.tests = grade.read_tests(self.root, self.chapter)
            self.points = grade.read_points(self.src(rel), self.tests)
        except grade.ListError as e:
            raise KitError(str(e))
        self.put_file(rel, "book")
        files = sorted({path for path, _ in self.regions})
        self.put_text(os.path.join("assignments", f"{self.chapter}.submit"),
                      "# The files a student hands in (the autograder copies them into the kit).\n" +
                      "".join(f"{f}\n" for f in files))

    def book_pages(self):
        """The chapter's markdown, woven into HTML from the kit's own sources if possible."""
        book = self.src("book")
        pages = []
        if os.path.isdir(book):
            pages = [n for n in sorted(os.listdir(book)) if n.endswith(".md") and
                     f'include="{self.chapter}/' in read_text(os.path.join(book, n))]
        if not pages:
            self.notes.append("The book has no chapter that includes this folder's code yet.")
            return []
        for n in pages:
            self.put_file(os.path.join("book", n), "book")
        pandoc = shutil.which("pandoc")
        weave = os.path.join(book, "filters", "weave.lua")
        if not pandoc or not os.path.isfile(weave):
            self.notes.append("pandoc was not available when the kit was made: the pages are markdown.")
            return [os.path.join("book", n) for n in pages]
        html_rel = os.path.join("book", f"{self.chapter}.html")
        env = dict(os.environ, BOOK_OUTPUTS=os.path.join(self.root, "build", "book", "outputs"))
        cmd = [pandoc, "--standalone", "--toc", "--toc-depth=2", "--mathml", "--number-sections",
               f"--metadata-file={os.path.join(book, 'metadata.yaml')}", f"--lua-filter={weave}",
               f"--css={os.path.join(book, 'style.css')}", "--self-contained",
               f"--resource-path=.:book:{self.root}:{book}", "-o", html_rel]
        p = subprocess.run(cmd + [os.path.join("book", n) for n in pages], cwd=self.dir, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            message = p.stdout.decode("utf-8", "replace").strip().splitlines()
            self.notes.append("The HTML could not be woven (" + (message[-1] if message else "pandoc failed") +
                              "; `make book` in the repository first writes the outputs it needs): "
                              "the pages are markdown.")
            return [os.path.join("book", n) for n in pages]
        for n in pages:   # the HTML replaces the markdown
            os.remove(os.path.join(self.dir, "book", n))
            self.copied.discard(os.path.join("book", n))
        self.copied.add(html_rel)
        return [html_rel]

    def write_readme(self, pages):
        template = read_text(self.src(os.path.join("assignments", "student_README.md.in")))
        intro_path = self.src(os.path.join("assignments", f"{self.chapter}.md"))
        intro = read_text(intro_path).strip() if os.path.isfile(intro_path) else ""
        tasks = "\n".join(f"{i}. `{path}:{r.student_line}` — {r.hint()}"
                          for i, (path, r) in enumerate(self.regions, start=1))
        by_name = {t["name"]: t for t in self.tests}
        rows = ["| test | kind | points | command |", "|---|---|---|---|"]
        for name, worth in self.points.items():
            t = by_name[name]
            rows.append(f"| `{name}` | {t['kind']} | {worth:g} | `{t['command'].replace('|', '&#124;')}` |")
        gpu_points = sum(w for n, w in self.points.items() if by_name[n]["kind"] == "gpu")
        gpu = (f"GPU tests are worth {gpu_points:g} points. On a machine without an NVIDIA GPU (or "
               "without nvcc) they are listed as *not run* and do not count against you; they are "
               "graded where a GPU exists." if gpu_points else "Every graded test runs on the CPU.")
        book = ("\n".join(f"- [`{p}`]({p})" for p in pages) if pages else "- (none)")
        if self.notes:
            book += "\n\n" + " ".join(self.notes)
        banner = ("> **Reference kit**: the solutions are in place. It must grade full marks; "
                  "do not hand it to students.\n\n" if self.solution else "")
        files = "\n".join(f"- `{f}`" for f in sorted({p for p, _ in self.regions}))
        text = template
        for key, value in (("CHAPTER", self.chapter), ("INTRO", intro), ("TASKS", tasks),
                           ("POINTS", "\n".join(rows)), ("TOTAL", f"{sum(self.points.values()):g}"),
                           ("GPU", gpu), ("BOOK", book), ("FILES", files)):
            text = text.replace("{{" + key + "}}", value)
        self.put_text("README.md", banner + re.sub(r"\n{3,}", "\n\n", text))

    def build(self, tar):
        if not os.path.isdir(self.src(self.chapter)) or self.chapter.startswith((".", "/")) or "/" in self.chapter:
            raise KitError(f"no chapter folder '{self.chapter}' in {self.root}")
        if os.path.isdir(self.dir):
            shutil.rmtree(self.dir)
        os.makedirs(self.dir)
        self.copy_folders()
        self.copy_tools()
        self.copy_test_files()
        self.write_makefile()
        self.copy_points()
        pages = self.book_pages()
        self.write_readme(pages)
        if not self.solution:
            problems = find_leaks(self.root, self.chapter, self.dir)
            if problems:
                raise KitError("solution text survives in the kit:\n  " + "\n  ".join(problems))
        if tar:
            path = self.dir + ".tar.gz"
            with tarfile.open(path, "w:gz") as t:
                t.add(self.dir, arcname=self.name, filter=normalize_owner)
            if not self.solution:
                problems = find_leaks(self.root, self.chapter, path)
                if problems:
                    raise KitError("solution text survives in the archive:\n  " + "\n  ".join(problems))
                self.write_autograder()
        return self

    def write_autograder(self):
        """CH-autograder.zip for Gradescope: setup.sh and run_autograder at the root, the kit in kit/."""
        path = os.path.join(os.path.dirname(self.dir), f"{self.chapter}-autograder.zip")
        gpu = any(rel.endswith((".cu", ".cuh")) for rel in walk_files(self.src(self.chapter)))
        # Gradescope's machines have no GPU; nvcc alone still builds the GPU programs,
        # whose --on cpu paths the cpu tests grade. Ubuntu's toolkit may be older than
        # the companion's: real code for sm_80 only, no GPU to ask.
        cuda = ("apt-get install -y --no-install-recommends nvidia-cuda-toolkit || "
                "echo 'setup.sh: no CUDA toolkit: the tests of GPU programs will be listed as not run'\n"
                if gpu else "")
        setup = f"""#!/bin/sh
# setup.sh - Gradescope runs this once, when it builds the autograder image.
set -e
apt-get update
apt-get install -y --no-install-recommends build-essential cmake python3
{cuda}"""
        run = f"""#!/bin/sh
# run_autograder - Gradescope runs this for every submission: the student's
# files (any folder layout) are in $AUTOGRADER_ROOT/submission; they replace
# the kit's stubs, and the kit's grader writes results/results.json.
root=${{AUTOGRADER_ROOT:-/autograder}}
cd "$root/source/kit" || exit 1
mkdir -p "$root/results"
nvcc=$(command -v nvcc || true)
arch=""
nvidia-smi -L > /dev/null 2>&1 || arch="--make-var CUDA_ARCH=sm_80"
exec python3 tools/assignment/grade.py --chapter {self.chapter} --submission "$root/submission" \\
    --nvcc "$nvcc" $arch --out "$root/results/results.json"
"""
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for name, text in (("setup.sh", setup), ("run_autograder", run)):
                info = zipfile.ZipInfo(name)
                info.external_attr = 0o755 << 16
                z.writestr(info, text)
            for rel in walk_files(self.dir):
                z.write(os.path.join(self.dir, rel), os.path.join("kit", rel))
        problems = find_leaks(self.root, self.chapter, path)
        if problems:
            raise KitError("solution text survives in the autograder:\n  " + "\n  ".join(problems))


def normalize_owner(info):
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    return info


# --- the leak check -------------------------------------------------------------------
def secret_lines(root, chapter):
    """{stripped line: 'FILE:LINE'}: reference lines that appear nowhere else in the chapter.
    A line that the chapter's code outside the regions already contains, even as
    part of a longer line (`for (...) {` around the same loop head), gives
    nothing away and is not searched for."""
    secrets, public = {}, []
    for rel in walk_files(os.path.join(root, chapter)):
        rel = os.path.join(chapter, rel)
        if not markers.is_source(rel):
            continue
        regions, student, _ = markers.parse(read_text(os.path.join(root, rel)), rel)
        public.append(student)
        for r in regions:
            for number, line in r.solution:
                s = line.strip()
                if len(s) >= MIN_SECRET and re.search(r"[A-Za-z0-9]", s):
                    secrets.setdefault(s, f"{rel}:{number}")
    public_text = "\n".join(public)
    return {s: where for s, where in secrets.items() if s not in public_text}


def visible_text(name, data):
    text = data.decode("utf-8", "replace")
    if name.endswith((".html", ".htm")):
        text = html.unescape(re.sub(r"<[^>]*>", "", text))
    return text


def kit_contents(path):
    """(name, bytes) of every file of a kit directory or .tar.gz."""
    if os.path.isdir(path):
        for rel in walk_files(path):
            with open(os.path.join(path, rel), "rb") as f:
                yield rel, f.read()
    elif path.endswith(".zip"):
        with zipfile.ZipFile(path) as z:
            for name in z.namelist():
                if not name.endswith("/"):
                    yield name, z.read(name)
    else:
        with tarfile.open(path, "r:gz") as t:
            for member in t.getmembers():
                if member.isfile():
                    yield member.name, t.extractfile(member).read()


def find_leaks(root, chapter, kit):
    secrets = secret_lines(root, chapter)
    problems = []
    for name, data in kit_contents(kit):
        text = visible_text(name, data)
        for s, where in secrets.items():
            if s in text:
                problems.append(f"{name} contains the reference line {where}: {s}")
    return problems


def main(argv):
    ap = argparse.ArgumentParser(description="Writes the assignment kit of a chapter.")
    ap.add_argument("--chapter", required=True)
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument("--out", help="default: ROOT/dist/assignments")
    ap.add_argument("--solution", action="store_true", help="keep the reference code (CH-solution/)")
    ap.add_argument("--no-tar", action="store_true")
    ap.add_argument("--check", metavar="KIT", help="only check a kit (folder or .tar.gz) for solution text")
    args = ap.parse_args(argv[1:])
    root = os.path.abspath(args.root)
    try:
        if args.check:
            problems = find_leaks(root, args.chapter, args.check)
            for p in problems:
                print(f"LEAK: {p}")
            print(f"{args.check}: {len(problems)} reference lines found "
                  f"({len(secret_lines(root, args.chapter))} checked)")
            return 1 if problems else 0
        out = os.path.abspath(args.out or os.path.join(root, "dist", "assignments"))
        kit = Kit(root, args.chapter, out, args.solution).build(not args.no_tar)
    except (KitError, markers.MarkerError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    print(f"kit: {os.path.relpath(kit.dir)}{'' if args.no_tar else ' (+ .tar.gz)'}: "
          f"{len(kit.regions)} regions to implement, {sum(kit.points.values()):g} points"
          f"{'' if args.no_tar or args.solution else '; Gradescope: ' + kit.chapter + '-autograder.zip'}")
    for path, r in kit.regions:
        print(f"  {path}:{r.student_line}: {r.hint()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
