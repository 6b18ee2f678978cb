#!/bin/sh
# check_listing_markers.sh - every listing the book includes exists, and every
# `[listing NAME]` marker in the sources is used by the book (or named in
# book/unused_markers.txt with the reason it stays).
failed=0
refs=$(mktemp); defs=$(mktemp)
trap 'rm -f "$refs" "$defs"' EXIT
# references: include="PATH" listing="NAME" in any chapter
for md in book/*.md; do
    grep -o 'include="[^"]*"[^}]*listing="[^"]*"' "$md" | \
        sed -E 's/include="([^"]*)".*listing="([^"]*)"/\1 \2/' | sed "s|^|$md |"
done > "$refs"
while read -r md path name; do
    if [ ! -f "$path" ]; then echo "FAIL: $md: listing source $path does not exist"; failed=1; continue; fi
    if ! grep -qF "[listing $name]" "$path"; then echo "FAIL: $md: marker [listing $name] not in $path"; failed=1; fi
done < "$refs"
# definitions: every marker in the chapters' sources (no git needed: a copy
# of the tree is checked the same way); the chapters are tools/chapters.sh's
chapters=$(sh tools/chapters.sh)
[ -n "$chapters" ] || { echo "FAIL: tools/chapters.sh names no chapter"; exit 1; }
# shellcheck disable=SC2086
find $chapters -name build -prune -o \
    \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.cuh' \) -print 2>/dev/null | \
    xargs grep -oE '\[listing [A-Za-z0-9_.-]+\]' 2>/dev/null | sed -E 's/^([^:]*):\[listing (.*)\]$/\1 \2/' > "$defs"
while read -r path name; do
    if ! grep -qE "^[^ ]+ $path $name\$" "$refs" && ! grep -qF "$path $name" book/unused_markers.txt 2>/dev/null; then
        echo "FAIL: marker [listing $name] in $path is used by no chapter (use it or list it in book/unused_markers.txt)"
        failed=1
    fi
done < "$defs"
echo "$(wc -l < "$refs") listings referenced, $(wc -l < "$defs") markers defined"
# finding nothing is a failure, not a pass: no listings, or no markers, means
# the check looked in the wrong place
[ "$(wc -l < "$refs")" -gt 0 ] || { echo "FAIL: no listing is referenced by book/*.md"; failed=1; }
[ "$(wc -l < "$defs")" -gt 0 ] || { echo "FAIL: no [listing NAME] marker found in the sources"; failed=1; }
[ $failed -eq 0 ]
