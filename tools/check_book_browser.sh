#!/bin/sh
# check_book_browser.sh axe|layout|search|links - runs book/js/check.js in
# that mode over the built HTML book (build/book/, one page per chapter) in
# the real headless Chromium, with the npm packages of book/js/package-lock.json
# (build/node, installed by `make book`). See book/js/check.js for what each
# mode asserts.
set -u
mode=$1
build=${BUILD:-build} # the build folder (make BUILD=...; CTest's test scripts set BUILD)
[ -f "$build/book/index.html" ] && [ -f "$build/book/pages.txt" ] ||
    { echo "skipped: the book was not built (pandoc not found)"; exit 77; }
command -v node >/dev/null 2>&1 || { echo "FAIL: node not found (apt-get install nodejs)"; exit 1; }
[ -d "$build/node/node_modules/playwright-core" ] ||
    { echo "FAIL: $build/node lacks the book's npm packages (make book installs them)"; exit 1; }
NODE_PATH=$build/node/node_modules exec node book/js/check.js "$mode" "$build/book"
