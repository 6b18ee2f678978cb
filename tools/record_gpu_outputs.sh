#!/bin/sh
# record_gpu_outputs.sh OUTDIR - on a GPU machine, runs every `gpu` entry of
# book/outputs.list and writes OUTDIR/<name>.txt with a first line naming the
# device, the date and the command. Copy the files to book/outputs/ and
# commit them: they are the GPU outputs the book shows.
set -u
outdir=$1
mkdir -p "$outdir"
device=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1)
[ -n "$device" ] || { echo "skipped: no CUDA device"; exit 77; }
today=$(date -u +%Y-%m-%d)
while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in ''|'#'*) continue ;; esac
    name=$(printf '%s\n' "$line" | awk '{print $1}')
    kind=$(printf '%s\n' "$line" | awk '{print $2}')
    [ "$kind" = gpu ] || continue
    cmd=$(printf '%s\n' "$line" | sed -E 's/^[[:space:]]*[^[:space:]]+[[:space:]]+[^[:space:]]+[[:space:]]+//')
    { echo "# recorded on $device, $today: \$ $cmd"; sh -c "$cmd" 2>&1; } > "$outdir/$name.txt"
    echo "recorded $name"
done < book/outputs.list
