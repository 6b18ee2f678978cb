# canonical_vs_cub.gp - the price of determinism: GB/s of the canonical reduce
# and scans beside CUB's, measured in the same run on the H200
# (data: canonical_scan/results/bench_h200.dat, written by
#  build/canonical_scan/canonical_bench --reps 50 --dat canonical_scan/results/bench_h200.dat).
# Columns: log2N cub_reduce reduce_L16 reduce_L128 reduce_L1 cub_scan block_dyadic256 iterated_pairwise
# (GB/s = bytes read + written / median time: 8 N for a reduce, 16 N for a scan)
set terminal svg size 860,480 font "sans,12"
set encoding utf8
set output outfile
data = "canonical_scan/results/bench_h200.dat"

set style data histogram
set style histogram clustered gap 1.5
set style fill solid 0.85 border rgb "#444444"
set boxwidth 0.9
set yrange [0:*]
set grid ytics lc rgb "#dddddd"
set ylabel "GB/s (bytes read + written / median time)"
set xlabel "N doubles"
set key outside right top vertical samplen 1.5 spacing 1.2

# CUB in grey tones, the canonical kernels in colour; reduces then scans
plot data using 2:xtic(sprintf("2^{%d}", $1)) lc rgb "#7f7f7f" title "cub::DeviceReduce::Sum", \
     "" using 3 lc rgb "#1f77b4" title "canonical reduce, L = 16", \
     "" using 4 lc rgb "#6baed6" title "canonical reduce, L = 128", \
     "" using 5 lc rgb "#9ecae1" title "canonical reduce, L = 1", \
     "" using 6 lc rgb "#bdbdbd" title "cub::DeviceScan::InclusiveSum", \
     "" using 7 lc rgb "#d62728" title "block\\_dyadic<256> scan", \
     "" using 8 lc rgb "#ff9896" title "iterated\\_pairwise scan"
