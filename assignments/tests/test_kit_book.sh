#!/bin/sh
# test_kit_book.sh CHAPTER - a kit made WITH its book pages (make assignment without NOBOOK):
# the pages are woven inside the kit from the outputs and figures `make book` left in the
# repository, and show the chapter's figures. Skipped (77) when the book was not built.
set -u
ch=$1
build=${BUILD:-build} # the build folder (make BUILD=...; CTest's test scripts set BUILD)
[ -f "$build/book/index.html" ] && [ -d "$build/book/figures" ] || { echo "skipped: the book was not built (pandoc not found)"; exit 77; }
tmp=$(mktemp -d)
. assignments/tests/throwaway_secret.sh
use_throwaway_secret "$tmp" "kit book $ch"
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
python3 assignments/tools/make_kit.py --chapter "$ch" --out "$tmp" --no-tar > "$tmp/log" 2>&1 ||
    fail "make_kit with the book's pages: $(tail -n 3 "$tmp/log")"
html=$(ls "$tmp/$ch"/book/*.html 2>/dev/null | head -n 1)
[ -n "$html" ] || fail "no book page in the kit"
figures=$(grep -o '<img src="data:image/svg+xml' "$html" | wc -l) # --self-contained: images inline
[ "$figures" -gt 0 ] || fail "$html shows no figure"
echo "ok: $ch's kit carries its book page, $figures figures woven in"
