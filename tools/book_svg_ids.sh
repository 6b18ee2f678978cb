#!/bin/sh
# book_svg_ids.sh DIR - gives every element of each SVG in DIR an id of its
# own. gnuplot's svg terminal writes some group ids twice (its key repeats
# the plot's), which an XML validator rejects: the EPUB would fail epubcheck.
# A repeated id gets a suffix (_2, _3, ...); the first keeps its name, so
# references to it still resolve. Also drops a DOCTYPE (Graphviz writes one).
set -u
for svg in "$1"/*.svg; do
    [ -f "$svg" ] || continue
    # Graphviz declares the SVG 1.1 DTD; EPUB 3 forbids external entities
    sed -i '/<!DOCTYPE/,/>[[:space:]]*$/d' "$svg"
    awk '{
        line = $0; out = ""
        while (match(line, / id="[^"]*"/)) {
            id = substr(line, RSTART + 5, RLENGTH - 6)
            seen[id]++
            if (seen[id] > 1) new = " id=\"" id "_" seen[id] "\""; else new = substr(line, RSTART, RLENGTH)
            out = out substr(line, 1, RSTART - 1) new
            line = substr(line, RSTART + RLENGTH)
        }
        print out line
    }' "$svg" > "$svg.tmp" && mv "$svg.tmp" "$svg"
done
