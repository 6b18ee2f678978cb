#!/bin/sh
# check_book_outputs.sh cpu|gpu - every output block of that kind in the book
# equals what the program prints now.
#   cpu: compares build/book/outputs/<name>.txt (what the built book shows)
#        with a fresh run; skipped (77) when the book was not built.
#   gpu: compares the committed recording book/outputs/<name>.txt (less its
#        first line) with a fresh run on this machine's GPU; 77 without one.
. tools/lists.sh
kind=$1
if [ "$kind" = cpu ] && [ ! -f build/book/index.html ]; then
    echo "skipped: the book was not built (pandoc not found)"; exit 77
fi
if [ "$kind" = gpu ] && ! nvidia-smi -L >/dev/null 2>&1; then
    echo "skipped: no CUDA device"; exit 77
fi
checked=0; failed=0
while IFS= read -r line; do
    split_entry "$line"; name=$entry_name; k=$entry_kind; cmd=$entry_cmd
    [ "$k" = "$kind" ] || continue
    if [ "$kind" = cpu ]; then shown=build/book/outputs/$name.txt; else shown=book/outputs/$name.txt; fi
    program=${cmd%% *}
    [ -x "$program" ] || { echo "not checked: $name ($program was not built)"; continue; }
    if [ ! -f "$shown" ]; then echo "FAIL: $name: $shown missing"; failed=$((failed + 1)); continue; fi
    if sh -c "$cmd" 2>&1 | diff -u "$shown" - --label "book: $shown" --label "now: $cmd" \
        --ignore-matching-lines='^# ' >/dev/null; then
        checked=$((checked + 1))
    else
        echo "FAIL: $name: the book shows an output that differs from what '$cmd' prints now:"
        sh -c "$cmd" 2>&1 | diff -u "$shown" - | sed -n '3,20p'
        failed=$((failed + 1))
    fi
done <<EOF
$(list_entries book/outputs.list */outputs*.list)
EOF
echo "$kind outputs: $checked match the book, $failed differ"
[ "$checked" -gt 0 ] || [ "$failed" -gt 0 ] || { echo "skipped: the book shows no $kind outputs yet"; exit 77; }
[ "$failed" -eq 0 ]
