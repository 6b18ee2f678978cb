# canonical_vs_cub.gp - the price of determinism: GB/s of the canonical reduce
# and scans beside CUB's, measured in the same run on the H200
# (data: canonical_scan/results/bench_h200.dat, the GB/s column of the run
#  build/canonical_scan/canonical_bench --reps 50
#  whose log is canonical_scan/results/h200_2026-12-02_bench.md).
# Columns: log2N cub_reduce reduce_L16 reduce_L128 reduce_L1 cub_scan block_dyadic256 iterated_pairwise
# read_ceiling (the last one is not drawn: the copy line below stands for the ceiling)
# (GB/s = bytes read + written / median time: 8 N for a reduce, 16 N for a scan)
set terminal svg size 860,560 font "sans,12"
set encoding utf8
set output outfile
data = "canonical_scan/results/bench_h200.dat"

# the ceiling for context: a 4096 MiB device-to-device copy on the same H200,
# the same day (bench/h200_2026-12-01_copy_ceiling.md), read + write
copy_gbs = 4236

# one group of bars per size: the four reduces, a gap, the three scans
group = 9.0
xpos(row, j) = row * group + j + (j >= 4 ? 0.6 : 0.0)
set boxwidth 0.9
set style fill solid 0.85 border rgb "#444444"
set xrange [-1:3 * group - 1]
set yrange [0:5300]
set xtics ("N = 2^{20}" xpos(0, 3.3), "N = 2^{24}" xpos(1, 3.3), "N = 2^{28}" xpos(2, 3.3)) scale 0
set ytics 0, 500, 4500
set grid ytics lc rgb "#dddddd"
set ylabel "GB/s (bytes read + written / median time)"
set xlabel "array size (doubles)"
set key below horizontal maxcols 4 samplen 1.5 spacing 1.1 width 1

set arrow 1 from -1, copy_gbs to 3 * group - 1, copy_gbs nohead dt 2 lw 1.5 lc rgb "#555555"
set label 1 sprintf("device-to-device copy: %d GB/s", copy_gbs) at -0.6, copy_gbs + 120 left textcolor rgb "#555555"

ratio(ours, cub) = sprintf("%.2fx", ours / cub)

# CUB in grey tones, the canonical kernels in colour; reduces then scans
plot data using (xpos($0, 0)):2 with boxes lc rgb "#7f7f7f" title "cub::DeviceReduce::Sum", \
     "" using (xpos($0, 1)):3 with boxes lc rgb "#1f77b4" title "canonical reduce, L = 16", \
     "" using (xpos($0, 2)):4 with boxes lc rgb "#6baed6" title "canonical reduce, L = 128", \
     "" using (xpos($0, 3)):5 with boxes lc rgb "#9ecae1" title "canonical reduce, L = 1", \
     "" using (xpos($0, 4)):6 with boxes lc rgb "#bdbdbd" title "cub::DeviceScan::InclusiveSum", \
     "" using (xpos($0, 5)):7 with boxes lc rgb "#d62728" title "block\\_dyadic<256> scan", \
     "" using (xpos($0, 6)):8 with boxes lc rgb "#ff9896" title "iterated\\_pairwise scan", \
     "" using (xpos($0, 1)):3:(ratio($3, $2)) with labels rotate by 90 left offset 0,0.4 font ",10" notitle, \
     "" using (xpos($0, 2)):4:(ratio($4, $2)) with labels rotate by 90 left offset 0,0.4 font ",10" notitle, \
     "" using (xpos($0, 3)):5:(ratio($5, $2)) with labels rotate by 90 left offset 0,0.4 font ",10" notitle, \
     "" using (xpos($0, 5)):7:(ratio($7, $6)) with labels rotate by 90 left offset 0,0.4 font ",10" notitle, \
     "" using (xpos($0, 6)):8:(ratio($8, $6)) with labels rotate by 90 left offset 0,0.4 font ",10" notitle
