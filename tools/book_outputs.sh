#!/bin/sh
# book_outputs.sh OUTDIR - writes every program output the book shows into
# OUTDIR/<name>.txt, from book/outputs.list and every chapter's outputs.list:
#     NAME  cpu|gpu  COMMAND...
#     NAME  measured FILE      (a committed benchmark log, shown as it is)
# cpu: the command is run now, so the book always shows what the current
#      program prints (stdout and stderr, as a terminal shows them).
# gpu: the committed recording book/outputs/NAME.txt is used; its first line
#      says where and when it was recorded. tests check both kinds.
. tools/lists.sh
set -u
outdir=$1
mkdir -p "$outdir"
status=0
while IFS= read -r line; do
    split_entry "$line"; name=$entry_name; kind=$entry_kind; cmd=$entry_cmd
    program=${cmd%% *}
    if [ "$kind" = cpu ] && [ ! -x "$program" ]; then
        # only when nvcc is missing: `make book` builds every program first
        echo "# not shown: $program was not built (no nvcc)" > "$outdir/$name.txt"
    elif [ "$kind" = cpu ]; then
        { echo "# \$ $cmd"; sh -c "$cmd" 2>&1; } > "$outdir/$name.txt"
    elif [ "$kind" = measured ]; then
        # a committed benchmark log: timings differ on every run, so it is
        # shown as recorded and never re-run by a test
        if [ -f "$cmd" ] && head -n 1 "$cmd" | grep -q '^# '; then
            cp "$cmd" "$outdir/$name.txt" # its first line already says where and when
        elif [ -f "$cmd" ]; then
            { echo "# measured results, committed as $cmd"; cat "$cmd"; } > "$outdir/$name.txt"
        else
            echo "error: outputs list: measured output '$name' names a missing file $cmd" >&2
            status=2
        fi
    elif [ -f "book/outputs/$name.txt" ]; then
        cp "book/outputs/$name.txt" "$outdir/$name.txt"
    else
        echo "error: book/outputs.list: GPU output '$name' has no recording book/outputs/$name.txt" >&2
        status=2
    fi
done <<EOF
$(list_entries book/outputs.list */outputs*.list)
EOF
exit $status
