#!/bin/sh
# cpu_threads_sweep.sh - canonical_reduce --threads T --hex against the
# library's --hex (no --threads), for T = 1, 2, 3, 8, L = 1, 16, 128 and
# N = 1, 2, L-1, L, L+1, 2^k-1, 2^k+1, 10^6, with and without init.
# Exit 1 at the first difference, and if nothing was compared.
prog=${BUILD:-build}/canonical_scan/canonical_reduce
compared=0
for lanes in 1 16 128; do
    for n in 1 2 $((lanes - 1)) $lanes $((lanes + 1)) 1023 1025 65535 65537 100003 1000000; do
        [ "$n" -ge 1 ] || continue
        for init in "" "--init 0.5"; do
            # shellcheck disable=SC2086
            want=$($prog --on cpu --n $n --lanes $lanes $init --hostile --hex 2>/dev/null) || { echo "FAIL: library run, N = $n, L = $lanes"; exit 1; }
            for t in 1 2 3 8; do
                # shellcheck disable=SC2086
                got=$($prog --on cpu --n $n --lanes $lanes $init --hostile --threads $t --hex 2>/dev/null)
                if [ "$got" != "$want" ]; then
                    echo "FAIL: N = $n, L = $lanes, T = $t $init: $got instead of $want"
                    exit 1
                fi
                compared=$((compared + 1))
            done
        done
    done
done
[ "$compared" -gt 0 ] || { echo "FAIL: nothing compared"; exit 1; }
echo "ok: $compared runs of --threads T gave the library's bits"
