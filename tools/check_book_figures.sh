#!/bin/sh
# check_book_figures.sh - every figure the book draws from a program's trace
# (the dot, svg and data entries of the chapters' book.list) shows what the
# program prints now: the command is run again and its output compared with
# build/book/figures/NAME.src, the source the woven figure was drawn from.
# Also: every ![...](figure:NAME) in the book names a figure that was drawn.
. tools/lists.sh
build=${BUILD:-build} # the build folder (make BUILD=...; CTest's test scripts set BUILD)
[ -f "$build/book/index.html" ] || { echo "skipped: the book was not built (pandoc not found)"; exit 77; }
checked=0; failed=0
now=$(mktemp); trap 'rm -f "$now"' EXIT
while IFS= read -r line; do
    split_book_entry "$line"
    case $book_kind in dot|svg|data) ;; *) continue ;; esac
    src=$build/book/figures/$book_name.src
    sh -c "$book_cmd" > "$now" 2>/dev/null
    if [ ! -f "$src" ]; then
        echo "FAIL: figure $book_name: $src missing"; failed=$((failed + 1))
    elif cmp -s "$src" "$now"; then
        checked=$((checked + 1))
    else
        echo "FAIL: figure $book_name: the book's figure was drawn from other output than '$book_shown' prints now"
        diff "$src" "$now" | head -n 10; failed=$((failed + 1))
    fi
done <<EOF
$(book_entries)
EOF
for name in $(grep -ho '](figure:[A-Za-z0-9_.-]*)' book/*.md | sed 's/](figure://; s/)$//' | sort -u); do
    [ -f "$build/book/figures/$name.svg" ] || { echo "FAIL: the book shows figure:$name, which was not drawn"; failed=$((failed + 1)); }
done
echo "figures drawn from traces: $checked match what the programs print, $failed differ"
[ "$checked" -gt 0 ] || { echo "FAIL: no traced figure was checked"; exit 1; }
[ "$failed" -eq 0 ]
