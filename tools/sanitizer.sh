#!/bin/sh
# sanitizer.sh TOOL PROGRAM [ARGS...] - runs PROGRAM under
#     compute-sanitizer --tool TOOL --error-exitcode 99 PROGRAM ARGS...
# and ends with its exit status (99: the tool reported an error). Exits 77
# (skipped) where there is no CUDA device or no compute-sanitizer, so that
# `make run` on a machine without a GPU skips it instead of failing.
tool=$1; shift
nvidia-smi -L >/dev/null 2>&1 || { echo "skipped: no CUDA device"; exit 77; }
sanitizer=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
[ -x "$sanitizer" ] || { echo "skipped: compute-sanitizer not found"; exit 77; }
exec "$sanitizer" --tool "$tool" --error-exitcode 99 "$@"
