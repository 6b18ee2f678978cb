#!/bin/sh
# book_figures.sh OUTDIR - draws every figure of the book, never by hand:
#   1. from a program's own trace: each `dot`, `svg` or `data` entry of a
#      chapter's book.list (SECTION  NAME  dot|svg|data  COMMAND) is run now.
#      dot:  the command prints Graphviz DOT; `dot -Tsvg` draws it.
#      svg:  the command prints the SVG itself.
#      data: the command prints a data file; <chapter>/figures/NAME.gp plots it
#            (gnuplot, with `datafile` and `outfile` set).
#      What the command printed is kept as OUTDIR/NAME.src, so that
#      tools/check_book_figures.sh can prove the book shows what the program
#      prints now.
#   2. from committed measurements: every <chapter>/figures/NAME.gp that no
#      book.list entry names reads its data from results/ (GPU timings, which
#      differ on every run, are drawn as recorded).
# Each figure also gets OUTDIR/NAME.cmd, the command that produced it, which
# the book's caption quotes. Chapters show a figure with ![caption](figure:NAME).
. tools/lists.sh
set -u
outdir=$1
mkdir -p "$outdir"
status=0
need() { command -v "$1" >/dev/null 2>&1 || { echo "error: $1 not found (apt-get install $2)"; exit 2; }; }
traced=""
while IFS= read -r line; do
    split_book_entry "$line"; name=$book_name; cmd=$book_cmd
    case $book_kind in dot|svg|data) ;; *) continue ;; esac
    traced="$traced $name"
    src="$outdir/$name.src"
    if ! sh -c "$cmd" > "$src" 2>/dev/null || [ ! -s "$src" ]; then
        echo "error: figure $name: '$book_shown' failed or printed nothing"; status=2; continue
    fi
    printf '%s\n' "$book_shown" > "$outdir/$name.cmd"
    case $book_kind in
    dot)  need dot graphviz
          dot -Tsvg "$src" -o "$outdir/$name.svg" || { echo "error: figure $name: dot failed"; status=2; } ;;
    svg)  cp "$src" "$outdir/$name.svg" ;;
    data) need gnuplot gnuplot-nox
          gp=$(ls */figures/"$name".gp 2>/dev/null | head -n 1)
          [ -n "$gp" ] || { echo "error: figure $name: no */figures/$name.gp to plot it"; status=2; continue; }
          gnuplot -e "datafile='$src'; outfile='$outdir/$name.svg'" "$gp" ||
              { echo "error: figure $name: $gp failed"; status=2; } ;;
    esac
done <<EOF
$(book_entries)
EOF
for gp in $(ls */figures/*.gp 2>/dev/null); do
    name=$(basename "$gp" .gp)
    case " $traced " in *" $name "*) continue ;; esac
    need gnuplot gnuplot-nox
    data=$(sed -n 's/^data *= *"\(.*\)".*/\1/p' "$gp" | head -n 1)
    printf 'gnuplot %s (measured data: %s)\n' "$gp" "$data" > "$outdir/$name.cmd"
    gnuplot -e "outfile='$outdir/$name.svg'" "$gp" || { echo "error: figure $gp failed"; status=2; }
done
exit $status
