#!/bin/sh
# check_book_verbatim.sh - program output and logs reach the reader as they
# were printed. Every option-like word of an output or log the book shows
# (--on, --fmad=false, ...: two hyphens, which typography would make a dash)
# is found as written in the HTML pages and in the PDF's text, and neither
# shows one of them with an en dash in its place. Each output's lines stay
# lines: the last line of every plain output is a line of the HTML by itself.
set -u
build=${BUILD:-build} # the build folder (make BUILD=...; CTest's test scripts set BUILD)
out=$build/book/outputs
[ -f "$build/book/index.html" ] || { echo "skipped: the book was not built (pandoc not found)"; exit 77; }
command -v python3 >/dev/null 2>&1 || { echo "FAIL: python3 not found"; exit 1; }
pdf=$build/book/companion.pdf
command -v pdftotext >/dev/null 2>&1 && [ -s "$pdf" ] || pdf=""
python3 - "$out" "$build/book" "$pdf" <<'PY'
import html, os, re, subprocess, sys
out, book, pdf = sys.argv[1:4]
pages = [l for l in open(os.path.join(book, "pages.txt")).read().split("\n") if l]
raw = "".join(open(os.path.join(book, p), encoding="utf-8").read() for p in pages)
# the pages' text: tags dropped, entities read; a line break stays one
text = html.unescape(re.sub(r"<[^>]+>", "", raw))
pdftext = ""
if pdf:
    pdftext = subprocess.run(["pdftotext", "-raw", pdf, "-"], capture_output=True, text=True).stdout
failed, words, lines = 0, set(), 0
for name in sorted(os.listdir(out)):
    if not name.endswith(".txt"):
        continue
    body = open(os.path.join(out, name), encoding="utf-8").read()
    words |= set(re.findall(r"(?<![\w-])--[a-z][\w-]*", body))
    fmt = os.path.join(out, name[:-4] + ".format")
    if not os.path.exists(fmt):
        last = [l for l in body.rstrip("\n").split("\n") if l.strip() and not l.startswith("# ")]
        if last:
            lines += 1
            if ("\n" + last[-1].rstrip() + "\n") not in ("\n" + text.replace("\r", "") + "\n").replace(" \n", "\n"):
                print("FAIL: %s: its last line is not a line of the HTML: %s" % (name, last[-1][:70])); failed += 1
for w in sorted(words):
    dash = "\u2013" + w[2:]
    if w not in text:
        print("FAIL: the HTML lacks '%s'" % w); failed += 1
    if re.search(r"(?<![\w-])" + re.escape(dash) + r"\b", text):
        print("FAIL: the HTML shows '%s' for '%s'" % (dash, w)); failed += 1
    if pdf:
        # pdftotext may break a wrapped line after the option; compare its start
        if w not in pdftext:
            print("FAIL: the PDF lacks '%s'" % w); failed += 1
        if re.search(r"(?<![\w-])" + re.escape(dash) + r"\b", pdftext):
            print("FAIL: the PDF shows '%s' for '%s'" % (dash, w)); failed += 1
print("verbatim: %d options of the outputs and logs checked in the HTML%s; %d outputs end with their own last line"
      % (len(words), " and the PDF" if pdf else " (no PDF: chromium or poppler-utils missing)", lines))
if not words:
    print("FAIL: no option found in the outputs: nothing was checked"); failed += 1
sys.exit(1 if failed else 0)
PY
