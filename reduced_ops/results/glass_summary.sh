#!/bin/sh
# glass_summary.sh [EXACT_LOG FMAD_LOG] - one table from the two committed
# logs of glass_vs_ours: per op and type, the geometric mean of the ratios
# GLASS time / the chapter's time over the cells of that table, then the
# totals over all cells, the checks, and the price of bit-exactness (the
# chapter's own time in the --fmad=false build over that in the --fmad=true
# one). It reads the logs' own summary lines and counts their cells, so the
# table cannot disagree with them. Exit 1 when a log lacks a line it needs.
set -eu
exact=${1:-reduced_ops/results/h200_2026-12-01_glass_vs_ours.md}
fmad=${2:-reduced_ops/results/h200_2026-12-01_glass_vs_ours_fmad.md}
for f in "$exact" "$fmad"; do
    [ -f "$f" ] || { echo "error: no log $f"; exit 2; }
done
awk -v exact="$exact" -v fmad="$fmad" '
function fail(what) { print "error: " what; bad = 1; exit 1 }
function ratio(line, name,   s) { # "name 1.234 (min 0.9)" -> 1.234
    s = line; sub(".*" name " ", "", s); sub(/ .*/, "", s); return s }
function minof(line, name,   s) {
    s = line; sub(".*" name " [0-9.]+ \\(min ", "", s); sub(/\).*/, "", s); return s }
FNR == 1 { file = FILENAME; table = "" }
file == exact && /^device: / { device = $0; sub(/^device: /, "", device); sub(/ *$/, "", device) }
file == exact && /^date: / { date = $2 }
/^### / { table = $2 " " $3; sub(/,/, "", table); if (file == exact) order[++ntables] = table }
/^\| m=/ && table != "" { cells[file, table]++ }
/^geometric mean of the ratios:/ && table != "" {
    for (i = 1; i <= 4; i++) {
        g[file, table, i] = ratio($0, names[i])
        if (g[file, table, i] !~ /^[0-9.]+$/) fail("no " names[i] " in " file)
    }
}
/^\| [a-z_]+ \| [0-9.]+ \| [0-9.]+ \|/ {
    for (i = 1; i <= 4; i++) if ($2 == names[i]) { all[file, i] = $4; low[file, i] = $6 }
}
/^geometric mean us per op/ {
    if (match($0, /ours serial [0-9.]+;/)) us[file, "serial"] = substr($0, RSTART + 12, RLENGTH - 13)
    if (match($0, /ours warp [0-9.]+;/)) us[file, "warp"] = substr($0, RSTART + 10, RLENGTH - 11)
}
/^ours equals the C emulation bit for bit in / { match_line[file] = $10 " of " $12 }
BEGIN { names[1] = "serial_vs_glass"; names[2] = "warp_vs_glass_reduced"
        names[3] = "serial_runtime_vs_glass"; names[4] = "warp_runtime_vs_glass_reduced" }
END {
    if (bad) exit 1
    if (ntables != 6 || device == "" || date == "") fail("the log " exact " lacks its header or its six tables")
    for (i = 1; i <= 4; i++) if (all[exact, i] == "" || all[fmad, i] == "") fail("no total line for " names[i])
    if (us[exact, "serial"] !~ /^[0-9.]+$/ || us[fmad, "serial"] !~ /^[0-9.]+$/ || us[exact, "warp"] !~ /^[0-9.]+$/ || us[fmad, "warp"] !~ /^[0-9.]+$/) fail("no us-per-op line")
    if (match_line[exact] !~ /^[0-9]+ of [0-9]+$/ || match_line[fmad] !~ /^[0-9]+ of [0-9]+$/) fail("no emulation count")
    total = 0
    for (t = 1; t <= ntables; t++) { total += cells[exact, order[t]]; ftotal += cells[fmad, order[t]] }
    printf "GLASS against the chapter, %s, %s\n", device, date
    printf "ratio = GLASS time / the chapter'"'"'s time (above 1: the chapter is faster),\n"
    printf "geometric mean over the cells of each row\n\n"
    printf "                            sizes as constants        sizes read at run time\n"
    printf "op, type        cells   serial  warp per output     serial  warp per output\n"
    for (t = 1; t <= ntables; t++) {
        tb = order[t]
        printf "%-14s  %5d   %6s  %15s     %6s  %15s\n", tb, cells[exact, tb],
            g[exact, tb, 1], g[exact, tb, 2], g[exact, tb, 3], g[exact, tb, 4]
    }
    printf "%-14s  %5d   %6s  %15s     %6s  %15s\n", "all cells", total, all[exact, 1], all[exact, 2], all[exact, 3], all[exact, 4]
    printf "%-14s  %5s   %6s  %15s     %6s  %15s\n", "  smallest", "", low[exact, 1], low[exact, 2], low[exact, 3], low[exact, 4]
    printf "%-14s  %5d   %6s  %15s     %6s  %15s\n", "--fmad=true", ftotal, all[fmad, 1], all[fmad, 2], all[fmad, 3], all[fmad, 4]
    printf "\nthe chapter'"'"'s results equal its C emulation bit for bit: %s cells (--fmad=false),\n", match_line[exact]
    printf "%s cells (--fmad=true)\n", match_line[fmad]
    printf "price of bit-exactness, us per op (--fmad=false / --fmad=true): serial %s / %s = %.3f,\n",
        us[exact, "serial"], us[fmad, "serial"], us[exact, "serial"] / us[fmad, "serial"]
    printf "warp per output %s / %s = %.3f\n", us[exact, "warp"], us[fmad, "warp"], us[exact, "warp"] / us[fmad, "warp"]
}' "$exact" "$fmad"
