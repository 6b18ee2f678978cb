#!/bin/sh
# check_every_program_cli.sh - every built program answers --help with exit 0,
# lists the options every program has (--n, --seed, --quiet) in it, and
# answers garbage (`--n notanumber`, an unknown option) with `error: ...`,
# exit 2.
failed=0; count=0
build=${BUILD:-build}
for prog in $(find $build -path $build/obj -prune -o -path $build/tests -prune -o -path $build/book -prune \
                  -o -type f -perm -u+x -print | sort); do
    count=$((count + 1))
    help=$("$prog" --help 2>&1); s=$?
    [ $s -eq 0 ] || { echo "FAIL: $prog --help exits $s"; failed=1; }
    for option in --n --seed --quiet; do
        printf '%s\n' "$help" | grep -qE "^ +$option( |\$)" || { echo "FAIL: $prog --help lists no $option"; failed=1; }
    done
    for args in "--n notanumber" "--no-such-option"; do
        out=$("$prog" $args 2>&1); s=$?
        if [ $s -ne 2 ] || ! printf '%s\n' "$out" | grep -q '^error: '; then
            echo "FAIL: $prog $args: exit $s, output: $out"; failed=1
        fi
    done
done
echo "$count programs checked"
[ "$count" -gt 0 ] && [ $failed -eq 0 ]
