#!/bin/sh
# test_summary.sh CASE - tools/bench_summary.py on the fixture runs of
# bench/tests/fixtures/ (three runs, three floors: two measured, one skipped
# for want of CCCL), changed as CASE says; checks the exit status and the
# line of SUMMARY.md or of the problems that must name the cause.
#   pass        the fixtures as they are: exit 0, the median (not the mean,
#               not the last run) is compared, the CCCL row says skipped
#   below       a median under its floor: exit 1
#   missing     a floor no run measured: exit 1 (a check that found nothing)
#   partial     a ratio measured in 2 of 3 runs: exit 1
#   malformed   a row with four fields: exit 1
#   inconsistent  RATIO that is not RIVAL_US / OURS_US: exit 1
#   skip-no-needs a skipped row whose floor allows no skip: exit 1
#   duplicate   a name twice in one run: exit 1
#   no-floor    a ratio without a floor is shown, not failed: exit 0
set -u
case_name=$1
fix=bench/tests/fixtures
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench_summary.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
for k in 1 2 3; do cp "$fix/pass_run$k.tsv" "$tmp/run$k.tsv"; done
cp "$fix/floors.list" "$tmp/floors.list"
want_exit=1
case $case_name in
    pass)      want_exit=0; want='| demo.fast_vs_rival.2^20 | ours vs the rival, 2^20 elements | 1.100 | 0.950..1.200 | 1.000 | pass |' ;;
    below)     sed -i 's/^demo.slow_vs_rival.2^20\t0.6000\t10.000\t6.000/demo.slow_vs_rival.2^20\t0.4000\t10.000\t4.000/;
                       s/^demo.slow_vs_rival.2^20\t0.7000\t10.000\t7.000/demo.slow_vs_rival.2^20\t0.4500\t10.000\t4.500/' \
                   "$tmp/run1.tsv" "$tmp/run3.tsv"
               want='demo.slow_vs_rival.2^20: median 0.450 below its floor 0.500' ;;
    missing)   for k in 1 2 3; do sed -i '/^demo.slow_vs_rival/d' "$tmp/run$k.tsv"; done
               want='demo.slow_vs_rival.2^20: has a floor but no run measured it' ;;
    partial)   sed -i '/^demo.fast_vs_rival/d' "$tmp/run2.tsv"
               want='demo.fast_vs_rival.2^20: measured in 2, skipped in 0 of 3 runs' ;;
    malformed) printf 'demo.fast_vs_rival.2^24\t1.0\t2.0\t2.0\n' >> "$tmp/run3.tsv"
               want='malformed row (4 tab-separated fields, want 5)' ;;
    inconsistent) sed -i 's/^demo.fast_vs_rival.2^20\t1.1000/demo.fast_vs_rival.2^20\t1.5000/' "$tmp/run1.tsv"
               want='RATIO 1.5000 is not RIVAL_US / OURS_US = 1.1000' ;;
    skip-no-needs) sed -i 's/^demo.fast_vs_rival.2^20\t.*/demo.fast_vs_rival.2^20\tskipped\t-\t-\tneeds a GPU it lacks/' \
                   "$tmp/run1.tsv" "$tmp/run2.tsv" "$tmp/run3.tsv"
               want='demo.fast_vs_rival.2^20: skipped (needs a GPU it lacks) but its floor has no needs= tag' ;;
    duplicate) sed -n '1p' "$tmp/run2.tsv" >> "$tmp/run2.tsv"
               want='demo.fast_vs_rival.2^20 appears twice in one run' ;;
    no-floor)  want_exit=0
               for k in 1 2 3; do printf 'demo.extra_vs_rival.2^20\t2.0000\t1.000\t2.000\tan extra ratio\n' >> "$tmp/run$k.tsv"; done
               want='| demo.extra_vs_rival.2^20 | an extra ratio | 2.000 | 2.000..2.000 | - | no floor |' ;;
    *) echo "error: unknown case '$case_name'"; exit 2 ;;
esac
python3 tools/bench_summary.py --floors "$tmp/floors.list" --out "$tmp/SUMMARY.md" --command "test $case_name" \
    "$tmp/run1.tsv" "$tmp/run2.tsv" "$tmp/run3.tsv" > "$tmp/stdout" 2>&1
status=$?
cat "$tmp/stdout"
[ "$status" -eq "$want_exit" ] || { echo "FAIL: exit $status, expected $want_exit"; exit 1; }
[ -s "$tmp/SUMMARY.md" ] || { echo "FAIL: no SUMMARY.md written"; exit 1; }
grep -qF -- "$want" "$tmp/SUMMARY.md" || { echo "FAIL: SUMMARY.md lacks: $want"; exit 1; }
if [ "$case_name" = pass ] || [ "$case_name" = no-floor ]; then
    grep -qF '| demo.levels_vs_rival.2^20 | needs CCCL >= 3.1 (make CCCL_DIR=...) | - | - | 1.100 (needs cccl) | skipped: needs CCCL >= 3.1 (make CCCL_DIR=...) |' "$tmp/SUMMARY.md" \
        || { echo "FAIL: the CCCL row is not reported as skipped"; exit 1; }
fi
echo "ok: $case_name"
