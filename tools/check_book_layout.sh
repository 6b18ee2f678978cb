#!/bin/sh
# check_book_layout.sh - opens build/book/index.html in headless Chromium at
# 1280 px and at 600 px wide and asserts layout facts, measured in the page by
# tools/book_layout_probe.js: the contents panel is in view wherever one has
# scrolled to (sidebar when wide, sticky bar when narrow) and covers no text;
# no listing or output block wraps a line (white-space: pre, own scrollbar);
# every figure is drawn within the text width; nothing makes the page wider
# than the window; measured Markdown logs are tables. Also: no console error
# at either width.
set -u
html=build/book/index.html
[ -f "$html" ] || { echo "skipped: the book was not built (pandoc not found)"; exit 77; }
. tools/chromium.sh
[ -n "$chromium" ] || { echo "skipped: chromium not found (apt-get install chromium)"; exit 77; }
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
# the probe runs in a copy of the page; the book itself carries no test code
awk -v probe=tools/book_layout_probe.js '
    /<\/body>/ { print "<script>"; while ((getline l < probe) > 0) print l; print "</script>" }
    { print }' "$html" > "$work/index.html"
failed=0
for width in 1280 600; do
    # shellcheck disable=SC2086
    "$chromium" $chromium_flags --user-data-dir="$work/profile" --window-size=$width,900 \
        --enable-logging=stderr --v=0 --virtual-time-budget=5000 --dump-dom "file://$work/index.html" \
        > "$work/dom" 2> "$work/log"
    if grep -E 'CONSOLE|Uncaught|Failed to load resource' "$work/log"; then
        echo "FAIL: $width px: the page logged console errors (above)"; failed=1
    fi
    sed -n '/<pre id="layout-probe">/,/<\/pre>/p' "$work/dom" | grep -E '^(ok|FAIL|width):' > "$work/probe"
    sed "s/^/$width px: /" "$work/probe"
    grep -q "^width: $width\$" "$work/probe" || { echo "FAIL: $width px: the probe did not run at this width"; failed=1; }
    grep -q '^ok:' "$work/probe" || { echo "FAIL: $width px: the probe measured nothing"; failed=1; }
    ! grep -q '^FAIL' "$work/probe" || failed=1
done
[ $failed -eq 0 ]
