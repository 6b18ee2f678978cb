#!/bin/sh
# book_node.sh DIR - installs the book's npm packages into DIR/node_modules:
# exactly the versions book/js/package-lock.json pins (npm ci), i.e. the
# HTML book's search library (minisearch) and, for the checks, axe-core and
# playwright-core (which drives the system's Chromium; it downloads no
# browser). Needs node and npm (Debian: nodejs, npm).
set -eu
dir=$1
command -v node >/dev/null 2>&1 && command -v npm >/dev/null 2>&1 ||
    { echo "error: node and npm not found (apt-get install nodejs npm): the HTML book needs them"; exit 2; }
mkdir -p "$dir"
cp book/js/package.json book/js/package-lock.json "$dir/"
(cd "$dir" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
touch "$dir/node_modules/.book-installed"
