#!/bin/sh
# check_format.sh - every C, CUDA and C++ file of the repository is laid out
# as .clang-format says. Fix a failure with
#     clang-format -i FILE
# (--self-test: show that a badly laid out line is refused.)
# The layout differs a little between clang-format releases, so the check
# runs only with the release the tree was formatted with (CLANG_FORMAT_MAJOR)
# and is skipped (exit 77) by any other; CI installs that release.
set -u
CLANG_FORMAT_MAJOR=14
cd "$(dirname "$0")/.."
tool=""
for t in "clang-format-$CLANG_FORMAT_MAJOR" clang-format; do
    if command -v "$t" >/dev/null 2>&1 &&
        "$t" --version | grep -q "version $CLANG_FORMAT_MAJOR[.]"; then
        tool=$t; break
    fi
done
if [ -z "$tool" ]; then
    echo "skipped: needs clang-format $CLANG_FORMAT_MAJOR (the release the tree is formatted with)"
    exit 77
fi
# --self-test: a badly laid out line must be refused (the check can fail)
if [ "${1:-}" = "--self-test" ]; then
    if printf 'int  main( void ){return 0;}\n' |
        "$tool" --dry-run --Werror --assume-filename=common/self_test.c >/dev/null 2>&1; then
        echo "FAIL: clang-format accepted a badly laid out line"; exit 1
    fi
    echo "ok: a badly laid out line is refused"; exit 0
fi
# the files git knows, or every such file of a tree without git
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    files=$(git ls-files '*.c' '*.h' '*.cu' '*.cuh' '*.cpp')
else
    files=$(find . -path ./build -prune -o -path './build-*' -prune -o -path ./node_modules -prune -o \
        \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' -o -name '*.cpp' \) -print)
fi
count=$(printf '%s\n' "$files" | grep -c .)
[ "$count" -gt 0 ] || { echo "error: found no C or CUDA file to check"; exit 1; }
# shellcheck disable=SC2086
if ! out=$("$tool" --dry-run --Werror $files 2>&1); then
    printf '%s\n' "$out" | grep 'error:' | sed 's/: error:.*//' | sort -u | sed 's/^/not formatted: /'
    echo "FAIL: run clang-format -i on the files above"
    exit 1
fi
echo "ok: $count files laid out as .clang-format says ($tool)"
