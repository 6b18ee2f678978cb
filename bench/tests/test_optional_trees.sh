#!/bin/sh
# test_optional_trees.sh CASE - the bench summary on the real bench/floors.list
# with fabricated headline runs, as a GPU machine would write them with or
# without the optional third-party trees (a CCCL >= 3.1, the GLASS headers):
# every floor without needs= measured a little above its floor; without CCCL,
# determinism_levels writes its 12 rows as skipped
# (fixtures/determinism_levels_without_cccl.tsv); without GLASS, glass_vs_ours
# says `skipped:` and writes no row.
#   without        neither tree, neither given: exit 0, the skipped floors
#                  listed with how to give each tree (CCCL_DIR=, GLASS_DIR=)
#   given-missing  the same runs, but the build says it was given both
#                  (--have "cccl glass", as make bench CCCL_DIR=... GLASS_DIR=...
#                  passes): exit 1, every floor that needs them is a problem
#   given          both given and every row measured: exit 0, every floor checked
#   low-without    without the trees, one ordinary floor missed: still exit 1
set -u
case_name=$1
tmp=$(mktemp -d "${TMPDIR:-/tmp}/optional_trees.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
floors=bench/floors.list
chapters="$(sh tools/chapters.sh | tr '\n' ' ') bench"
# measured NEEDS...: one row per floor whose needs= tag is empty or one of NEEDS,
# at 1.05 x its floor (ours 1 us, the rival 1.05 x floor us)
measured() {
    awk -v take=" $* " '/^[[:space:]]*(#|$)/ { next }
        { needs = ""; if ($3 ~ /^needs=/) needs = substr($3, 7)
          if (needs == "" || index(take, " " needs " ")) {
              r = $2 * 1.05; printf "%s\t%.4f\t1.000\t%.4f\tfabricated: %s\n", $1, r, r, (needs == "" ? "always built" : "needs " needs) } }' "$floors"
}
have=""
for k in 1 2 3; do
    case $case_name in
        without|given-missing|low-without)
            { measured; cat bench/tests/fixtures/determinism_levels_without_cccl.tsv; } > "$tmp/run$k.tsv" ;;
        given)
            { measured cccl glass
              # determinism_levels' rows without a floor, measured too
              sed -n 's/^\([^\t]*\)\tskipped.*/\1/p' bench/tests/fixtures/determinism_levels_without_cccl.tsv |
                  while read -r name; do awk -v n="$name" '$1 == n { f = 1 } END { exit !f }' "$floors" ||
                      printf '%s\t1.2000\t1.000\t1.200\tfabricated: no floor\n' "$name"; done
            } > "$tmp/run$k.tsv" ;;
        *) echo "error: unknown case '$case_name'"; exit 2 ;;
    esac
done
case $case_name in
    given-missing|given) have="cccl glass" ;;
    low-without) sed -i 's/^\(ch03\.device_reduce_float_vs_cub\.2^28\)\t[^\t]*\t[^\t]*\t[^\t]*/\1\t0.5000\t1.000\t0.5000/' \
                     "$tmp/run1.tsv" "$tmp/run2.tsv" "$tmp/run3.tsv" ;;
esac
python3 tools/bench_summary.py --floors "$floors" --chapters "$chapters" --have "$have" --out "$tmp/SUMMARY.md" \
    --command "test $case_name" "$tmp/run1.tsv" "$tmp/run2.tsv" "$tmp/run3.tsv" > "$tmp/stdout" 2>&1
status=$?
sed -n '/^[0-9]* ratios:/,$p' "$tmp/stdout"
fail() { echo "FAIL: $*"; exit 1; }
[ -s "$tmp/SUMMARY.md" ] || fail "no SUMMARY.md written"
total=$(grep -cE '^[a-z][a-z0-9_]*\.[^[:space:]]+[[:space:]]+[0-9.]+' "$floors")
cccl=$(grep -c 'needs=cccl' "$floors"); glass=$(grep -c 'needs=glass' "$floors")
[ "$cccl" -gt 0 ] && [ "$glass" -gt 0 ] || fail "bench/floors.list has no floor that needs cccl or glass"
case $case_name in
    without)
        [ "$status" -eq 0 ] || fail "exit $status without the trees, expected 0"
        grep -qF "0 problems; $((total - cccl - glass)) of $total floors checked" "$tmp/SUMMARY.md" ||
            fail "SUMMARY.md does not say $((total - cccl - glass)) of $total floors checked, 0 problems"
        grep -qF -- "- cccl, $cccl floors (" "$tmp/SUMMARY.md" && grep -qF 'make bench CCCL_DIR=path/to/cccl' "$tmp/SUMMARY.md" ||
            fail "SUMMARY.md does not list the cccl floors and how to give CCCL"
        grep -qF -- "- glass, $glass floors (" "$tmp/SUMMARY.md" && grep -qF 'make bench GLASS_DIR=path/to/GLASS' "$tmp/SUMMARY.md" ||
            fail "SUMMARY.md does not list the glass floors and how to give GLASS"
        grep -qF '| reduced_ops.serial_vs_glass.geomean | - | - | - | 1.140 (needs glass) | skipped: not measured, needs glass |' \
            "$tmp/SUMMARY.md" || fail "the GLASS row is not reported as skipped" ;;
    given-missing)
        [ "$status" -eq 1 ] || fail "exit $status with the trees given but unmeasured, expected 1"
        grep -qF "$((cccl + glass)) problems" "$tmp/SUMMARY.md" || fail "not one problem per floor that needs a tree"
        grep -qF 'reduced_ops.serial_vs_glass.geomean: not measured, although this build was given glass' "$tmp/SUMMARY.md" ||
            fail "the unmeasured GLASS floor is not named"
        grep -qF 'canonical.reduce_l16_vs_cub_gpu_to_gpu.2^28: skipped (needs CCCL >= 3.1 (make CCCL_DIR=...)) although this build was given cccl' \
            "$tmp/SUMMARY.md" || fail "the skipped CCCL floor is not named" ;;
    given)
        [ "$status" -eq 0 ] || fail "exit $status with everything measured, expected 0"
        grep -qF "0 skipped, 0 problems; $total of $total floors checked" "$tmp/SUMMARY.md" ||
            fail "SUMMARY.md does not say that all $total floors were checked" ;;
    low-without)
        [ "$status" -eq 1 ] || fail "exit $status with a floor missed, expected 1"
        grep -qF 'ch03.device_reduce_float_vs_cub.2^28: median 0.500 below its floor 0.930' "$tmp/SUMMARY.md" ||
            fail "the missed floor is not named" ;;
esac
echo "ok: $case_name"
