#!/bin/sh
# book_pdf.sh HTML PDF - prints the HTML book to PDF with headless Chromium.
# Chromium renders MathML and our CSS exactly as a reader's browser does, so
# the PDF is the same book as the HTML (solutions printed open). Without
# Chromium it says so and makes no PDF.
set -u
html=$1; pdf=$2
. tools/chromium.sh
if [ -z "$chromium" ]; then
    echo "note: chromium not found: no PDF made (apt-get install chromium)"; exit 0
fi
print_html=$(dirname "$html")/print.html
sed 's/<details class="solution">/<details class="solution" open>/' "$html" > "$print_html"
profile=$(mktemp -d)
# shellcheck disable=SC2086
"$chromium" $chromium_flags --user-data-dir="$profile" --no-pdf-header-footer \
    --print-to-pdf="$pdf" "file://$(cd "$(dirname "$print_html")" && pwd)/print.html" 2>/dev/null
status=$?
rm -rf "$profile" "$print_html"
[ $status -eq 0 ] && [ -s "$pdf" ] || { echo "error: chromium could not print $pdf"; exit 2; }
echo "book: $pdf"
