#!/bin/sh
# book_version.sh OUT.yaml - writes the book's title-page metadata: the
# version (git describe --tags --always --dirty), the date of the commit, the
# edition, the licences and a how-to-cite line, as a Pandoc metadata file
# that the book's pandoc runs read after book/metadata.yaml.
#
# BOOK_VERSION, when set, names the version instead (a release archive).
# Outside a git checkout (a copy of the tree, an unpacked archive) the
# version is otherwise "unreleased copy" and the date today's (UTC).
# Title, authors and edition come from CITATION.cff, so that the citation
# in the book and the one in that file cannot disagree.
# The Makefile's book rule runs it, so the title page shows the version of
# the last build of the book, which is remade when its sources change, not
# on every commit: for a release, build it afresh (make clean book) or name
# the version with BOOK_VERSION.
set -eu
out=$1
mkdir -p "$(dirname "$out")"

cff_field() { # the value of the first "KEY: value" line of CITATION.cff
    sed -n "s/^ *$1: *\"\{0,1\}\([^\"]*\)\"\{0,1\} *\$/\1/p" CITATION.cff | head -n 1
}
title=$(cff_field title)
edition=$(cff_field edition)
authors=$(sed -n 's/^ *- name: *"\{0,1\}\([^"]*\)"\{0,1\} *$/\1/p' CITATION.cff | awk '!seen[$0]++' |
    paste -sd ';' - | sed 's/;/, /g')
[ -n "$title" ] && [ -n "$authors" ] && [ -n "$edition" ] ||
    { echo "error: CITATION.cff lacks a title, an author name or an edition" >&2; exit 2; }

if [ -n "${BOOK_VERSION:-}" ]; then
    version=$BOOK_VERSION
    date=$(git log -1 --format=%cs 2>/dev/null || date -u +%Y-%m-%d)
elif version=$(git describe --tags --always --dirty 2>/dev/null) && [ -n "$version" ]; then
    date=$(git log -1 --format=%cs 2>/dev/null || date -u +%Y-%m-%d)
else
    version="unreleased copy"
    date=$(date -u +%Y-%m-%d)
fi
year=${date%%-*}

tmp=$out.tmp
cat > "$tmp" <<YAML
# written by tools/book_version.sh: do not edit
version: "$version"
date: "$date"
author: "$authors"
abstract-title: "This edition"
abstract: |
  $(echo "$edition" | sed 's/^./\U&/'), version \`$version\`.

  **Licences.** The text and the figures of this book are licensed under
  the Creative Commons Attribution 4.0 International licence (CC BY 4.0,
  the file \`LICENSE-BOOK\`); the code, including every listing the book
  shows, under the MIT licence (the file \`LICENSE\`). You may copy,
  adapt and teach from both, with attribution.

  **How to cite.** $authors, *$title*, $edition, version $version, $year.
  The file \`CITATION.cff\` carries the same citation.
YAML
if [ -f "$out" ] && cmp -s "$tmp" "$out"; then rm -f "$tmp"; else mv "$tmp" "$out"; fi
