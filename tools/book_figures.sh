#!/bin/sh
# book_figures.sh OUTDIR - draws every figure of the book from committed data.
# Each chapter keeps its plots as gnuplot scripts, <chapter>/figures/NAME.gp,
# reading committed measurements; the script is run from the repository root
# with the variable `outfile` set to OUTDIR/NAME.svg. Chapters show them with
#     ![caption](build/book/figures/NAME.svg)
set -u
outdir=$1
mkdir -p "$outdir"
scripts=$(ls */figures/*.gp 2>/dev/null)
[ -n "$scripts" ] || exit 0
command -v gnuplot >/dev/null 2>&1 || { echo "error: gnuplot not found (apt-get install gnuplot-nox)"; exit 2; }
status=0
for gp in $scripts; do
    name=$(basename "$gp" .gp)
    if ! gnuplot -e "outfile='$outdir/$name.svg'" "$gp"; then
        echo "error: figure $gp failed"; status=2
    fi
done
exit $status
