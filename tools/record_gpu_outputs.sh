#!/bin/sh
# record_gpu_outputs.sh OUTDIR [CHAPTER...] - on a GPU machine, runs every `gpu` entry of
# book/outputs.list and writes OUTDIR/<name>.txt with a first line naming the
# device, the date and the command. Copy the files to book/outputs/ and
# commit them: they are the GPU outputs the book shows.
. tools/lists.sh
set -u
outdir=$1; shift
lists="book/outputs.list"
for chapter in ${*:-*}; do lists="$lists $chapter/outputs*.list $chapter/outputs.pending"; done
mkdir -p "$outdir"
device=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1)
[ -n "$device" ] || { echo "skipped: no CUDA device"; exit 77; }
today=$(date -u +%Y-%m-%d)
while IFS= read -r line; do
    split_entry "$line"; name=$entry_name; kind=$entry_kind; cmd=$entry_cmd
    [ "$kind" = gpu ] || continue
    { echo "# recorded on $device, $today: \$ $cmd"; sh -c "$cmd" 2>&1; } > "$outdir/$name.txt"
    echo "recorded $name"
done <<EOF
$(list_entries $lists)
EOF
