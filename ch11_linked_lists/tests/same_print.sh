#!/bin/sh
# same_print.sh ARGS... - list_rank ARGS --print gives the same stdout on
# the CPU and on the GPU (77 when there is no GPU).
prog=${BUILD:-build}/ch11_linked_lists/list_rank
cpu=$("$prog" "$@" --print --on cpu 2>/dev/null) || { echo "FAIL: cpu run"; exit 1; }
gpu=$("$prog" "$@" --print --on gpu 2>/dev/null)
status=$?
[ "$status" -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
[ "$status" -eq 0 ] || { echo "FAIL: gpu run exits $status"; exit 1; }
[ -n "$cpu" ] && [ "$cpu" = "$gpu" ] || { echo "FAIL: cpu and gpu --print differ"; exit 1; }
echo "ok: cpu and gpu print the same $(printf '%s\n' "$cpu" | wc -l) lines"
