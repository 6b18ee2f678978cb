#!/bin/sh
# ctest_no_cpu_skips.sh BUILD LOG - fails when the CTest run whose console
# output is LOG skipped any test labelled cpu. A CPU test has everything it
# needs on every machine (CI installs pandoc, gnuplot and chromium for the
# book's), so a skip there hides a defect, e.g. a CPU path that reaches a
# GPU stub. GPU tests may skip: there is no GPU here.
set -eu
build=$1; log=$2
cpu=$(ctest --test-dir "$build" -N -L cpu | sed -n 's/^ *Test *#[0-9]*: *//p')
[ -n "$cpu" ] || { echo "error: no cpu test registered in $build"; exit 1; }
# a log without CTest's summary line is no evidence that nothing was skipped
grep -qE '^[0-9]+% tests passed' "$log" || { echo "error: $log holds no CTest summary"; exit 1; }
skipped=$(sed -n 's/^[[:space:]]*[0-9]* - \([^ ]*\) (Skipped)$/\1/p' "$log")
bad=""
for t in $skipped; do
    if printf '%s\n' "$cpu" | grep -qxF "$t"; then bad="$bad $t"; fi
done
if [ -n "$bad" ]; then
    echo "FAIL: cpu tests were skipped:$bad"; exit 1
fi
echo "cpu tests: $(printf '%s\n' "$cpu" | wc -l) registered, none skipped"
