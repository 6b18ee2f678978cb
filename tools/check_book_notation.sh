#!/bin/sh
# check_book_notation.sh - one notation for powers: outside code and math, the
# rendered book (the HTML page and every chapter of the EPUB) holds no caret
# power like 2^20 or 2^-52; book/filters/typography.lua prints them as
# superscripts. Code blocks, inline code, math, scripts and styles are cut
# away before looking; what is left must still be the book's prose (every
# chapter heading), or the check looked at nothing.
set -u
build=${BUILD:-build} # the build folder (make BUILD=...; CTest's test scripts set BUILD)
html=$build/book/index.html
epub=$build/book/companion.epub
[ -f "$html" ] || { echo "skipped: the book was not built (pandoc not found)"; exit 77; }
command -v perl >/dev/null 2>&1 || { echo "FAIL: perl not found"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
cat "$html" > "$work/book.html"
if command -v unzip >/dev/null 2>&1 && [ -f "$epub" ]; then
    unzip -p "$epub" 'EPUB/text/*.xhtml' >> "$work/book.html"
else
    echo "FAIL: $epub not found or unzip missing"; exit 1
fi
# prose only: drop code, math, scripts, styles, embedded data and tags
perl -0777 -pe '
    s{<(pre|code|math|script|style|svg)\b.*?</\1>}{ }gsi;
    s{data:[^"\x27)]*}{}g;
    s{<[^>]*>}{ }g;
    s{&amp;}{&}g; s{&lt;}{<}g; s{&gt;}{>}g;' "$work/book.html" > "$work/prose.txt"
failed=0
for md in book/*.md; do
    heading=$(grep -m1 -E '^# ' "$md" | sed 's/^# //; s/ *{[^}]*}$//' | cut -c1-20)
    grep -qF -- "$heading" "$work/prose.txt" || { echo "FAIL: '$heading' ($md) not found in the prose looked at"; failed=1; }
done
if grep -n -o -E '.{0,30}[[:alnum:])]\^[-+−]?[[:alnum:](*]{1,6}.{0,10}' "$work/prose.txt" > "$work/hits"; then
    echo "FAIL: caret powers outside code (write 2^20 in the source only where typography.lua turns it into 2<sup>20</sup>):"
    head -20 "$work/hits"
    failed=1
fi
supers=$(grep -o '<sup>' "$html" | wc -l)
[ $failed -eq 0 ] && echo "no caret power outside code in the HTML and EPUB ($supers superscripts)"
[ $failed -eq 0 ]
