#!/bin/sh
# check_book_html.sh - opens every page of the built book (one per chapter,
# build/book/pages.txt) in headless Chromium: each loads with no console
# errors, and together they show every chapter heading of book/*.md.
# Also checks that the EPUB (and, with Chromium, the PDF) were made.
set -u
build=${BUILD:-build} # the build folder (make BUILD=...; CTest's test scripts set BUILD)
case $build in /*) root=$build ;; *) root=$(pwd)/$build ;; esac
html=$build/book/index.html
[ -f "$html" ] || { echo "skipped: the book was not built (pandoc not found)"; exit 77; }
failed=0
[ -s "$build/book/companion.epub" ] || { echo "FAIL: $build/book/companion.epub missing"; failed=1; }
. tools/chromium.sh
if [ -z "$chromium" ]; then
    echo "skipped: chromium not found (apt-get install chromium); EPUB checked only"
    [ $failed -eq 0 ] && exit 77 || exit 1
fi
head -c 4 "$build/book/companion.pdf" 2>/dev/null | grep -q '%PDF' || { echo "FAIL: $build/book/companion.pdf is not a PDF"; failed=1; }
profile=$(mktemp -d); dom=$(mktemp); log=$(mktemp)
trap 'rm -rf "$profile" "$dom" "$log"' EXIT
[ -s "$build/book/pages.txt" ] || { echo "FAIL: $build/book/pages.txt missing"; exit 1; }
: > "$dom"
while IFS= read -r page; do
    # shellcheck disable=SC2086
    "$chromium" $chromium_flags --user-data-dir="$profile" --enable-logging=stderr --v=0 \
        --dump-dom "file://$root/book/$page" >> "$dom" 2> "$log"
    if grep -E 'CONSOLE|Uncaught|Failed to load resource' "$log"; then
        echo "FAIL: $page logged console errors (above)"; failed=1
    fi
done < "$build/book/pages.txt"
[ -s "$dom" ] || { echo "FAIL: chromium rendered nothing"; failed=1; }
# text nodes keep the HTML's line breaks: fold all white space to one space
tr -s ' \n\t' '   ' < "$dom" > "$dom.flat" && mv "$dom.flat" "$dom"
count=0
for md in book/*.md; do
    grep -E '^# ' "$md" | sed 's/^# //; s/ *{[^}]*}$//' | while IFS= read -r heading; do
        # pandoc writes typographic dashes and quotes as characters; compare on a plain word prefix
        key=$(printf '%s' "$heading" | cut -c1-20)
        if ! grep -qF -- "$key" "$dom"; then echo "FAIL: chapter heading '$heading' ($md) not on the page"; exit 1; fi
    done || failed=1
    count=$((count + 1))
done
echo "$count chapter files checked on the rendered page"
[ $failed -eq 0 ]
