#!/bin/sh
# check_book_epub.sh - build/book/companion.epub passes epubcheck (Debian
# package epubcheck) with 0 errors and 0 fatals, which also proves that every
# image it shows is inside it and that every link between its chapters
# resolves; its package document names title, author and language and
# declares its accessibility (access modes, features, hazards, summary);
# every image has alternative text; it holds
# as many figures as the chapters show (one per ](figure:NAME)); and no
# link points at a repository path, which is dead inside an EPUB.
set -u
build=${BUILD:-build} # the build folder (make BUILD=...; CTest's test scripts set BUILD)
epub=$build/book/companion.epub
[ -f "$build/book/index.html" ] || { echo "skipped: the book was not built (pandoc not found)"; exit 77; }
[ -s "$epub" ] || { echo "FAIL: $epub missing"; exit 1; }
if [ -f /usr/share/java/epubcheck.jar ] && command -v java >/dev/null 2>&1; then
    epubcheck="java -jar /usr/share/java/epubcheck.jar" # Debian's /usr/bin/epubcheck is the jar itself
elif command -v epubcheck >/dev/null 2>&1; then
    epubcheck=epubcheck
else
    echo "skipped: epubcheck not found (apt-get install epubcheck)"; exit 77
fi
command -v unzip >/dev/null 2>&1 || { echo "FAIL: unzip not found"; exit 1; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
failed=0
$epubcheck "$epub" > "$work/log" 2>&1
status=$?
grep -E '^(ERROR|FATAL)' "$work/log" | head -20
summary=$(grep -E '^Messages:' "$work/log")
echo "epubcheck: ${summary:-no summary}"
case $summary in
*" 0 fatals / 0 errors "*) [ $status -eq 0 ] || { echo "FAIL: epubcheck exited $status"; failed=1; } ;;
*) echo "FAIL: epubcheck found errors (above)"; failed=1 ;;
esac
unzip -p "$epub" EPUB/content.opf > "$work/opf"
for tag in dc:title dc:creator dc:language; do
    grep -qE "<$tag[^>]*>[^<]+</$tag>" "$work/opf" || { echo "FAIL: the EPUB's metadata has no $tag"; failed=1; }
done
# accessibility metadata (EPUB Accessibility 1.1, tools/book_epub_a11y.sh)
for prop in accessMode accessModeSufficient accessibilityFeature accessibilityHazard accessibilitySummary; do
    grep -qE "<meta property=\"schema:$prop\">[^<]+</meta>" "$work/opf" ||
        { echo "FAIL: the EPUB's metadata has no schema:$prop"; failed=1; }
done
unzip -p "$epub" 'EPUB/text/*.xhtml' > "$work/text"
# every picture has a text alternative
noalt=$(grep -o '<img[^>]*>' "$work/text" | grep -cv 'alt="[^"]')
[ "$noalt" -eq 0 ] || { echo "FAIL: $noalt images in the EPUB without alternative text"; failed=1; }
want=$(cat book/*.md | grep -o '](figure:[^)]*)' | wc -l)
have=$(grep -o '<img[^>]*src="[^"]*media/[^"]*"' "$work/text" | wc -l)
echo "figures: $want in the chapters, $have images in the EPUB"
[ "$want" -gt 0 ] && [ "$have" -ge "$want" ] || { echo "FAIL: the EPUB lacks figures"; failed=1; }
if grep -o 'href="\.\./\.\./[^"]*"' "$work/text" | head -5 | grep .; then
    echo "FAIL: links to repository paths (above) are dead in an EPUB"; failed=1
fi
[ $failed -eq 0 ]
