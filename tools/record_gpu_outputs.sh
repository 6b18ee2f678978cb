#!/bin/sh
# record_gpu_outputs.sh OUTDIR [CHAPTER...] - on a GPU machine, runs every
# named `gpu` entry of the chapters' book.list and writes OUTDIR/<name>.txt
# with a first line naming the device, the date and the command. Copy the
# files to book/outputs/ and commit them: they are the GPU outputs the book
# shows.
. tools/lists.sh
set -u
outdir=$1; shift
[ $# -gt 0 ] && CHAPTER_LISTS_DIRS="$*"
mkdir -p "$outdir"
device=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1)
[ -n "$device" ] || { echo "skipped: no CUDA device"; exit 77; }
today=$(date -u +%Y-%m-%d)
while IFS= read -r line; do
    split_book_entry "$line"
    [ "$book_kind" = gpu ] && [ "$book_name" != - ] || continue
    { echo "# recorded on $device, $today: \$ $book_cmd"; sh -c "$book_cmd" 2>&1; } > "$outdir/$book_name.txt"
    echo "recorded $book_name"
done <<EOF2
$(book_entries)
EOF2
