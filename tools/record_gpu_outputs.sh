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
export PATH="$PATH:/usr/local/cuda/bin" # compute-sanitizer, for the sanitizer recordings
wrong=0
while IFS= read -r line; do
    split_book_entry "$line"
    [ "$book_kind" = gpu ] && [ "$book_name" != - ] || continue
    body=$(sh -c "$book_cmd" 2>&1)
    code=$?
    { echo "# recorded on $device, $today: \$ $book_shown"; printf '%s\n' "$body"; } > "$outdir/$book_name.txt"
    if [ "$code" -eq "$book_exit" ]; then
        echo "recorded $book_name (exit $code)"
    else
        echo "WRONG EXIT: $book_name exited $code, its book.list entry says $book_exit"; wrong=$((wrong + 1))
    fi
done <<EOF2
$(book_entries)
EOF2
echo "recordings: $wrong with another exit status than book.list says"
[ "$wrong" -eq 0 ]
