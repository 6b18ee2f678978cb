# rank_scaling.gp - time to rank a random-order list against its length, for
# the sequential CPU walk, Wyllie's pointer jumping and the ruling set on the GPU.
# (data: ch11_linked_lists/results/rank_scaling_h200.dat, written on the H200 by
#  build/ch11_linked_lists/list_rank_bench --dat ch11_linked_lists/results/rank_scaling_h200.dat)
# Columns: n cpu_walk_ms wyllie_ms ruling_ms ruling_end_to_end_ms
# Rename to rank_scaling.gp once the H200 data file is committed.
set terminal svg size 720,460 font "sans,12"
set output outfile
set logscale xy 2
set format x "2^{%L}"
set xlabel "nodes n (random order)"
set ylabel "time (ms, median)"
set key top left
set grid
plot "ch11_linked_lists/results/rank_scaling_h200.dat" using 1:2 with linespoints lw 2 pt 7 lc rgb "#d62728" title "CPU: one walk", \
     "" using 1:3 with linespoints lw 2 pt 5 lc rgb "#1f77b4" title "GPU: pointer jumping (Wyllie)", \
     "" using 1:4 with linespoints lw 2 pt 9 lc rgb "#2ca02c" title "GPU: ruling set (kernels)", \
     "" using 1:5 with linespoints lw 1 dashtype 2 pt 9 lc rgb "#2ca02c" title "GPU: ruling set, with copies"
