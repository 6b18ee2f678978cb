#!/bin/sh
# book_outputs.sh OUTDIR - writes every program output the book shows into
# OUTDIR/<name>.txt, from the named entries of every chapter's book.list:
# cpu:      the command is run now, so the book always shows what the current
#           program prints (stdout and stderr, as a terminal shows them), and
#           it must end with the entry's exit status;
# gpu:      the committed recording book/outputs/NAME.txt is used; its first
#           line says where and when it was recorded;
# measured: a committed benchmark log, shown as recorded and never re-run
#           (timings differ on every run).
. tools/lists.sh
set -u
outdir=$1
mkdir -p "$outdir"
status=0
while IFS= read -r line; do
    split_book_entry "$line"; name=$book_name; cmd=$book_cmd
    [ "$name" = - ] && continue
    case $book_kind in
    dot|svg|data) continue ;; # figures: tools/book_figures.sh draws them
    cpu)
        { echo "# \$ $book_shown"; sh -c "$cmd" 2>&1; } > "$outdir/$name.txt"
        code=$?
        if [ "$code" -ne "$book_exit" ]; then
            echo "error: book.list: '$name' exited $code, the book says $book_exit: $book_shown" >&2
            status=1
        fi ;;
    measured)
        # a Markdown log is woven as Markdown (its tables as tables)
        rm -f "$outdir/$name.format"
        case $cmd in *.md) echo markdown > "$outdir/$name.format" ;; esac
        if [ -f "$cmd" ] && head -n 1 "$cmd" | grep -q '^# '; then
            cp "$cmd" "$outdir/$name.txt" # its first line already says where and when
        elif [ -f "$cmd" ]; then
            { echo "# measured results, committed as $cmd"; cat "$cmd"; } > "$outdir/$name.txt"
        elif [ -n "${BOOK_ALLOW_UNRECORDED:-}" ]; then
            echo "# not recorded yet: $cmd is made on a GPU" > "$outdir/$name.txt"
            echo "warning: measured output '$name' has no log $cmd yet" >&2
        else
            echo "error: book.list: measured output '$name' names a missing file $cmd" >&2
            status=2
        fi ;;
    dot|svg|data)
        continue ;; # a figure: tools/book_figures.sh draws it
    gpu)
        if [ -f "book/outputs/$name.txt" ]; then
            cp "book/outputs/$name.txt" "$outdir/$name.txt"
        elif [ -n "${BOOK_ALLOW_UNRECORDED:-}" ]; then
            # while writing, before the GPU run: the book builds, says so, and
            # a build without this variable (CI's) still fails
            echo "# not recorded yet: run tools/record_gpu_outputs.sh on a GPU" > "$outdir/$name.txt"
            echo "warning: GPU output '$name' has no recording yet" >&2
        else
            echo "error: book.list: GPU output '$name' has no recording book/outputs/$name.txt" >&2
            status=2
        fi ;;
    dot|svg|data) ;; # figures: tools/book_figures.sh draws them
    *)
        echo "error: book.list: '$name': kind must be cpu, gpu, measured, dot, svg or data, got '$book_kind'" >&2
        status=2 ;;
    esac
done <<EOF2
$(book_entries)
EOF2
exit $status
