#!/bin/sh
# run_all.sh CHAPTER... - `make run`: every cpu and gpu entry of the chapters'
# book.list, in book order, then a verdict table. An entry that names an exit
# status (KIND:EXIT: a trap, a rejected input) must end with it.
# Exit 1 if any run reports a MISMATCH or ends otherwise than the book says.
# The commands name their programs as $BUILD/CHAPTER/PROGRAM: BUILD is the build
# folder (make run BUILD=...), build unless set (tools/lists.sh).
. tools/lists.sh
build=$BUILD
log_dir=$build/run
rm -rf "$log_dir"; mkdir -p "$log_dir"
table=$log_dir/table.txt
: > "$table"
failed=0; row=0; ran=0; skipped=0
for chapter in "$@"; do
    while IFS= read -r line; do
        [ -n "$line" ] || continue # the here-document of an empty list is one empty line
        split_book_entry "$line"; kind=$book_kind; cmd=$book_cmd
        [ "$kind" = measured ] && continue
        row=$((row + 1))
        program=${cmd%% *}
        name=$(basename "$program")
        log=$(printf '%s/%03d.%s.%s.log' "$log_dir" "$row" "$chapter" "$name")
        # the command as it runs, $BUILD spelt out
        ran_as=$(printf '%s\n' "$cmd" | sed "s|\\\$BUILD/|$build/|g")
        echo "== $book_section $name ($kind): $ran_as"
        sh -c "$cmd" > "$log" 2>&1
        status=$?
        tail -n 3 "$log" | sed 's/^/   /'
        if [ "$status" -eq 77 ]; then
            result="skipped: no GPU"; skipped=$((skipped + 1))
        elif [ "$status" -eq "$book_exit" ] && [ "$book_exit" -ne 0 ]; then
            result="fails as the book shows (exit $status)"; ran=$((ran + 1))
        elif [ "$status" -eq "$book_exit" ]; then
            result="confirmed"; ran=$((ran + 1))
        elif [ "$status" -eq 1 ]; then
            result="MISMATCH"; failed=$((failed + 1))
        else
            result="error (exit $status, the book says $book_exit)"; failed=$((failed + 1))
        fi
        args=${ran_as#*" "}; [ "$args" != "$ran_as" ] || args=""
        printf '%-18s %-6s %-24s %-4s %-44.44s %s\n' "$chapter" "$book_section" "$name" "$kind" "${args# }" "$result" >> "$table"
    done <<EOF
$(list_entries "$chapter/book.list")
EOF
done
echo
printf '%-18s %-6s %-24s %-4s %-44s %s\n' "chapter" "sect." "program" "on" "arguments" "verdict"
printf '%-18s %-6s %-24s %-4s %-44s %s\n' "-------" "-----" "-------" "--" "---------" "-------"
cat "$table"
echo
echo "$row runs: $ran as the book says, $skipped skipped (no GPU), $failed failed"
if [ -f "$build/book/index.html" ]; then
    echo "book: $build/book/index.html"
else
    echo "book: not built (pandoc not found: apt-get install pandoc)"
fi
echo "logs: $log_dir/"
[ "$row" -gt 0 ] || { echo "FAIL: no cpu or gpu entry in the book.list of: $*"; exit 1; }
[ "$failed" -eq 0 ]
