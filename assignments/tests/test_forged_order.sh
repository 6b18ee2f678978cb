#!/bin/sh
# test_forged_order.sh - the reduced_ops kit against a warp tree forged as a serial sum.
# The reference solution is handed in through the Gradescope zip with one change: warp_tree_sum
# gathers the 32 lanes' values with __shfl_sync and adds them one after another in lane order.
# On integer operands that sum is exact, so the item "warps (warp_tree_sum): exact on integer
# operands" passes its own check; its gate hashes what the kernels compute on random, non-integer
# operands of a secret seed, where the serial order leaves the tree's bits. The item must score 0,
# and so must every item that runs warp_tree_sum; the items that never call it keep their points.
set -u
repo=$(pwd)
tmp=$(mktemp -d)
. assignments/tests/throwaway_secret.sh
use_throwaway_secret "$tmp" "forged order"
chmod 755 "$tmp"
trap 'chmod -R u+w "$tmp" 2>/dev/null; rm -rf "$tmp"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
GRADE_GPU=0; export GRADE_GPU
ch=reduced_ops
. assignments/tests/gradescope.sh
ag=$tmp/ag; gradescope_layout $ch "$ag"
hand_in_reference $ch "$ag/submission"
python3 - "$ag/submission/warp_tree.cuh" <<'PY' || fail "cannot forge warp_tree_sum"
import re, sys
s = open(sys.argv[1]).read()
# the body of warp_tree_sum, whatever the reference wrote there
head = "__device__ T warp_tree_sum(T v)\n{\n"
start = s.index(head) + len(head)
end = s.index("\n}\n", start)
forged = """    T sum = 0;
    for (int l = 0; l < 32; l++)
        sum += __shfl_sync(FULL_WARP, v, l);
    return sum;"""
open(sys.argv[1], "w").write(s[:start] + forged + s[end:])
PY
chmod -R a-w "$ag/source"
nosb=""; [ "$(id -u)" = 0 ] || nosb=--no-sandbox
AUTOGRADER_ROOT=$ag GRADE_ARGS="--graded-only $nosb" sh "$ag/source/run_autograder" > "$tmp/log" 2>&1 \
    || { cat "$tmp/log"; fail "run_autograder"; }
python3 "$repo/assignments/tests/check_results.py" "$ag/results/results.json" finished build=ok || exit 1
python3 - "$ag/results/results.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
score = {t["name"]: t["score"] for t in d["tests"]}
warps = [n for n in score if "warp_tree_sum" in n]
if not warps:
    sys.exit(f"FAIL: no item names warp_tree_sum: {sorted(score)}")
paid = [f"{n} ({score[n]:g})" for n in warps + [n for n in score if n.startswith(("contraction_emu", "invariance_emu"))]
        if score[n] > 0]
if paid:
    sys.exit("FAIL: a serial sum in place of the warp tree earns points: " + ", ".join(paid))
kept = [n for n in score if "stage_partial" in n or n.startswith(("emulation_", "summation_order"))]
if not kept or any(score[n] <= 0 for n in kept):
    sys.exit(f"FAIL: items that never call warp_tree_sum lost their points: {[(n, score[n]) for n in kept]}")
print(f"ok: the forged warp tree scores 0 on every item that runs it ({d['score']:g} points in all, from the "
      f"items that never call it)")
PY
