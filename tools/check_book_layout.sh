#!/bin/sh
# check_book_layout.sh - the HTML book's layout at 1280 px and 390 px in
# headless Chromium (tools/book_layout_probe.js measures it in each page,
# book/js/check.js drives it): the contents panel in view and following the
# scroll, no block scrolling sideways on a laptop, tables within their
# column or in their own scrolling box, figures readable on a phone, the
# keyboard's skip link, no console error; then every link between the
# pages leads to a page and an id it holds.
set -u
sh tools/check_book_browser.sh layout || exit $?
sh tools/check_book_browser.sh links
