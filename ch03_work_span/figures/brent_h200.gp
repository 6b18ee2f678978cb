# brent_h200.gp - measured speed-up of one tree reduction against Brent's bound
# (data: ch03_work_span/results/brent_h200.dat, written by
#  build/ch03_work_span/brent_gpu --bench --dat ch03_work_span/results/brent_h200.dat).
# Columns: p median_ms spread measured_speedup brent_unit_speedup brent_fitted_speedup
set terminal svg size 760,480 font "sans,12"
set encoding utf8
set output outfile
data = "ch03_work_span/results/brent_h200.dat"

# both axes span five decades: log scales, with room so no point sits on a border
set logscale x 2
set logscale y 10
set xrange [0.7:400000]
set yrange [0.7:400000]
set format x "2^{%L}"
set xtics 4
set ytics ("1" 1, "10" 10, "100" 100, "1,000" 1000, "10,000" 10000, "100,000" 100000)
set mytics 10
set grid xtics ytics lc rgb "#dddddd"
set xlabel "threads p (1 block up to p = 1024, then blocks of 1024)"
set ylabel "speed-up T_1 / T_p"

# where one block ends and the grid-wide barrier spans several blocks
set arrow from 1024, graph 0 to 1024, graph 1 nohead dashtype 2 lc rgb "#999999"
set label "one block" at 700, 150000 right textcolor rgb "#666666"
set label "several blocks" at 1500, 150000 left textcolor rgb "#666666"

# the lower right is empty: every curve lies on or above the measured points
set key bottom right box opaque samplen 2 spacing 1.2 width 1

plot data using 1:1 with lines dashtype 3 lw 1.5 lc rgb "#888888" title "p (perfect)", \
     "" using 1:5 with lines lw 2 lc rgb "#1f77b4" title "Brent, unit steps: (W + S) / (W/p + S)", \
     "" using 1:6 with lines lw 2 lc rgb "#2ca02c" title "Brent, fitted: T_1 / (αW/p + βS)", \
     "" using 1:4 with points pt 7 ps 0.9 lc rgb "#d62728" title "measured on the H200"
