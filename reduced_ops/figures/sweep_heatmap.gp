# sweep_heatmap.gp - the crossover sweep as heat maps: gemm (top) and gemv
# (bottom), float (left) and double (right). One cell per (shape, block
# size), coloured by log2(serial time / warp time) and labelled with the
# ratio itself. Blue: serial faster; red: warp per output faster; a black
# frame marks the cells that pick warp per output (ratio > 1.05).
# Reads the committed H200 sweeps (reduced_ops_sweep --tsv); run from the
# repository root with -e "outfile='...svg'".
gemm_file = "reduced_ops/results/sweep_h200.tsv"
gemv_file = "reduced_ops/results/sweep_gemv_h200.tsv"
set terminal svg size 600,900 font "sans,11" # drawn at 600 px: shown at full size
set output outfile
set datafile separator "\t"
set datafile commentschars "#"

# the 12 shapes of reduced_ops_sweep.c, in the order of the TSV's shape_index
array M[12] = [4, 8, 14, 21, 4, 8, 2, 7, 14, 14, 21, 7]
array N[12] = [4, 8, 14, 21, 4, 8, 64, 7, 14, 21, 14, 14]
array K[12] = [4, 8, 14, 21, 64, 64, 2, 64, 7, 14, 21, 7]

# white at ratio 1; the colour scale stops at 1/64 and 4 (smaller ratios are
# drawn as 1/64: they all mean "serial, by far")
set palette defined (-6 "#2166ac", -2 "#92c5de", 0 "#f7f7f7", 1 "#f4a582", 2 "#b2182b")
set cbrange [-6:2]
set cbtics ("1/64" -6, "1/16" -4, "1/4" -2, "1" 0, "2" 1, "4" 2)
set cblabel "serial / warp (log scale)" offset -1,0
set xrange [-0.5:3.5]
set yrange [11.5:-0.5]
set xtics ("32" 0, "64" 1, "128" 2, "256" 3)
unset key
x(b) = log(b / 32.0) / log(2.0)
c(r) = log(r) / log(2.0) < -6 ? -6 : log(r) / log(2.0)
win(r) = r > 1.05 ? 1 : NaN
# three decimals near the 1.05 margin, so that 1.046 does not read as 1.05
label(r) = r > 0.945 && r < 1.055 ? sprintf("%.3f", r) : sprintf("%.2f", r)

set multiplot title "serial time / warp time, NVIDIA H200, 2026-11-30\nframed: warp per output picked (ratio > 1.05)"
do for [row = 1:2] {
    op = row == 1 ? "gemm" : "gemv"
    datafile = row == 1 ? gemm_file : gemv_file
    set tmargin at screen (row == 1 ? 0.90 : 0.465)
    set bmargin at screen (row == 1 ? 0.555 : 0.11)
    do for [col = 1:2] {
        t = col == 1 ? "float" : "double"
        set title sprintf("%s, %s", op, t)
        set lmargin at screen (col == 1 ? 0.235 : 0.545)
        set rmargin at screen (col == 1 ? 0.525 : 0.835)
        if (col == 1) {
            set ytics () format "%g"
            do for [s = 1:12] {
                if (op eq "gemm") {
                    set ytics add (sprintf("%dx%d, k %d", M[s], N[s], K[s]) s - 1)
                } else {
                    set ytics add (sprintf("%d, k %d", M[s], K[s]) s - 1)
                }
            }
            set ylabel "outputs, contraction length k" offset 2,0
            unset colorbox
        } else {
            set ytics 0, 1, 11 format ""
            unset ylabel
            set colorbox
        }
        if (row == 2) { set xlabel "threads per block" } else { unset xlabel }
        plot datafile using (x($6)):(strcol(2) eq t ? $16 : NaN):(x($6) - 0.5):(x($6) + 0.5):($16 - 0.5):($16 + 0.5):(c($11)) \
                 every ::1 with boxxyerror fillstyle solid noborder lc palette, \
             datafile using (x($6)):(strcol(2) eq t ? $16 * win($11) : NaN):(x($6) - 0.46):(x($6) + 0.46):($16 - 0.42):($16 + 0.42) \
                 every ::1 with boxxyerror fillstyle empty lc rgb "black" lw 2.5, \
             datafile using (x($6)):(strcol(2) eq t ? $16 : NaN):(label($11)) every ::1 with labels font ",10"
    }
}
unset multiplot
