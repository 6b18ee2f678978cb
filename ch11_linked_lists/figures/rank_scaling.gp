# rank_scaling.gp - time to rank a random-order list against its length, for
# the sequential CPU walk, Wyllie's pointer jumping and the ruling set on the GPU.
# (data: ch11_linked_lists/results/rank_scaling_h200.dat, written on the H200 on
#  2026-11-30 by build/ch11_linked_lists/list_rank_bench --dat build/bench/ch11_rank_scaling_h200.dat
#  and copied there; see ../RESULTS.md)
# Columns: n cpu_walk_ms wyllie_ms ruling_ms ruling_end_to_end_ms [wyllie_packed_ms cpu_sublists_ms] (medians)
set terminal svg size 760,480 font "sans,12"
set encoding utf8
set output outfile
data = "ch11_linked_lists/results/rank_scaling_h200.dat"

# five decades of time over four sizes: log scales, the key above the data
set logscale x 2
set logscale y 10
set xrange [2**19.6:2**26.4]
set yrange [0.1:1000000]
set format x "2^{%L}"
set xtics 2**20, 4, 2**26
set ytics ("0.1" 0.1, "1" 1, "10" 10, "100" 100, "1,000" 1000, "10,000" 10000, "100,000" 100000, "1,000,000" 1000000)
set mytics 10
set grid xtics ytics lc rgb "#dddddd"
set xlabel "nodes n (random order)"
set ylabel "time to rank every node (ms, median)"
set key top left box opaque samplen 2 spacing 1.2 width 1

# the ratio the book quotes first (CPU walk / ruling set), read from the
# last row of the data, drawn as a bracket at the largest size
stats data using 1:2 nooutput
n_max = STATS_max_x
stats data using 2 nooutput
cpu_ms = STATS_max
stats data using 4 nooutput
ruling_ms = STATS_max
set arrow 1 from n_max * 2**0.15, cpu_ms to n_max * 2**0.15, ruling_ms heads size screen 0.008,90 lc rgb "#888888"
set label 1 sprintf("%.0f×: CPU walk / ruling set", cpu_ms / ruling_ms) at n_max * 2**-0.1, sqrt(cpu_ms * ruling_ms) right textcolor rgb "#444444"

# Data from list_rank_bench since it measures the strongest rivals has two
# more columns (6: Wyllie packed, 7: CPU sublists on every core): drawn when present.
stats data nooutput
if (STATS_columns >= 7) {
    plot data using 1:2 with linespoints lw 2 pt 7 lc rgb "#d62728" title "CPU: one walk (one core of the host)", \
         "" using 1:7 with linespoints lw 2 pt 6 lc rgb "#ff7f0e" title "CPU: sublists on every core", \
         "" using 1:3 with linespoints lw 2 pt 5 lc rgb "#1f77b4" title "GPU: pointer jumping, two arrays", \
         "" using 1:6 with linespoints lw 2 pt 4 lc rgb "#9467bd" title "GPU: pointer jumping, packed pairs", \
         "" using 1:5 with linespoints lw 1.5 dashtype 2 pt 9 lc rgb "#2ca02c" title "GPU: ruling set, with copies in and out", \
         "" using 1:4 with linespoints lw 2 pt 9 lc rgb "#2ca02c" title "GPU: ruling set (kernels)"
} else {
    plot data using 1:2 with linespoints lw 2 pt 7 lc rgb "#d62728" title "CPU: one walk (one core of the host)", \
         "" using 1:3 with linespoints lw 2 pt 5 lc rgb "#1f77b4" title "GPU: pointer jumping (Wyllie)", \
         "" using 1:5 with linespoints lw 1.5 dashtype 2 pt 9 lc rgb "#2ca02c" title "GPU: ruling set, with copies in and out", \
         "" using 1:4 with linespoints lw 2 pt 9 lc rgb "#2ca02c" title "GPU: ruling set (kernels)"
}
