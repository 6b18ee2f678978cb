#!/bin/sh
# check_book_pdf.sh - build/book/companion.pdf is a book one could print
# (poppler-utils: pdfinfo, pdftotext, pdftohtml):
#   - its outline (bookmarks) holds every chapter heading of book/*.md, and
#     more entries than chapters (the sections);
#   - every page ends with its own page number;
#   - the contents page gives each chapter the page the outline says it
#     starts on;
#   - the chapters' figures are all numbered in it ("Figure 3.1.");
#   - it is tagged, in English, with headings and alternative text for every
#     figure.
set -u
build=${BUILD:-build} # the build folder (make BUILD=...; CTest's test scripts set BUILD)
pdf=$build/book/companion.pdf
[ -f "$build/book/index.html" ] || { echo "skipped: the book was not built (pandoc not found)"; exit 77; }
. tools/chromium.sh
[ -n "$chromium" ] || { echo "skipped: chromium not found: no PDF is made (apt-get install chromium)"; exit 77; }
for t in pdfinfo pdftotext pdftohtml; do
    command -v $t >/dev/null 2>&1 || { echo "skipped: $t not found (apt-get install poppler-utils)"; exit 77; }
done
[ -s "$pdf" ] || { echo "FAIL: $pdf missing"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
failed=0
pages=$(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }')
[ "${pages:-0}" -gt 0 ] || { echo "FAIL: pdfinfo reads no pages"; exit 1; }

# the outline: <item page="N">title</item>, nested per level
pdftohtml -xml -i -stdout "$pdf" 2>/dev/null | sed -n '/<outline>/,$p' |
    sed -n 's/.*<item page="\([0-9]*\)">\(.*\)<\/item>.*/\1\t\2/p' |
    sed 's/&amp;/\&/g; s/&#34;/"/g; s/&quot;/"/g; s/&#39;/'"'"'/g' > "$work/outline"
entries=$(wc -l < "$work/outline")
chapters=0
pdftotext -layout -f 1 -l 6 "$pdf" "$work/front.txt"
for md in book/*.md; do
    heading=$(grep -m1 -E '^# ' "$md" | sed 's/^# //; s/ *{[^}]*}$//')
    key=$(printf '%s' "$heading" | cut -c1-24)
    page=$(awk -F '\t' -v k="$key" 'index($2, k) == 1 { print $1; exit }' "$work/outline")
    if [ -z "$page" ]; then echo "FAIL: the outline has no entry '$heading' ($md)"; failed=1; continue; fi
    chapters=$((chapters + 1))
    # the contents line: the heading, then the page number at its end
    listed=$(grep -F -- "$key" "$work/front.txt" | grep -E '[0-9]+[[:space:]]*$' | head -n 1 |
             sed -E 's/.*[^0-9]([0-9]+)[[:space:]]*$/\1/')
    if [ "$listed" != "$page" ]; then
        echo "FAIL: the contents give '$heading' page '${listed:-none}', it starts on page $page"; failed=1
    fi
done
echo "outline: $entries entries, $chapters chapters found"
[ "$entries" -gt "$chapters" ] || { echo "FAIL: the outline has no section entries"; failed=1; }

# one pdftotext run; pages are separated by form feeds
pdftotext -layout "$pdf" "$work/layout.txt"
awk -v pages="$pages" '
    function done_page() { p++; if (last != p "") { bad++; if (bad <= 5) printf "FAIL: page %d does not end with its number (last line: %s)\n", p, last } }
    { n = split($0, parts, "\f")
      for (i = 1; i <= n; i++) {
          if (i > 1) { done_page(); last = "" }
          line = parts[i]; gsub(/[[:space:]]/, "", line)
          if (line != "") last = line
      } }
    END { if (p < pages) done_page(); printf "%d\n", bad + 0 > "/dev/stderr" }' "$work/layout.txt" 2> "$work/bad"
unnumbered=$(cat "$work/bad")
echo "page numbers: $((pages - unnumbered)) of $pages pages numbered"
[ $unnumbered -eq 0 ] || failed=1

pdftotext "$pdf" "$work/all.txt"
want=$(cat book/*.md | grep -o '](figure:[^)]*)' | wc -l)
have=$(grep -c -E '^Figure [0-9]+\.[0-9]+\.' "$work/all.txt")
echo "figures: $want in the chapters, $have numbered captions in the PDF"
[ "$have" -ge "$want" ] || { echo "FAIL: figures missing or unnumbered in the PDF"; failed=1; }

# Accessibility as far as Chromium's printing goes: a tagged PDF (headings,
# paragraphs, lists, tables with header cells, code, figures with captions)
# whose language is set and whose figures carry the HTML's alternative text
# (/Alt). What it cannot do is PDF/UA: no reading-order or artifact review.
pdfinfo "$pdf" | grep -q '^Tagged: *yes' || { echo "FAIL: the PDF is not tagged"; failed=1; }
grep -a -q '/Lang *(en' "$pdf" || { echo "FAIL: the PDF declares no language"; failed=1; }
alts=$(grep -a -o '/Alt *[(<]' "$pdf" | wc -l)
heads=$(pdfinfo -struct "$pdf" 2>/dev/null | grep -c '^ *H[1-3]')
echo "tagged: $heads headings, $alts figures with alternative text (of $want)"
[ "$alts" -ge "$want" ] || { echo "FAIL: figures without alternative text in the PDF"; failed=1; }
[ "$heads" -gt 0 ] || { echo "FAIL: the PDF's structure has no headings"; failed=1; }
[ $failed -eq 0 ]
