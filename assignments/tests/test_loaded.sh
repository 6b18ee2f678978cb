#!/bin/sh
# test_loaded.sh CHAPTER - kit generation and grading give the same result on a slow, loaded
# machine: the chapter's Gradescope check (test_chapter_kit.sh CHAPTER cpu gradescope: the
# reference handed in grades full marks, hidden tests included; nothing handed in grades 0)
# runs on one CPU with a CPU-bound process beside it on that CPU, so every run takes about
# twice as long as on an idle core. The grader's time limits scale with its calibration run,
# which sees the same load, so no verdict changes.
set -u
ch=$1
command -v taskset > /dev/null || { echo "skipped: no taskset"; exit 77; }
cpu=$(taskset -cp $$ | sed 's/.*: *//; s/[,-].*//')
taskset -c "$cpu" sh -c 'while :; do :; done' &
burner=$!
trap 'kill $burner 2>/dev/null' EXIT INT TERM
taskset -c "$cpu" sh assignments/tests/test_chapter_kit.sh "$ch" cpu gradescope
status=$?
kill $burner 2>/dev/null
echo "graded $ch on CPU $cpu beside a CPU-bound process: exit $status"
exit $status
