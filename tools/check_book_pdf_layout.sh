#!/bin/sh
# check_book_pdf_layout.sh - the printed book's code and pages
# (poppler-utils: pdftohtml, pdftotext):
#   - code is set at one size, never shrunk: every monospaced text in
#     build/book/companion.pdf is at least MIN_CODE_PT (8 pt);
#   - no page is left mostly blank inside a chapter: every page that is not
#     a chapter's last page (nor the title or the contents) has text down to
#     at least MIN_FILL (50 %) of the text area's height.
set -u
MIN_CODE_PT=${MIN_CODE_PT:-8}
MIN_FILL=${MIN_FILL:-0.50}
build=${BUILD:-build} # the build folder (make BUILD=...; CTest's test scripts set BUILD)
pdf=$build/book/companion.pdf
[ -f "$build/book/index.html" ] || { echo "skipped: the book was not built (pandoc not found)"; exit 77; }
. tools/chromium.sh
[ -n "$chromium" ] || { echo "skipped: chromium not found: no PDF is made (apt-get install chromium)"; exit 77; }
for t in pdftohtml pdftotext python3; do
    command -v $t >/dev/null 2>&1 || { echo "FAIL: $t not found (apt-get install poppler-utils python3)"; exit 1; }
done
[ -s "$pdf" ] || { echo "FAIL: $pdf missing"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# pdftohtml -xml: each line of text with its font and width in points
# (zoom 1). A monospaced font's size is the line's width divided by its
# characters times DejaVu Sans Mono's advance, 0.602 em: measured, not
# declared, so a block scaled to fit would show.
pdftohtml -xml -i -zoom 1 -stdout "$pdf" > "$work/xml" 2>/dev/null
pdftotext -bbox-layout "$pdf" "$work/bbox.html" 2>/dev/null
python3 - "$work/xml" "$work/bbox.html" "$MIN_CODE_PT" "$MIN_FILL" <<'PY'
import html, re, sys
xml, bbox, min_pt, min_fill = sys.argv[1], sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
x = open(xml, encoding="utf-8", errors="replace").read()
failed = 0
family = dict(re.findall(r'<fontspec id="(\d+)" size="[\d.]+" family="([^"]*)"', x))
sizes = []
for width, font, text in re.findall(r'<text [^>]*width="(\d+)"[^>]*font="(\d+)">(.*?)</text>', x):
    text = html.unescape(re.sub(r"<[^>]+>", "", text))
    if "mono" in family.get(font, "").lower() and len(text) >= 24 and text == text.strip():
        sizes.append((int(width) / (len(text) * 0.602), text))
if not sizes:
    print("FAIL: no monospaced text found in the PDF"); failed += 1
else:
    sizes.sort()
    # widths are whole points: a 24-character line is measured to 0.1 pt
    small = [s for s in sizes if s[0] < min_pt - 0.15]
    print("code: %d monospaced lines measured, %.1f to %.1f pt (median %.1f; minimum allowed %.1f)"
          % (len(sizes), sizes[0][0], sizes[-1][0], sizes[len(sizes) // 2][0], min_pt))
    for s, t in small[:5]:
        print("FAIL: code at %.1f pt: %s" % (s, t[:60]))
    failed += len(small)
# chapters' first pages: the outline's top level, less the title page
outline = x[x.find("<outline>"):]
depth, starts, title_page = 0, set(), None
for tok in re.finditer(r'<outline>|</outline>|<item page="(\d+)">([^<]*)', outline):
    t = tok.group(0)
    if t == "<outline>": depth += 1
    elif t == "</outline>": depth -= 1
    elif depth == 1:
        if title_page is None: title_page = int(tok.group(1)); continue
        starts.add(int(tok.group(1)))
b = open(bbox, encoding="utf-8", errors="replace").read()
pages = re.findall(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', b, re.S)
first_chapter = min(starts) if starts else 1
# A4 with 20 mm top and 22 mm bottom margins (book/print.css)
top, bottom = 20 / 25.4 * 72, 22 / 25.4 * 72
low, report = [], []
for n, (w, h, body) in enumerate(pages, 1):
    h = float(h)
    ys = [float(y) for y in re.findall(r'<word [^>]*yMax="([\d.]+)"', body)]
    ys = [y for y in ys if y < h - bottom + 2]   # not the page number
    fill = (max(ys) - top) / (h - top - bottom) if ys else 0
    if n < first_chapter or (n + 1) in starts or n == len(pages):
        continue  # front matter, or a chapter's last page
    if fill < min_fill:
        low.append((n, fill))
print("pages: %d, %d chapters; %d pages inside chapters below %.0f %% full" % (len(pages), len(starts), len(low), min_fill * 100))
for n, f in low[:20]:
    print("FAIL: page %d is %.0f %% full" % (n, f * 100))
failed += len(low)
sys.exit(1 if failed else 0)
PY
