# sum_scaling.gp - one sum of n int32 values on the GPU: the array summed by a
# full grid against the same values in a random-order list walked by one thread.
# (data: ch11_linked_lists/results/sum_scaling_h200.dat, written on the H200 on
#  2026-11-30 by build/ch11_linked_lists/list_sum --bench --dat build/bench/ch11_sum_scaling_h200.dat
#  and copied there; see ../RESULTS.md)
# Columns: n array_sum_ms list_walk_ms (medians)
set terminal svg size 760,640 font "sans,12"
set encoding utf8
set output outfile
data = "ch11_linked_lists/results/sum_scaling_h200.dat"

# every list node is 8 bytes {value, next}: the pool's size in bytes is 8n
# the L2 size the bench queried (cudaDevAttrL2CacheSize), from the data's header
l2_text = system("awk '/^# l2_bytes/ { print $3; exit }' ".data)
if (strlen(l2_text) == 0) { print "error: ".data." has no '# l2_bytes' line"; exit status 1 }
l2_bytes = real(l2_text)
l2_nodes = l2_bytes / 8
l2_label = sprintf("L2 = %.0f MiB", l2_bytes / 1048576)

set multiplot layout 2,1 margins 0.12,0.96,0.09,0.92 spacing 0,0.1

# --- top: the two times, both axes logarithmic (seven decades of time)
set logscale x 2
set logscale y 10
set xrange [2**9.5:2**26.5]
set yrange [0.001:100000]
set format x "2^{%L}"
set xtics 2**10, 4, 2**26
set ytics ("0.001" 0.001, "0.01" 0.01, "0.1" 0.1, "1" 1, "10" 10, "100" 100, "1,000" 1000, "10,000" 10000, "100,000" 100000)
set mytics 10
set grid xtics ytics lc rgb "#dddddd"
set x2tics ("8 KiB" 2**10, "128 KiB" 2**14, "2 MiB" 2**18, "32 MiB" 2**22, "512 MiB" 2**26)
set x2range [2**9.5:2**26.5]
set logscale x2 2
set x2label "size of the list's node pool (8 bytes per node)"
set xlabel ""
set ylabel "time per sum (ms, median)"
set arrow 1 from l2_nodes, graph 0 to l2_nodes, graph 1 nohead dashtype 2 lc rgb "#999999"
set label 1 l2_label at l2_nodes, 0.003 right offset -0.5,0 textcolor rgb "#666666"
set key top left box opaque samplen 2 spacing 1.2 width 1
plot data using 1:3 with linespoints lw 2 pt 7 lc rgb "#d62728" title "list, one thread following next", \
     "" using 1:2 with linespoints lw 2 pt 5 lc rgb "#1f77b4" title "array, full grid (grid-stride + block tree)"

# --- bottom: the list walk's time per hop, a linear axis
unset x2tics
unset x2label
unset logscale y
set yrange [0:420]
set ytics 50
set mytics 1
set format y "%g"
set xlabel "nodes n (random order)"
set ylabel "list walk: ns per hop"
unset label 1
set label 2 l2_label at l2_nodes, 30 right offset -0.5,0 textcolor rgb "#666666"
unset key
plot data using 1:($3 * 1e6 / $1) with linespoints lw 2 pt 7 lc rgb "#d62728", \
     "" using 1:($3 * 1e6 / $1):(sprintf("%.0f", $3 * 1e6 / $1)) with labels offset 0,1 font "sans,10" textcolor rgb "#444444"

unset multiplot
