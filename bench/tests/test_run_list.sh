#!/bin/sh
# test_run_list.sh - tools/run_list.sh's headline and sanitize handling, with stand-ins:
# a chapter folder whose tests.list has two `headline` lines (fake benches
# that append a ratio, bench/tests/fake_headline.sh) and one `bench` line, a
# floors.list, and an nvidia-smi on PATH that answers (so no GPU is needed).
# Checks: each headline command ran 3 times as its own process, the rounds
# interleaved (a b a b a b), the bench line once, after them; every run file
# holds one row per headline; SUMMARY.md was written and passed. Then a
# floor above the fake ratio must make run_list.sh fail, SUMMARY.md written
# all the same.
set -u
root=$(pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/run_list.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/tools" "$tmp/demo" "$tmp/bench" "$tmp/bin"
cp tools/run_list.sh tools/lists.sh tools/chapters.sh tools/bench_summary.py "$tmp/tools/"
printf '#!/bin/sh\necho "GPU 0: fake"\n' > "$tmp/bin/nvidia-smi"; chmod +x "$tmp/bin/nvidia-smi"
fake="sh $root/bench/tests/fake_headline.sh"
cat > "$tmp/demo/tests.list" <<LIST
# a fake chapter
a_test      cpu       true
a_headline  headline  $fake a 1.25 $tmp/calls
a_bench     bench     echo plain >> $tmp/calls
b_headline  headline  $fake b 0.80 $tmp/calls
LIST
printf 'demo.a_vs_rival.2^20 1.2 # a\ndemo.b_vs_rival.2^20 0.7 # b\n' > "$tmp/bench/floors.list"
fail() { echo "FAIL: $*"; exit 1; }

(cd "$tmp" && PATH="$tmp/bin:$PATH" sh tools/run_list.sh bench out demo) > "$tmp/log" 2>&1
status=$?
cat "$tmp/log"
[ "$status" -eq 0 ] || fail "run_list.sh exited $status"
order=$(tr '\n' ' ' < "$tmp/calls")
[ "$order" = "a b a b a b plain " ] || fail "runs in the order '$order', expected 'a b a b a b plain '"
for k in 1 2 3; do
    [ "$(wc -l < "$tmp/out/ratios/run$k.tsv")" -eq 2 ] || fail "run$k.tsv does not hold 2 rows"
done
grep -qF '| demo.a_vs_rival.2^20 | fake bench a | 1.250 | 1.250..1.250 | 1.200 | pass |' "$tmp/out/SUMMARY.md" \
    || fail "SUMMARY.md lacks the row of a"
grep -q '^bench: 7 runs, 0 skipped, 0 failed' "$tmp/log" || fail "the run count is not 6 headline runs + 1 bench run"

# a floor the fake ratio misses: run_list fails, the summary still written
printf 'demo.a_vs_rival.2^20 1.3 # a\ndemo.b_vs_rival.2^20 0.7 # b\n' > "$tmp/bench/floors.list"
rm -f "$tmp/calls"
(cd "$tmp" && PATH="$tmp/bin:$PATH" HEADLINE_RUNS=1 sh tools/run_list.sh headline out demo) > "$tmp/log2" 2>&1
status=$?
cat "$tmp/log2"
[ "$status" -ne 0 ] || fail "a ratio below its floor did not fail run_list.sh"
[ "$(tr '\n' ' ' < "$tmp/calls")" = "a b " ] || fail "headline mode ran more than the headline lines once each"
grep -qF 'demo.a_vs_rival.2^20: median 1.250 below its floor 1.300' "$tmp/out/SUMMARY.md" || fail "SUMMARY.md does not name the failure"
# a floor that needs an optional tree (GLASS) which no headline measures: skipped when
# the build was not given it, a failure when BENCH_HAVE says it was (make bench GLASS_DIR=...)
printf 'demo.a_vs_rival.2^20 1.2 # a\ndemo.b_vs_rival.2^20 0.7 # b\ndemo.glass_vs_rival.2^20 1.0 needs=glass # g\n' \
    > "$tmp/bench/floors.list"
(cd "$tmp" && PATH="$tmp/bin:$PATH" HEADLINE_RUNS=1 sh tools/run_list.sh headline out demo) > "$tmp/log5" 2>&1
[ $? -eq 0 ] && grep -qF 'make bench GLASS_DIR=path/to/GLASS' "$tmp/out/SUMMARY.md" ||
    { cat "$tmp/log5"; fail "without GLASS its floor did not pass as skipped, with how to give it"; }
(cd "$tmp" && PATH="$tmp/bin:$PATH" HEADLINE_RUNS=1 BENCH_HAVE=glass sh tools/run_list.sh headline out demo) > "$tmp/log6" 2>&1
[ $? -ne 0 ] && grep -qF 'demo.glass_vs_rival.2^20: not measured, although this build was given glass' "$tmp/out/SUMMARY.md" ||
    { cat "$tmp/log6"; fail "given GLASS (BENCH_HAVE=glass), its unmeasured floor did not fail"; }

# sanitize: a program that skips (an optional library missing) before any CUDA call is
# counted as skipped, not failed; a sanitizer error still fails (stand-in compute-sanitizer:
# runs the command, and without an API call answers as the real one does, exit 255)
cat > "$tmp/bin/compute-sanitizer" <<'SAN'
#!/bin/sh
shift 4 # --tool T --error-exitcode 99
out=$("$@" 2>&1); s=$?
printf '%s\n' "$out"
case $out in *skipped:*) echo "========= Error: Target application terminated before first instrumented API call"; exit 255 ;; esac
exit $s
SAN
chmod +x "$tmp/bin/compute-sanitizer"
cat > "$tmp/demo/tests.list" <<LIST
skips     sanitize  sh -c 'echo "skipped: needs GLASS"; exit 77'
fine      sanitize  sh -c 'echo fine'
LIST
(cd "$tmp" && PATH="$tmp/bin:$PATH" sh tools/run_list.sh sanitize out demo) > "$tmp/log3" 2>&1
status=$?
cat "$tmp/log3"
[ "$status" -eq 0 ] || fail "a skipping program failed the sanitize run"
grep -q '^sanitize: 6 runs, 3 skipped, 0 failed' "$tmp/log3" || fail "the skipped sanitizer runs were not counted as skipped"
printf "broken  sanitize  sh -c 'echo broken; exit 99'\n" >> "$tmp/demo/tests.list"
(cd "$tmp" && PATH="$tmp/bin:$PATH" sh tools/run_list.sh sanitize out demo) > "$tmp/log4" 2>&1
[ $? -ne 0 ] && grep -q '^sanitize: 9 runs, 3 skipped, 3 failed' "$tmp/log4" || { cat "$tmp/log4"; fail "a sanitizer error did not fail the run"; }
echo "ok: headline lines ran 3 times, interleaved; the summary passes and fails as its floors say; skips are not failures"
