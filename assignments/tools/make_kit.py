#!/usr/bin/env python3
"""make_kit.py - writes the assignment kit of one chapter (`make assignment CH=...`).

    make_kit.py --chapter CH [--solution] [--root DIR] [--out DIR] [--no-tar]
    make_kit.py --check KITDIR --chapter CH [--root DIR]

The kit, dist/assignments/CH/ (and CH.tar.gz next to it), holds:
  CH/                the chapter, every solution region replaced by its STUDENT stub,
                     without CH/results/ (runs of the reference and of the edited
                     kernels the worked answers quote)
  common/            the shared helpers (markers dropped, code kept)
  tools/             the test scripts and the autograder
  Makefile           the companion's Makefile (Makefile.companion) limited to
                     common/ and CH, plus `make grade`
  assignments/       CH.points (what each test is worth), CH.submit (the files to hand in)
  book/              the chapter's pages: HTML woven from the stripped sources
                     when pandoc and the book's outputs are there, else markdown
  README.md          for students: what to implement (file:line and hint), how
                     to build, test and grade themselves
  + any file a test command names (golden outputs outside the chapter, a
    results/ table a test reads).
Next to a student kit: CH-autograder.zip, ready to upload to Gradescope
(setup.sh, run_autograder, the kit in kit/, the hidden tests in hidden/ with
the hidden variants of the public tests, recorded from the reference here).

--solution writes CH-solution/ instead: the same kit with the reference code
in place (markers dropped), which must grade full marks.

A student kit is checked before it is packed: no line of reference code
(strictly inside a region, at least MIN_SECRET characters, not also written
outside the regions) may occur in any file of the kit, HTML included.
--check runs that check alone on an existing kit directory.
"""
import argparse
import hashlib
import hmac
import html
import random
import secrets as secrets_module
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import urllib.parse
import zipfile

sys.dont_write_bytecode = True  # no __pycache__ in the repository or the kits
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import grade    # noqa: E402  (the registry parsers, shared with the autograder)
import markers  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MIN_SECRET = 12            # shorter lines ("return x[0];") say too little to count as a leak
VARIANT_MAX_BYTES = 1 << 20   # a hidden variant's recorded output stays below this
VARIANT_SEED_DRAWS = 64       # seeds drawn for a hidden variant or gate whose draw the stubs pass
KIT_TOOLS = ("assignment.mk", "grade.py")   # what a kit needs of assignments/tools/
# The scripts of tools/ a kit needs: the Makefile's (tests, make run, make bench) and
# whatever a test command names. Book, recording and device tooling stay out.
KIT_SCRIPTS = ("chapters.sh", "lists.sh", "gen_ctest.sh", "run_all.sh", "run_list.sh")


remove_tree = grade.remove_tree


class KitError(Exception):
    pass


SECRET_ENV = "ASSIGNMENT_SECRET_FILE"
HANG_GUARD = 3600          # seconds: a reference or stub run that takes longer is hung, not slow


def secret_path():
    return os.environ.get(SECRET_ENV) or os.path.join(os.path.expanduser("~"), ".config", "companion",
                                                      "assignment-secret")


def instructor_secret(root):
    """The instructor's secret (bytes), kept out of the repository: every hidden input (the
    seeds and sizes of hidden tests, variants and gates) is drawn from it, so a public
    companion repository says nothing about a course's hidden tests, and the same secret
    makes the same autograder again. Made (random, mode 600) on first use."""
    path = os.path.abspath(secret_path())
    if os.path.commonpath([path, os.path.abspath(root)]) == os.path.abspath(root):
        raise KitError(f"the instructor's secret {path} is inside the repository: keep it out "
                       f"(${SECRET_ENV} names another file)")
    if not os.path.isfile(path):
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as f:
            f.write(secrets_module.token_hex(32) + "\n")
        print(f"note: a new instructor's secret in {path} (keep it, and private: it makes the hidden inputs)")
    with open(path, "rb") as f:
        data = f.read().strip()
    if len(data) < 16:
        raise KitError(f"the instructor's secret {path} is shorter than 16 characters")
    return data


def secret_rng(secret, chapter, key):
    """A random generator for one hidden input, seeded from the secret, the chapter and key."""
    digest = hmac.new(secret, f"{chapter}\0{key}".encode(), hashlib.sha256).digest()
    return random.Random(int.from_bytes(digest, "big"))


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
    def __init__(self, root, chapter, out, solution, no_book=False):
        self.root, self.chapter, self.solution, self.no_book = root, chapter, solution, no_book
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
                # results/ holds runs of the reference kernels, edited ones among them (the runs
                # the worked answers quote): like the answers, they stay out of a student's kit
                if view == "student" and rel.split(os.sep)[0] == "results":
                    continue
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
        for name in KIT_SCRIPTS:
            if os.path.isfile(self.src(os.path.join("tools", name))):
                self.put_file(os.path.join("tools", name), "book")
        for name in KIT_TOOLS:
            self.put_file(os.path.join("assignments", "tools", name), "book")
        for name in ("LICENSE", "LICENSE-BOOK"):   # what students may do with the kit
            if os.path.isfile(self.src(name)):
                self.put_file(name, "book")

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
        rel = os.path.join("assignments", f"{self.chapter}.md")
        if not os.path.isfile(self.src(rel)):
            raise KitError(f"no registry {rel} (its ```grading block: one line per graded test, "
                           "points TEST_NAME POINTS)")
        try:
            self.tests = grade.read_tests(self.root, self.chapter)
            self.items = grade.read_points(self.src(rel), self.tests)
            self.times = grade.read_times(self.src(rel))
            self.hidden = grade.read_hidden(self.src(rel))
            intro, lines = grade.registry_parts(self.src(rel))
        except grade.ListError as e:
            raise KitError(str(e))
        # The kit's copy: the intro, the points and the times; no gates, no hidden tests.
        with open(self.src(rel), encoding="utf-8") as f:
            numbers = {n for n, word, _ in lines if word in ("gate", "hidden")}
            kept = [line for n, line in enumerate(f, start=1) if n not in numbers]
        self.put_text(rel, "".join(kept))
        files = sorted({path for path, _ in self.regions})
        self.put_text(os.path.join("assignments", f"{self.chapter}.submit"),
                      "# The files a student hands in (the autograder copies them into the kit).\n" +
                      "".join(f"{f}\n" for f in files))

    def book_pages(self):
        """The chapter's pages, woven into HTML from the kit's own sources. Refuses (with what to
        do) when the book's outputs or pandoc are missing, unless the kit is made without pages."""
        book = self.src("book")
        if self.no_book:
            self.notes.append("This kit comes without the book's pages: read the chapter in the book.")
            return []
        pages = []
        if os.path.isdir(book):
            # a page that shows this chapter's code and no other chapter's: the kit holds only
            # this chapter and common/ (the answers appendix shows every chapter's files)
            def shows_only_this_chapter(text):
                folders = set(re.findall(r'include="([^"/]+)/', text))
                return self.chapter in folders and folders <= {self.chapter, "common"}
            pages = [n for n in sorted(os.listdir(book)) if n.endswith(".md") and
                     shows_only_this_chapter(read_text(os.path.join(book, n)))]
        if not pages:
            self.notes.append("The book has no chapter that includes this folder's code yet.")
            return []
        for n in pages:
            self.put_file(os.path.join("book", n), "book")
        pandoc = shutil.which("pandoc")
        weave = os.path.join(book, "filters", "weave.lua")
        outputs = os.path.join(self.root, "build", "book", "outputs")
        if not pandoc or not os.path.isfile(weave):
            raise KitError("the kit's book pages are woven with pandoc, which is not installed "
                           "(apt-get install pandoc), or make the kit without them: NOBOOK=1 (--no-book)")
        if not os.path.isdir(outputs) or not os.listdir(outputs):
            raise KitError("the kit's book pages show the programs' outputs, which `make book` writes: "
                           "run `make book` first, or make the kit without pages: NOBOOK=1 (--no-book)")
        html_rel = os.path.join("book", f"{self.chapter}.html")
        # the pandoc run happens in the kit: the outputs and figures `make book` wrote stay in the repository
        env = dict(os.environ, BOOK_OUTPUTS=os.path.join(self.root, "build", "book", "outputs"),
                   BOOK_FIGURES=os.path.join(self.root, "build", "book", "figures"))
        cmd = [pandoc, "--standalone", "--toc", "--toc-depth=2", "--mathml", "--number-sections",
               f"--metadata-file={os.path.join(book, 'metadata.yaml')}", f"--lua-filter={weave}",
               f"--css={os.path.join(book, 'style.css')}", "--self-contained",
               f"--resource-path=.:book:{self.root}:{book}", "-o", html_rel]
        p = subprocess.run(cmd + [os.path.join("book", n) for n in pages], cwd=self.dir, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        if p.returncode != 0:
            message = [line for line in p.stdout.decode("utf-8", "replace").splitlines()
                       if line.startswith(("error", "Error"))]
            raise KitError("the chapter's pages could not be woven" + (f" ({message[0]})" if message else "") +
                           ": run `make book` first (it writes the outputs they show), or make the kit "
                           "without pages: NOBOOK=1 (--no-book)")
        for n in pages:   # the HTML replaces the markdown
            os.remove(os.path.join(self.dir, "book", n))
            self.copied.discard(os.path.join("book", n))
        self.copied.add(html_rel)
        return [html_rel]

    def write_readme(self, pages):
        template = read_text(self.src(os.path.join("assignments", "student_README.md.in")))
        intro = grade.registry_parts(self.src(os.path.join("assignments", f"{self.chapter}.md")))[0]
        tasks = "\n".join(f"{i}. `{path}:{r.student_line}` — {r.hint()}"
                          for i, (path, r) in enumerate(self.regions, start=1))
        by_name = {t["name"]: t for t in self.tests}
        rows = ["| test | kind | points | time limit | passes when | command |", "|---|---|---|---|---|---|"]
        for item in self.items:
            t = by_name[item.test]
            limit = self.limit_of(t)
            when = (f"every self-check line naming *{item.check}* says confirmed" if item.check else
                    {"golden": "exit 0, stdout exactly the golden file", "exit": "the expected exit status "
                     "and message", "plain": "exit 0 (every self-check confirmed)",
                     "script": "the check script exits 0"}[grade.parse_command(t["command"])[0]])
            rows.append(f"| `{item.name}` | {t['kind']} | {item.points:g} | {limit:g} s | {when} | "
                        f"`{t['command'].replace('|', '&#124;')}` |")
        cpu_points = sum(i.points for i in self.items if by_name[i.test]["kind"] == "cpu")
        gpu_points = sum(i.points for i in self.items if by_name[i.test]["kind"] == "gpu")
        hidden_points = sum(i.points for i in self.hidden[1])
        gpu = (f"CPU tests: {cpu_points:g} points; GPU tests: {gpu_points:g} points. Without an NVIDIA "
               "GPU the GPU tests are listed as *not run* and do not count; they are graded where a GPU "
               "exists." if gpu_points else f"Every graded test runs on the CPU ({cpu_points:g} points).")
        if hidden_points:
            gpu += (f" The autograder also runs hidden tests worth {hidden_points:g} points (other "
                    "inputs, the same programs): code that passes the tests above by being right "
                    "passes them too.")
        book = ("\n".join(f"- [`{p}`]({p})" for p in pages) if pages else "- (none)")
        if self.notes:
            book += "\n\n" + " ".join(self.notes)
        banner = ("> **Reference kit**: the solutions are in place. It must grade full marks; "
                  "do not hand it to students.\n\n" if self.solution else "")
        files = "\n".join(f"- `{f}`" for f in sorted({p for p, _ in self.regions}))
        text = template
        # The hidden checks that are stricter than the public ones, named: a gate runs another
        # command on inputs drawn for the course; a hidden variant compares a test's whole output.
        registry = self.src(os.path.join("assignments", f"{self.chapter}.md"))
        gates = [(n, t) for n, t in grade.registry_lines(registry, "gate")]
        hidden_text = ("**Checks on inputs you do not see.** The autograder runs more than the table "
                       "shows, on sizes and seeds drawn for your course: ")
        hidden_text += ("every graded test above whose output depends on its seed runs once more with "
                        "a seed you have not seen, and its whole output (every line, not only the "
                        "self-check verdicts) must equal the reference solution's")
        if gates:
            gate_rows = []
            for _, text_line in gates:
                head, _, command = text_line.partition(" -- ")
                words = head.split(None, 1)
                key = words[0] if len(words) == 1 else f"{words[0]} [{words[1][len('verdict:'):].strip()}]"
                shown = re.sub(r"\{seed\}", "SEED", re.sub(r"\{int:(\d+):(\d+)\}", r"N(\1..\2)", command))
                gate_rows.append(f"- `{key}` also needs the output of `{shown}` to be the reference's")
            hidden_text += ("; and these items, instead, need the values your code computes on such "
                            "inputs (SEED and N drawn for your course):\n\n" + "\n".join(gate_rows))
        else:
            hidden_text += "."
        text = text.replace("{{HIDDEN}}", hidden_text)
        for key, value in (("CHAPTER", self.chapter), ("INTRO", intro), ("TASKS", tasks),
                           ("POINTS", "\n".join(rows)), ("TOTAL", f"{self.total():g}"),
                           ("GPU", gpu), ("BOOK", book), ("FILES", files)):
            text = text.replace("{{" + key + "}}", value)
        self.put_text("README.md", banner + re.sub(r"\n{3,}", "\n\n", text))

    def limit_of(self, t):
        ref = self.times.get(t["name"])
        return t["timeout"] if ref is None else min(t["timeout"], max(grade.TIME_FLOOR, grade.TIME_FACTOR * ref))

    def total(self):
        return sum(i.points for i in self.items) + sum(i.points for i in self.hidden[1])

    def outputs(self):
        """Everything a run of build() writes beside the repository."""
        out = os.path.dirname(self.dir)
        return [self.dir, self.dir + ".tar.gz", os.path.join(out, f"{self.chapter}-autograder.zip"),
                os.path.join(out, f"{self.chapter}-solutions.md")]

    def build(self, tar):
        """Writes the kit; when anything refuses, nothing of it is left (no partial folder)."""
        if not os.path.isdir(self.src(self.chapter)) or self.chapter.startswith((".", "/")) or "/" in self.chapter:
            raise KitError(f"no chapter folder '{self.chapter}' in {self.root}")
        made, folder = [], os.path.dirname(self.dir)
        while not os.path.isdir(folder):   # the output folders this run makes (dist/assignments)
            made.append(folder)
            folder = os.path.dirname(folder)
        try:
            return self.build_all(tar)
        except BaseException:
            for path in self.outputs():
                if os.path.isdir(path) and not os.path.islink(path):
                    remove_tree(path)
                elif os.path.lexists(path):
                    os.remove(path)
            for folder in made:   # innermost first; only when nothing else is in them
                try:
                    os.rmdir(folder)
                except OSError:
                    break
            raise

    def build_all(self, tar):
        for path in self.outputs():   # an older kit of the chapter goes first
            if os.path.isdir(path) and not os.path.islink(path):
                remove_tree(path)
            elif os.path.lexists(path):
                os.remove(path)
        os.makedirs(self.dir)
        self.copy_folders()
        self.copy_tools()
        self.copy_test_files()
        self.write_makefile()
        self.copy_points()
        pages = self.book_pages()
        self.write_readme(pages)
        if not self.solution:
            self.write_classroom()
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
                self.write_manual()
        return self

    def write_autograder(self):
        """CH-autograder.zip for Gradescope: setup.sh and run_autograder at the root, the kit in
        kit/, the hidden tests in hidden/ (never in the student kit)."""
        path = os.path.join(os.path.dirname(self.dir), f"{self.chapter}-autograder.zip")
        # Gradescope's machines have no GPU: the grader builds without nvcc (gpu/no_cuda.c),
        # runs the cpu tests and lists the GPU tests as not run. The student's code runs as
        # `student`, which can read the kit's copy but not source/, hidden/ or results/; the
        # checker that judges its runs, as `judge` (grade.py, class Checker).
        setup = """#!/bin/sh
# setup.sh - Gradescope runs this once, when it builds the autograder image.
set -e
apt-get update
apt-get install -y --no-install-recommends build-essential make python3
id student > /dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin student
# the checker's user: what judges the student's runs is neither root nor the student's user
id judge > /dev/null 2>&1 || useradd --system --no-create-home --shell /usr/sbin/nologin judge
"""
        run = f"""#!/bin/sh
# run_autograder - Gradescope runs this for every submission: the student's files
# (any folder layout) are in $root/submission. The grader copies only the files of
# assignments/{self.chapter}.submit into a fresh copy of the kit, builds and runs them
# as an unprivileged user, and writes $root/results/results.json itself.
root=${{AUTOGRADER_ROOT:-/autograder}}
mkdir -p "$root/results"
if [ "$(id -u)" = 0 ]; then
    chmod -R go-rwx "$root/source" "$root/results"
    # Gradescope's submission_metadata.json may hold earlier submissions' results: root's alone,
    # before any of the student's code runs
    if [ -e "$root/submission_metadata.json" ]; then
        chown root:root "$root/submission_metadata.json" && chmod 600 "$root/submission_metadata.json" || exit 1
    fi
fi
exec python3 "$root/source/kit/assignments/tools/grade.py" --chapter {self.chapter} \\
    --kit "$root/source/kit" --hidden "$root/source/hidden" --submission "$root/submission" \\
    --out "$root/results/results.json" ${{GRADE_ARGS:-}}
"""
        self.secret = instructor_secret(self.root)
        variants, outputs = self.make_variants()
        self.check_no_hidden(outputs)
        cpu = sum(i.points for i in self.items if self.kind_of(i) == "cpu")
        hidden = sum(i.points for i in self.hidden[1] if self.kind_of(i) == "cpu")
        notes = f"""Gradescope autograder of {self.chapter}.
Upload this zip as is (Ubuntu base image). Set the assignment's total to {cpu + hidden:g} points:
{cpu:g} for the public CPU tests, {hidden:g} for the hidden ones. The GPU tests (worth
{sum(i.points for i in self.items if self.kind_of(i) == 'gpu'):g}) cannot run there (no GPU) and are left out of the score.
""" + self.forgery_note()
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for name, text, mode in (("setup.sh", setup, 0o755), ("run_autograder", run, 0o755),
                                     ("INSTRUCTOR.txt", notes, 0o644)):
                info = zipfile.ZipInfo(name)
                info.external_attr = mode << 16
                z.writestr(info, text)
            for rel in walk_files(self.dir):
                z.write(os.path.join(self.dir, rel), os.path.join("kit", rel))
            if self.hidden_lines:
                z.writestr(os.path.join("hidden", f"{self.chapter}.hidden"),
                           "# Hidden tests (make_kit.py, inputs drawn from the instructor's secret, goldens "
                           "from the reference): NAME KIND POINTS COMMAND\n" +
                           "".join(line + "\n" for line in self.hidden_lines))
            if variants:
                z.writestr(os.path.join("hidden", f"{self.chapter}.variants"),
                           "# Hidden variants of the public tests (make_kit.py, from the reference): TEST STATUS "
                           "SECONDS OUTPUT COMMAND.\n# A public test's points also need its variant's output.\n" +
                           "".join(line + "\n" for line in variants))
                for rel, data in sorted(outputs.items()):
                    z.writestr(os.path.join("hidden", rel), data)
        problems = find_leaks(self.root, self.chapter, path)
        if problems:
            raise KitError("solution text survives in the autograder:\n  " + "\n  ".join(problems))

    def make_variants(self):
        """Hidden variants of the graded public CPU tests: each test's program run again with a
        seed of its own (secret, drawn now) and without --quiet, its output and status recorded
        from the reference. A public test then earns its points only when its variant's output
        is the reference's too: printing the public golden back, or a forged exit and
        `confirmed`, no longer does. Verdict items stay as they are (their partial credit reads
        the self-check lines, which a forger writes as it likes). A variant is kept only when
        the reference's output is deterministic, has a line besides self-checks, is not a file
        of the kit, is not what the stubs print, ends with the status the test wants. How long the
        reference takes decides nothing: a variant changes only the seed of a public test, so it
        does the same work as that test. The hidden golden tests whose golden the
        stubs print too go to weak_hidden (a forced exit 0 passes them). Returns (lines,
        {file: bytes})."""
        import tempfile
        import time
        self.variant_tests, self.weak_hidden, self.hidden_lines = set(), set(), []
        wanted = {i.test for i in self.items if not i.check}
        tests = [t for t in self.tests if t["name"] in wanted and t["kind"] == "cpu"]
        registry = self.src(os.path.join("assignments", f"{self.chapter}.md"))
        gates = read_gates(registry, self.items, self.tests, self.secret, self.chapter)
        rngs = {t["name"]: secret_rng(self.secret, self.chapter, "variant " + t["name"]) for t in tests}
        # (key, test, argv, gate): an item with a gate is checked by the gate alone
        candidates = [(t["name"], t, variant_argv(t["command"], rngs[t["name"]].randrange(100000, 1000000000)), False)
                      for t in tests if t["name"] not in gates]
        candidates = [c for c in candidates if c[2]]
        by_name = {t["name"]: t for t in self.tests}
        candidates += [(key, by_name[key.split(" [", 1)[0]], argv, True) for key, argv in sorted(gates.items())]
        # Hidden tests: their inputs drawn from the secret now, their goldens the reference's output.
        hidden = []
        points = {i.test: i.points for i in self.hidden[1]}
        def hidden_argv(t, draw):
            """The hidden test's command with its numbers drawn from the secret (draw > 0: a redraw)."""
            argv = draw_command(t["command"], secret_rng(self.secret, self.chapter, "hidden " + t["name"] +
                                                         (f" #{draw}" if draw else "")))
            if not argv or not argv[0].startswith("build/") or any(set(w) & grade.SHELL_CHARS for w in argv):
                raise KitError(f"assignments/{self.chapter}.md: hidden test {t['name']}: a hidden test runs a "
                               "program of build/, no shell (its golden is the reference's stdout)")
            return argv
        for t in self.hidden[0]:
            t["points"] = points[t["name"]]
            hidden.append((t, hidden_argv(t, 0)))
        if not candidates and not hidden:
            return [], {}
        tmp = tempfile.mkdtemp(prefix="kit-variants-")
        try:
            # The reference kit, and a copy of the student kit (its stubs), built side by side.
            ref = Kit(self.root, self.chapter, tmp, True, no_book=True).build(False)
            stub = os.path.join(tmp, "stub")
            shutil.copytree(self.dir, stub)
            progs = sorted({c[2][0] for c in candidates} | {argv[0] for _, argv in hidden})
            for folder in (ref.dir, stub):
                subprocess.run(["make", "-s", "-k", "NVCC=", "GRADE_NO_WERROR=1"] + progs, cwd=folder,
                               env=grade.clean_env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            # A reference program that did not build would drop its variants and hidden tests
            # without a word (the kit then grades less than its points file says): refuse.
            unbuilt = [p for p in progs if not os.access(os.path.join(ref.dir, p), os.X_OK)]
            if unbuilt:
                raise KitError("the reference kit did not build " + ", ".join(unbuilt) + ", which hidden "
                               "tests or variants run: `make assignment CH=" + self.chapter + " SOLUTION=1` "
                               "and `make` in it show why")

            def stub_says(argv, timeout=HANG_GUARD):
                try:
                    return subprocess.run(argv, cwd=stub, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                          stderr=subprocess.DEVNULL, timeout=timeout,
                                          env=grade.clean_env({"LC_ALL": "C"})).stdout
                except (subprocess.TimeoutExpired, OSError):
                    return None
            public = {data for _, data in kit_contents(self.dir)}
            lines, outputs = [], {}
            # Each hidden test's golden: the reference's stdout (twice the same, exit 0). One the
            # stubs print as well is passed by a forced exit 0 (weak_hidden).
            for t, argv in hidden:
                # A draw whose golden the stubs print too (a small input has few outcomes) is
                # drawn again, from the secret and a counter: weak only when every draw is.
                for draw in range(VARIANT_SEED_DRAWS):
                    if draw:
                        again = hidden_argv(t, draw)
                        if again == argv:   # nothing in the command is drawn: the same every time
                            break
                        argv = again
                    try:
                        runs = [subprocess.run(argv, cwd=ref.dir, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                               stderr=subprocess.DEVNULL, timeout=HANG_GUARD,
                                               env=grade.clean_env({"LC_ALL": "C"})) for _ in range(2)]
                    except subprocess.TimeoutExpired:
                        raise KitError(f"hidden test {t['name']}: the reference ran past {HANG_GUARD} s (hung): "
                                       + " ".join(argv))
                    if runs[0].returncode != 0 or runs[0].stdout != runs[1].stdout:
                        raise KitError(f"hidden test {t['name']}: the reference exits {runs[0].returncode} or "
                                       f"prints something else each time: {' '.join(argv)}")
                    weak = same_values(stub_says(argv), runs[0].stdout)
                    if not weak:
                        break
                rel = f"{self.chapter}/{t['name']}.out"
                outputs[rel] = runs[0].stdout
                self.hidden_lines.append(f"{t['name']} {t['kind']}:{t['timeout']} {t['points']:g} "
                                         f"tools/expect_output.sh {rel} -- {' '.join(argv)}")
                if weak:
                    self.weak_hidden.add(t["name"])
            def reference_run(t, argv, gate):
                """(status, stdout, seconds) of the reference on argv when that output can be a
                hidden variant or gate; else why not, a string that starts with 'drawn: ' when
                another draw of the seed may do (the output is one the kit shows, or the stubs'),
                and raises KitError when the reference did not build or hung."""
                runs = []
                try:
                    # twice, to see that the output is deterministic
                    while len(runs) < 2:
                        started = time.time()
                        p = subprocess.run(argv, cwd=ref.dir, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                           stderr=subprocess.DEVNULL, timeout=HANG_GUARD,
                                           env=grade.clean_env({"LC_ALL": "C"}))
                        runs.append((p.returncode, p.stdout, time.time() - started))
                except subprocess.TimeoutExpired:
                    raise KitError(f"the reference ran past {HANG_GUARD} s (hung) on {' '.join(argv)}: "
                                   "fix the reference or the test's command")
                except OSError as e:
                    raise KitError(f"the reference program {argv[0]} did not build or cannot run ({e}): "
                                   "build the reference kit (make assignment CH=... SOLUTION=1) to see why")
                (status, out, seconds), (status2, out2, _) = runs[0], runs[-1]
                text = out.decode("utf-8", "replace").splitlines()
                form, _, extra = grade.parse_command(t["command"])
                # a gate prints what the student's code computed: only its output counts (a
                # solution with right values and a wrong verdict elsewhere passes it)
                if status != status2 or out != out2:
                    return "its output is not deterministic"
                if not gate and status != (extra[0] if form == "exit" else 0):
                    return f"the reference exits {status}"
                if len(out) > VARIANT_MAX_BYTES:
                    return "its output is too long"
                if not any(line.strip() and not line.startswith("self-check:") for line in text):
                    return "its output has only self-check lines"
                if out in public:
                    return "drawn: its output is a file of the kit"
                if same_values(stub_says(argv), out):
                    return "drawn: the stubs print the same values"
                return status, out, seconds

            for key, t, argv, gate in candidates:
                found = reference_run(t, argv, gate)
                # A seed may give an output the kit shows or the stubs print too (a small input
                # has few outcomes: 8 nodes in index order have a handful of ruler choices):
                # draw again, from the secret and a counter, so the same secret makes the same
                # kit and no secret stops one by chance (each draw fails with odds far below 1).
                for draw in range(1, VARIANT_SEED_DRAWS):
                    if not isinstance(found, str) or not found.startswith("drawn: "):
                        break
                    if gate:
                        again = read_gates(registry, self.items, self.tests, self.secret, self.chapter, draw)[key]
                    else:
                        again = variant_argv(t["command"], rngs[t["name"]].randrange(100000, 1000000000))
                    if again == argv:   # nothing in the command is drawn: the same every time
                        break
                    argv = again
                    found = reference_run(t, argv, gate)
                if isinstance(found, str):
                    if gate:
                        raise KitError(f"assignments/{self.chapter}.md: the gate of '{key}' is "
                                       f"unusable ({found.replace('drawn: ', '')}"
                                       f"{' in every draw of its numbers' if found.startswith('drawn: ') else ''}): "
                                       + " ".join(argv))
                    continue
                status, out, seconds = found
                safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", key)
                rel = f"{self.chapter}/variants/{safe}.out"
                outputs[rel] = out
                lines.append(f"{urllib.parse.quote(key, safe='[]():,')} {'any' if gate else status} "
                             f"{seconds:.3f} {rel} {' '.join(argv)}")
                self.variant_tests.add(key)
            return lines, outputs
        finally:
            remove_tree(tmp)

    def forgeable(self):
        """(forgeable, protected) CPU points. A test decided by the program's own exit status or
        self-check lines, or by a golden file the kit ships, can be passed by a submission that
        forges them from inside the program (an exit from a constructor, a printed `confirmed`,
        the public golden printed back); a hidden golden test, or a public test with a hidden
        variant (make_variants), compares the output with something the submission cannot read."""
        forged = kept = 0.0
        tests = {t["name"]: t for t in self.tests + self.hidden[0]}
        variants, weak = getattr(self, "variant_tests", set()), getattr(self, "weak_hidden", set())
        for item in self.items + self.hidden[1]:
            t = tests.get(item.test)
            if not t or t["kind"] != "cpu":
                continue
            form = grade.parse_command(t["command"])[0]
            if item.name in variants or (not item.check and t.get("hidden")
                                         and item.test not in weak):
                kept += item.points
            else:
                forged += item.points
        return forged, kept

    def forgery_note(self):
        forged, kept = self.forgeable()
        weak = "".join(f"The hidden test {n}: the stubs print its golden too; only their exit status fails it, and\n"
                       "a submission that forces exit 0 passes it. Make it a test whose output the stubs get wrong.\n"
                       for n in sorted(getattr(self, "weak_hidden", set())))
        head = (f"Of these {forged + kept:g} points, {forged:g} can be earned without a solution: a submission "
                "can forge\nthe exit status and the self-check lines of the program it is linked into, or "
                "print a\npublic golden file back. ")
        if not forged:
            return weak + head + (f"Every point ({kept:g}) also needs values the submitted code computed on an\n"
                                  "input it cannot know: a hidden golden test, a hidden variant of the public test\n"
                                  "(its own secret seed), or a gate (a gate line of assignments/CH.md: a run that prints\n"
                                  "the computed values, on a size and seed drawn when this zip was made), compared\n"
                                  "with the reference's output recorded then.\n")
        return weak + head + ("The hidden golden tests, the hidden variants and the gates\n"
                f"({kept:g} points) resist that. The rest are verdict items without a gate (partial credit\n"
                "read from self-check lines), exit-status tests whose output says nothing the stubs do\n"
                "not, or tests without a seed to vary: give them a gate (a gate line in assignments/CH.md)\n"
                "or add hidden tests (hidden lines there) for every part that matters.\n")

    def kind_of(self, item):
        return next((t["kind"] for t in self.tests + self.hidden[0] if t["name"] == item.test), "cpu")

    def check_no_hidden(self, outputs):
        """No hidden golden or variant output may be a file of the student kit (by content,
        beyond trivial ones)."""
        secrets = [(rel, data) for rel, data in sorted(outputs.items()) if len(data) >= 40]
        for name, data in kit_contents(self.dir):
            for rel, secret in secrets:
                if secret in data:
                    raise KitError(f"the hidden golden {rel} is in the student kit ({name})")

    def write_classroom(self):
        """GitHub Classroom: one autograding test per graded CPU item (the grader, --only)."""
        tests = []
        for item in self.items:
            if self.kind_of(item) != "cpu":
                continue
            t = next(t for t in self.tests if t["name"] == item.test)
            tests.append({"name": item.name, "setup": "",
                          "run": f"python3 assignments/tools/grade.py --chapter {self.chapter} --work build/grade "
                                 f"--quiet --out build/grade-{item.test}.json --only '{item.name}'",
                          "input": "", "output": "", "comparison": "included",
                          "timeout": max(1, int(self.limit_of(t) // 60) + 2), "points": item.points})
        self.put_text(os.path.join(".github", "classroom", "autograding.json"),
                      json.dumps({"tests": tests}, indent=2) + "\n")
        self.put_text(os.path.join(".github", "workflows", "classroom.yml"), """\
# GitHub Classroom autograding: runs .github/classroom/autograding.json on every push.
name: Autograding
on: [push, workflow_dispatch]
permissions:
  checks: write
  actions: read
  contents: read
jobs:
  autograding:
    runs-on: ubuntu-latest
    if: github.actor != 'github-classroom[bot]'
    steps:
      - uses: actions/checkout@v4
      - run: sudo apt-get install -y --no-install-recommends build-essential make python3
      - uses: education/autograding@v1
""")

    def write_manual(self):
        """CH-solutions.md beside the kits: for the instructor only (never in a kit)."""
        lines = [f"# Solutions manual: {self.chapter} (instructor only, do not hand out)", "",
                 f"Total: {self.total():g} points (public {sum(i.points for i in self.items):g}, "
                 f"hidden {sum(i.points for i in self.hidden[1]):g}).", ""]
        for n, (path, r) in enumerate(self.regions, start=1):
            lang = "cuda" if path.endswith((".cu", ".cuh")) else "c"
            lines += [f"## {n}. `{path}:{r.student_line}`", "", r.hint(), "", f"```{lang}"]
            lines += [text for _, text in r.solution] + ["```", ""]
        lines += ["## Tests and points", "", "| test | kind | points |", "|---|---|---|"]
        for item in self.items + self.hidden[1]:
            lines.append(f"| `{item.name}` | {self.kind_of(item)} | {item.points:g} |")
        path = os.path.join(os.path.dirname(self.dir), f"{self.chapter}-solutions.md")
        write_text(path, "\n".join(lines) + "\n")


def same_values(a, b):
    """Whether two outputs say the same once their self-check lines are left out: what a
    program prints about its own result is no value it computed (a forger rewrites it)."""
    if a is None or b is None:
        return a is b
    keep = lambda data: [l for l in data.splitlines() if not l.startswith(b"self-check:")]
    return keep(a) == keep(b)


def draw_command(command, rng):
    """argv of a gate's or hidden test's COMMAND: {seed} a number, {int:LO:HI} one in LO..HI."""
    def draw(m):
        if m.group(1) is None:
            return str(rng.randrange(100000, 1000000000))
        return str(rng.randint(int(m.group(2)), int(m.group(3))))
    return re.sub(r"\{(?:seed|(int):(\d+):(\d+))\}", draw, command).split()


def read_gates(path, items, tests, secret, chapter, draw=0):
    """{item name: argv} of a gates file (assignments/hidden/CH.gates, instructor only):
    `TEST [verdict: TEXT] -- COMMAND` per line, COMMAND a run of a program of build/ that prints
    values the student's code computed. In COMMAND, {seed} becomes a secret number and
    {int:LO:HI} a secret number in LO..HI, drawn when the autograder is made. The item (that
    test line of the points file) earns its points only when the gate's output is the
    reference's too. draw > 0 gives the draw-th redraw of every gate's numbers (make_variants
    redraws a gate whose first draw the stubs happen to pass), the same for the same secret."""
    gates = {}
    if not os.path.isfile(path):
        return gates
    names = {i.name for i in items}
    kinds = {t["name"]: t["kind"] for t in tests}
    for number, text in grade.list_lines(path, "gate"):
        where = f"{path}:{number}"
        head, sep, command = text.partition(" -- ")
        words = head.split(None, 1)
        if not sep or not words:
            raise KitError(f"{where}: expected TEST [verdict: TEXT] -- COMMAND")
        key = words[0]
        if len(words) == 2:
            if not words[1].startswith("verdict:"):
                raise KitError(f"{where}: expected TEST [verdict: TEXT] -- COMMAND")
            key = f"{words[0]} [{words[1][len('verdict:'):].strip()}]"
        if key not in names or kinds.get(words[0]) != "cpu":
            raise KitError(f"{where}: '{key}' is no CPU item of the points file")
        if key in gates:
            raise KitError(f"{where}: a second gate for '{key}'")

        argv = draw_command(command, secret_rng(secret, chapter, "gate " + key + (f" #{draw}" if draw else "")))
        if not argv or not argv[0].startswith("build/") or any(set(w) & grade.SHELL_CHARS for w in argv):
            raise KitError(f"{where}: a gate runs a program of build/, no shell")
        gates[key] = argv
    return gates


def variant_argv(command, seed):
    """A test's program command line with --quiet dropped and --seed set to seed (added when
    absent); None when the test is no plain run of a program of build/."""
    form, argv, _ = grade.parse_command(command)
    if form == "script" or not argv or not argv[0].startswith("build/"):
        return None
    out, words, i = [], [w for w in argv if w != "--quiet"], 0
    while i < len(words):
        if words[i] == "--seed" and i + 1 < len(words):
            i += 2
        elif words[i].startswith("--seed="):
            i += 1
        else:
            out.append(words[i])
            i += 1
    out += ["--seed", str(seed)]
    if any(set(w) & grade.SHELL_CHARS or not w for w in out):
        return None
    return out


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


def measure_times(root, chapter, registry):
    """Grades the reference kit (GPU tests too where there is a GPU) and writes its seconds per
    test into the registry (assignments/CH.md: `time TEST SECONDS` lines) with this machine's
    calibration (`calibration SECONDS`): the grader scales the limits by its own machine's
    calibration against this one."""
    import tempfile
    tmp = tempfile.mkdtemp(prefix="kit-times-")
    try:
        kit = Kit(root, chapter, tmp, True, no_book=True).build(False)
        measured = os.path.join(tmp, "times.txt")
        cmd = [sys.executable, os.path.join(kit.dir, "assignments", "tools", "grade.py"), "--chapter", chapter,
               "--kit", kit.dir, "--work", os.path.join(tmp, "work"), "--graded-only",
               "--jobs", "1", "--nvcc", shutil.which("nvcc") or "", "--out", os.path.join(tmp, "results.json"),
               "--record-times", measured, "--quiet"]
        os.chmod(tmp, 0o755)
        subprocess.run(cmd, check=True)
        with open(measured, encoding="utf-8") as f:
            new = [line.split() for line in f if line.strip()]
        names = {w[1] for w in new if w[0] == "time"}
        with open(registry, encoding="utf-8") as f:
            lines = f.read().split("\n")
        _, parts = grade.registry_parts(registry)
        drop = {n - 1 for n, word, rest in parts if word == "calibration" or
                (word == "time" and rest.split()[0] in names)}
        close = max(i for i, line in enumerate(lines) if line.strip() == "```")
        added = [f"time   {w[1]} {w[2]}" if w[0] == "time" else f"calibration {w[1]}" for w in new]
        lines = [line for i, line in enumerate(lines[:close]) if i not in drop] + added + lines[close:]
        write_text(registry, "\n".join(lines))
    finally:
        remove_tree(tmp)
    print(f"reference times: {os.path.relpath(registry)}")


def main(argv):
    ap = argparse.ArgumentParser(description="Writes the assignment kit of a chapter.")
    ap.add_argument("--chapter", required=True)
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(HERE)))
    ap.add_argument("--out", help="default: ROOT/dist/assignments")
    ap.add_argument("--solution", action="store_true", help="keep the reference code (CH-solution/)")
    ap.add_argument("--no-tar", action="store_true")
    ap.add_argument("--no-book", action="store_true", help="a kit without the book's pages")
    ap.add_argument("--check", metavar="KIT", help="only check a kit (folder or .tar.gz) for solution text")
    ap.add_argument("--measure-times", action="store_true",
                    help="write the reference's times into assignments/CH.md")
    args = ap.parse_args(argv[1:])
    root = os.path.abspath(args.root)
    try:
        if args.measure_times:
            measure_times(root, args.chapter, os.path.join(root, "assignments", f"{args.chapter}.md"))
            return 0
        if args.check:
            problems = find_leaks(root, args.chapter, args.check)
            for p in problems:
                print(f"LEAK: {p}")
            print(f"{args.check}: {len(problems)} reference lines found "
                  f"({len(secret_lines(root, args.chapter))} checked)")
            return 1 if problems else 0
        out = os.path.abspath(args.out or os.path.join(root, "dist", "assignments"))
        kit = Kit(root, args.chapter, out, args.solution, args.no_book).build(not args.no_tar)
    except (KitError, markers.MarkerError, grade.ListError, subprocess.CalledProcessError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    cpu = sum(i.points for i in kit.items + kit.hidden[1] if kit.kind_of(i) == "cpu")
    print(f"kit: {os.path.relpath(kit.dir)}{'' if args.no_tar else ' (+ .tar.gz)'}: "
          f"{len(kit.regions)} regions to implement, {kit.total():g} points ({cpu:g} on the CPU)"
          f"{'' if args.no_tar or args.solution else '; Gradescope: ' + kit.chapter + '-autograder.zip (total ' + format(cpu, 'g') + '), solutions manual: ' + kit.chapter + '-solutions.md'}")
    for path, r in kit.regions:
        print(f"  {path}:{r.student_line}: {r.hint()}")
    forged, kept = kit.forgeable()
    for name in sorted(getattr(kit, "weak_hidden", set())):
        print(f"warning: hidden test {name}: the stubs print its golden too, a forced exit 0 passes it")
    if not args.no_tar and not args.solution:
        print(f"forger: {forged:g} of the {forged + kept:g} CPU points can be earned without a solution "
              f"(its own exit status, self-checks or a public golden); {kept:g} need values the code "
              "computed on hidden inputs (hidden tests, variants, gates)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
