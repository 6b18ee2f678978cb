#!/bin/sh
# run_all.sh CHAPTER... - `make run`: every exercise in chapter order, then a
# verdict table. Exercises are listed in each chapter's exercises.list:
#     SECTION  cpu|gpu  COMMAND...
# Exit 1 if any exercise reports a MISMATCH (or fails in another way).
build=build
log_dir=$build/run
mkdir -p "$log_dir"
table=$log_dir/table.txt
: > "$table"
failed=0
for chapter in "$@"; do
    list=$chapter/exercises.list
    [ -f "$list" ] || continue
    while IFS= read -r line || [ -n "$line" ]; do
        case "$line" in ''|'#'*) continue ;; esac
        section=$(printf '%s\n' "$line" | awk '{print $1}')
        kind=$(printf '%s\n' "$line" | awk '{print $2}')
        cmd=$(printf '%s\n' "$line" | sed -E 's/^[[:space:]]*[^[:space:]]+[[:space:]]+[^[:space:]]+[[:space:]]+//')
        program=$(printf '%s\n' "$cmd" | awk '{print $1}')
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
    done < "$list"
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
