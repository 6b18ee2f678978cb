# brent_h200.gp - measured speed-up of one tree reduction against Brent's bound
# (data: ch03_work_span/results/brent_h200.dat, written by
#  build/ch03_work_span/brent_gpu --bench --dat ch03_work_span/results/brent_h200.dat).
# Columns: p median_ms spread measured_speedup brent_unit_speedup brent_fitted_speedup
# Rename to brent_h200.gp once the H200 data file is committed.
set terminal svg size 720,460 font "sans,12"
set output outfile
set logscale xy 2
set format x "2^{%L}"
set xlabel "threads p"
set ylabel "speed-up T_1 / T_p"
set key top left
set grid
plot "ch03_work_span/results/brent_h200.dat" using 1:1 with lines dashtype 3 lc rgb "#888888" title "p (perfect)", \
     "" using 1:5 with lines lw 2 lc rgb "#1f77b4" title "Brent, unit steps: (W+S)/(W/p+S)", \
     "" using 1:6 with lines lw 2 lc rgb "#2ca02c" title "Brent, fitted: T_1/(alpha W/p + beta S)", \
     "" using 1:4 with points pt 7 ps 0.8 lc rgb "#d62728" title "measured on the H200"
