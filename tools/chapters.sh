#!/bin/sh
# chapters.sh - prints the chapter folders in book order, one line each.
# A chapter is a top-level folder with a book.list; its place in the book is
# the first section number its book.list names (common/ is chapter 0). This
# is the one place the chapter list comes from: the Makefile and
# tools/lists.sh both ask it.
cd "$(dirname "$0")/.." || exit 1
for list in */book.list; do
    [ -f "$list" ] || continue
    section=$(grep -v -e '^[[:space:]]*#' -e '^[[:space:]]*$' "$list" | awk 'NR == 1 { print $1 }')
    # "30.3" -> 30, "0" -> 0: sort by the chapter number, then by name
    printf '%s %s\n' "${section%%.*}" "${list%/book.list}"
done | sort -k1,1n -k2,2 | awk '{ print $2 }'
