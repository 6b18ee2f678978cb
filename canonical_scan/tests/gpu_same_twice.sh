#!/bin/sh
# gpu_same_twice.sh COMMAND... - tools/expect_same_stdout.sh for a GPU
# command: exit 77 (no CUDA device) is passed through, so CTest says
# "skipped" instead of "failed" on a machine without a GPU.
"$@" > /dev/null 2>&1
[ $? -eq 77 ] && { echo "skipped: no CUDA device"; exit 77; }
exec sh tools/expect_same_stdout.sh "$@"
