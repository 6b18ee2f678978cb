#!/bin/sh
# run_all.sh CHAPTER... - `make run`: every exercise in chapter order, then a
# verdict table. Exercises are listed in each chapter's exercises.list:
#     SECTION  cpu|gpu  COMMAND...
# Exit 1 if any exercise reports a MISMATCH (or fails in another way).
. tools/lists.sh
build=build
log_dir=$build/run
mkdir -p "$log_dir"
table=$log_dir/table.txt
: > "$table"
failed=0
for chapter in "$@"; do
    while IFS= read -r line; do
        [ -n "$line" ] || continue
        split_entry "$line"; section=$entry_name; kind=$entry_kind; cmd=$entry_cmd
        program=${cmd%% *}
        name=$(basename "$program")
        log="$log_dir/$chapter.$name.$kind.log"
        echo "== $section $name ($kind): $cmd"
        if [ ! -x "$program" ]; then
            result="skipped: not built (no nvcc)"
        else
            sh -c "$cmd" > "$log" 2>&1
            status=$?
            tail -n 3 "$log" | sed 's/^/   /'
            case $status in
                0) result="confirmed" ;;
                1) result="MISMATCH"; failed=1 ;;
                77) result="skipped: no CUDA device" ;;
                *) result="error (exit $status, see $log)"; failed=1 ;;
            esac
        fi
        printf '%-18s %-8s %-22s %-4s %s\n' "$chapter" "$section" "$name" "$kind" "$result" >> "$table"
    done <<EOF
$(list_entries "$chapter"/exercises*.list)
EOF
done
echo
printf '%-18s %-8s %-22s %-4s %s\n' "chapter" "section" "exercise" "on" "verdict"
printf '%-18s %-8s %-22s %-4s %s\n' "-------" "-------" "--------" "--" "-------"
cat "$table"
echo
if [ -f "$build/book/index.html" ]; then
    echo "book: $build/book/index.html"
else
    echo "book: not built (pandoc not found: apt-get install pandoc)"
fi
echo "logs: $log_dir/"
exit $failed
