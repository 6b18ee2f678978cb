#!/bin/sh
# check_every_program_cli.sh - every built program answers --help with exit 0
# and garbage (`--n notanumber`, an unknown option) with `error: ...`, exit 2.
failed=0; count=0
for prog in $(find build -path build/obj -prune -o -path build/tests -prune -o -path build/book -prune \
                  -o -type f -perm -u+x -print | sort); do
    count=$((count + 1))
    "$prog" --help > /dev/null 2>&1; s=$?
    [ $s -eq 0 ] || { echo "FAIL: $prog --help exits $s"; failed=1; }
    for args in "--n notanumber" "--no-such-option"; do
        out=$("$prog" $args 2>&1); s=$?
        if [ $s -ne 2 ] || ! printf '%s\n' "$out" | grep -q '^error: '; then
            echo "FAIL: $prog $args: exit $s, output: $out"; failed=1
        fi
    done
done
echo "$count programs checked"
[ "$count" -gt 0 ] && [ $failed -eq 0 ]
