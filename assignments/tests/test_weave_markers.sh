#!/bin/sh
# test_weave_markers.sh - the book shows a marked file as markers.py's book
# view: no marker lines, no STUDENT block, the reference code. Runs the book's
# filter (book/filters/weave.lua, or $WEAVE_FILTER) on the fixture.
set -u
command -v pandoc > /dev/null || { echo "skipped: pandoc not found"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
filter=${WEAVE_FILTER:-$(pwd)/book/filters/weave.lua}
mkdir -p "$tmp/asg_fixture"
src=assignments/tests/fixture/asg_fixture/tree_sum.c
cp "$src" "$tmp/asg_fixture/"
printf '# T\n\n```{.c include="asg_fixture/tree_sum.c"}\n```\n' > "$tmp/t.md"
(cd "$tmp" && pandoc --lua-filter="$filter" -t plain -o shown.txt t.md) || { echo "FAIL: pandoc"; exit 1; }
python3 assignments/tools/markers.py book "$src" > "$tmp/book_view.c"
# Plain output indents code blocks; compare the text without the indentation.
sed 's/^ *//' "$tmp/shown.txt" | grep -v '^$' > "$tmp/a"; sed 's/^ *//' "$tmp/book_view.c" | grep -v '^$' > "$tmp/b"
grep -v -e '^T$' -e '^asg_fixture/tree_sum.c$' "$tmp/a" | diff - "$tmp/b" > "$tmp/diff" || { echo "FAIL: the book does not show the book view:"; cat "$tmp/diff"; exit 1; }
echo "ok: the book shows $src without its markers, with the reference code"
