#!/bin/sh
# floors_on_record.sh - the floors of bench/floors.list against the runs of
# record that the chapters keep (CHAPTER/results/ratios_<machine>_<date>_*run<K>.tsv:
# the rows each of the three headline runs appended): every floor of those
# chapters must hold on them, so a floor never sits above the measurement it
# was set from.
set -u
tmp=$(mktemp -d "${TMPDIR:-/tmp}/floors.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
chapters="ch03_work_span ch11_linked_lists reduced_ops canonical_scan"
for k in 1 2 3; do
    cat $(for c in $chapters; do ls "$c"/results/ratios_*run$k.tsv; done) > "$tmp/run$k.tsv" || exit 1
    [ -s "$tmp/run$k.tsv" ] || { echo "FAIL: no ratio rows of record for run $k"; exit 1; }
done
python3 tools/bench_summary.py --floors bench/floors.list --chapters "$chapters" --out "$tmp/SUMMARY.md" \
    "$tmp/run1.tsv" "$tmp/run2.tsv" "$tmp/run3.tsv" > "$tmp/log" 2>&1
status=$?
cat "$tmp/log"
[ "$status" -eq 0 ] || { echo "FAIL: a floor of $chapters does not hold on its run of record"; exit 1; }
echo "ok: every floor of $chapters holds on the chapters' runs of record"
