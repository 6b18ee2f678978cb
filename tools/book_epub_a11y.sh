#!/bin/sh
# book_epub_a11y.sh EPUB - adds the accessibility metadata of EPUB
# Accessibility 1.1 (schema.org properties) to the EPUB's package document,
# which pandoc does not write: how the book can be read (text, and pictures
# that all have a text alternative), what helps (alt text, MathML, contents,
# structural navigation, reading order, restylable text), that it has no
# hazards, and a summary. The archive is rewritten with its mimetype entry
# first and uncompressed, as the EPUB container requires.
set -eu
epub=$1
command -v python3 >/dev/null 2>&1 || { echo "error: python3 not found (apt-get install python3)"; exit 2; }
python3 - "$epub" <<'PY'
import sys, zipfile, os
path = sys.argv[1]
meta = """<meta property="schema:accessMode">textual</meta>
<meta property="schema:accessMode">visual</meta>
<meta property="schema:accessModeSufficient">textual,visual</meta>
<meta property="schema:accessModeSufficient">textual</meta>
<meta property="schema:accessibilityFeature">alternativeText</meta>
<meta property="schema:accessibilityFeature">MathML</meta>
<meta property="schema:accessibilityFeature">tableOfContents</meta>
<meta property="schema:accessibilityFeature">structuralNavigation</meta>
<meta property="schema:accessibilityFeature">readingOrder</meta>
<meta property="schema:accessibilityFeature">displayTransformability</meta>
<meta property="schema:accessibilityHazard">none</meta>
<meta property="schema:accessibilitySummary">Every figure has a text alternative that says what it shows and a caption that explains it; every table is a marked-up table with a numbered caption; program listings and outputs are text; formulas are MathML. Chapters and sections are headings, in reading order, with a table of contents. No content flashes, moves on its own or plays sound.</meta>
"""
with zipfile.ZipFile(path) as z:
    entries = [(i, z.read(i.filename)) for i in z.infolist()]
out, done = [], False
for info, data in entries:
    if info.filename.endswith(".opf"):
        text = data.decode("utf-8")
        if "schema:accessMode" not in text:
            text = text.replace("</metadata>", meta + "</metadata>", 1)
        done = True
        data = text.encode("utf-8")
    out.append((info, data))
if not done:
    sys.exit("error: %s has no package document (.opf)" % path)
tmp = path + ".tmp"
with zipfile.ZipFile(tmp, "w") as z:
    for info, data in sorted(out, key=lambda e: e[0].filename != "mimetype"):
        method = zipfile.ZIP_STORED if info.filename == "mimetype" else zipfile.ZIP_DEFLATED
        z.writestr(zipfile.ZipInfo(info.filename, info.date_time), data, compress_type=method)
os.replace(tmp, path)
PY
echo "book: $epub: accessibility metadata added"
