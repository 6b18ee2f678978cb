#!/bin/sh
# check_book_outputs.sh cpu|gpu - every output block of that kind in the book
# equals what the program prints now, and the program ends with the exit
# status its book.list entry names.
#   cpu: compares build/book/outputs/<name>.txt (what the built book shows)
#        with a fresh run; skipped (77) when the book was not built.
#   gpu: compares the committed recording book/outputs/<name>.txt (less its
#        first line) with a fresh run on this machine's GPU; 77 without one.
#        The device's name before '(sm_XX, N SMs)' is left out of the
#        comparison, so a recording made on one card of an architecture is
#        checked on any other card with as many SMs.
. tools/lists.sh
kind=$1
build=${BUILD:-build} # the build folder (make BUILD=...; CTest's test scripts set BUILD)
if [ "$kind" = cpu ] && [ ! -f "$build/book/index.html" ]; then
    echo "skipped: the book was not built (pandoc not found)"; exit 77
fi
if [ "$kind" = gpu ] && ! nvidia-smi -L >/dev/null 2>&1; then
    echo "skipped: no CUDA device"; exit 77
fi
checked=0; failed=0
now=$(mktemp); book=$(mktemp); trap 'rm -f "$now" "$book"' EXIT
# unnamed_device FILE: FILE with the GPU's name replaced by a placeholder
unnamed_device() { sed 's/[-A-Za-z0-9 ._]* (sm_/<device> (sm_/' "$1"; }
while IFS= read -r line; do
    split_book_entry "$line"; name=$book_name; cmd=$book_shown
    [ "$name" != - ] && [ "$book_kind" = "$kind" ] || continue
    if [ "$kind" = cpu ]; then shown=$build/book/outputs/$name.txt; else shown=book/outputs/$name.txt; fi
    if [ ! -f "$shown" ]; then echo "FAIL: $name: $shown missing"; failed=$((failed + 1)); continue; fi
    shown_as=$shown
    sh -c "$book_cmd" > "$now" 2>&1
    code=$?
    if [ "$kind" = gpu ]; then
        unnamed_device "$shown" > "$book"; unnamed_device "$now" > "$now.tmp"; mv "$now.tmp" "$now"
        shown=$book
    fi
    if [ "$code" -ne "$book_exit" ]; then
        echo "FAIL: $name: '$cmd' exited $code, its book.list entry says $book_exit"
        failed=$((failed + 1))
    elif [ "$book_varies" = 1 ] || diff -u "$shown" "$now" --ignore-matching-lines='^# ' >/dev/null; then
        checked=$((checked + 1))
    else
        echo "FAIL: $name: the book shows an output that differs from what '$cmd' prints now:"
        diff -u "$shown" "$now" --label "book: $shown_as" --label "now: $cmd" | sed -n '3,20p'
        failed=$((failed + 1))
    fi
done <<EOF2
$(book_entries)
EOF2
echo "$kind outputs: $checked match the book, $failed differ"
# a check that finds nothing to check has failed: the book shows outputs of both kinds
[ "$checked" -gt 0 ] || { echo "FAIL: no $kind output of the book was checked"; exit 1; }
[ "$failed" -eq 0 ]
