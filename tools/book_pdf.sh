#!/bin/sh
# book_pdf.sh PRINT_HTML PDF - prints the book to PDF with headless Chromium.
#
# Why Chromium: it is a Debian package that renders the book's MathML and
# CSS exactly as a reader's browser does, so the PDF is the same book as the
# HTML, and since version 131 it prints CSS paged media: @page margin boxes
# (page numbers, book/print.css), break-inside/break-after (listings and
# outputs kept on one page, captions kept with them), and
# --generate-pdf-document-outline writes the PDF outline (bookmarks) from
# the headings. WeasyPrint and a LaTeX toolchain were the alternatives: the
# first renders no MathML, the second is a ~1 GB install and would need the
# weave filters redone for LaTeX.
#
# The one thing Chromium cannot do is target-counter(), the page number of a
# link's target, which a contents page needs. So the book is printed twice:
#   1. with every contents entry's number blank, in a box of fixed width;
#   2. pdfinfo -dests (poppler-utils) gives the page of every heading (each
#      is a link target of the contents), a stylesheet sets each entry's
#      --toc-page, and the book is printed again.
# The fixed-width box means the numbers move no line; the script checks that
# the headings stayed on their pages and prints once more if not.
# Solutions are printed open. Without Chromium it says so and makes no PDF.
set -u
html=$1; pdf=$2
. tools/chromium.sh
if [ -z "$chromium" ]; then
    echo "note: chromium not found: no PDF made (apt-get install chromium)"; exit 0
fi
command -v pdfinfo >/dev/null 2>&1 ||
    { echo "error: pdfinfo not found (apt-get install poppler-utils)"; exit 2; }
dir=$(cd "$(dirname "$html")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printing=$dir/printing.html

# print FILE: Chromium prints $printing to FILE
print_pdf() {
    # shellcheck disable=SC2086
    "$chromium" $chromium_flags --user-data-dir="$work/profile" --no-pdf-header-footer \
        --generate-pdf-document-outline --print-to-pdf="$1" "file://$printing" 2>/dev/null
    [ -s "$1" ] || { echo "error: chromium could not print $pdf"; rm -f "$printing"; exit 2; }
}
# pages FILE: "id page" for every heading the contents links to
pages() {
    pdfinfo -dests "$1" | awk 'NR > 1 { name = $NF; gsub(/"/, "", name); print name, $1 }' | sort
}
# with_pages PAGES: the print HTML with each contents entry's page number set
with_pages() {
    awk '{ printf "nav#TOC a[href=\"#%s\"] { --toc-page: \"%s\"; }\n", $1, $2 }' "$1" > "$work/toc.css"
    awk -v css="$work/toc.css" '
        /<\/head>/ { print "<style>"; while ((getline l < css) > 0) print l; print "</style>" }
        { print }' "$work/solutions-open.html" > "$printing"
}

sed 's/<details class="solution">/<details class="solution" open>/' "$html" > "$work/solutions-open.html"
: > "$work/pages.0"
with_pages "$work/pages.0"
print_pdf "$work/pass.pdf"
pages "$work/pass.pdf" > "$work/pages.1"
pass=1
while :; do
    with_pages "$work/pages.$pass"
    print_pdf "$work/pass.pdf"
    pages "$work/pass.pdf" > "$work/pages.$((pass + 1))"
    cmp -s "$work/pages.$pass" "$work/pages.$((pass + 1))" && break
    pass=$((pass + 1))
    [ $pass -le 3 ] || { echo "error: $pdf: the contents' page numbers do not settle"; rm -f "$printing"; exit 2; }
done
rm -f "$printing"
mv "$work/pass.pdf" "$pdf"
echo "book: $pdf ($(pdfinfo "$pdf" | awk '/^Pages:/ { print $2 }') pages, contents numbered after $((pass + 1)) printings)"
