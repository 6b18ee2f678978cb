#!/bin/sh
# floors_on_record.sh - the floors of bench/floors.list against the runs of
# record that the chapters keep (CHAPTER/results/ratios_<machine>_<date>_*run<K>.tsv:
# the rows each of the three headline runs appended): every floor of those
# chapters must hold on them, so a floor never sits above the measurement it
# was set from. The chapters are those of tools/chapters.sh that keep ratios;
# a chapter with a headline entry in its tests.list and no ratios on record
# fails, so a new chapter cannot go unchecked.
set -u
. tools/lists.sh
tmp=$(mktemp -d "${TMPDIR:-/tmp}/floors.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
chapters=""
for c in $CHAPTER_LISTS_DIRS; do
    if ls "$c"/results/ratios_*run[123].tsv > /dev/null 2>&1; then
        chapters="$chapters${chapters:+ }$c"
    elif list_entries "$c/tests.list" | awk '$2 ~ /^headline/ { found = 1 } END { exit !found }'; then
        echo "FAIL: $c has headline entries in its tests.list but no $c/results/ratios_*run<K>.tsv on record"
        exit 1
    fi
done
[ -n "$chapters" ] || { echo "FAIL: no chapter of tools/chapters.sh keeps ratios of record"; exit 1; }
echo "chapters with ratios of record: $chapters"
for k in 1 2 3; do
    for c in $chapters; do
        ls "$c"/results/ratios_*run$k.tsv > /dev/null 2>&1 || { echo "FAIL: $c has no ratios of record for run $k"; exit 1; }
    done
    cat $(for c in $chapters; do ls "$c"/results/ratios_*run$k.tsv; done) > "$tmp/run$k.tsv" || exit 1
    [ -s "$tmp/run$k.tsv" ] || { echo "FAIL: no ratio rows of record for run $k"; exit 1; }
done
python3 tools/bench_summary.py --floors bench/floors.list --chapters "$chapters" --out "$tmp/SUMMARY.md" \
    "$tmp/run1.tsv" "$tmp/run2.tsv" "$tmp/run3.tsv" > "$tmp/log" 2>&1
status=$?
cat "$tmp/log"
[ "$status" -eq 0 ] || { echo "FAIL: a floor of $chapters does not hold on its run of record"; exit 1; }
echo "ok: every floor of $chapters holds on the chapters' runs of record"
