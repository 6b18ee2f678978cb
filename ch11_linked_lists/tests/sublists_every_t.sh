#!/bin/sh
# sublists_every_t.sh - list_rank --algo sublists prints, for every thread
# count T in 1 2 3 7 16, exactly the walk's ranks (--print), on random lists
# of 1, 2, 3 nodes and of sizes no T divides, with the default spacing and
# with one splitter per node. Fails unless every one of the runs happened.
prog=${BUILD:-build}/ch11_linked_lists/list_rank
runs=0
for n in 1 2 3 5 17 1000 65537 100003; do
    walk=$("$prog" --random "$n" --seed "$n" --on cpu --algo wyllie --print 2>/dev/null) ||
        { echo "FAIL: walk on $n nodes"; exit 1; }
    for t in 1 2 3 7 16; do
        for spacing in default 1; do
            opt=""; [ "$spacing" = 1 ] && opt="--sublist 1"
            got=$("$prog" --random "$n" --seed "$n" --on cpu --algo sublists --threads "$t" $opt --print 2>/dev/null) ||
                { echo "FAIL: exit $? for n=$n T=$t spacing=$spacing"; exit 1; }
            [ "$got" = "$walk" ] || { echo "FAIL: n=$n T=$t spacing=$spacing: ranks differ from the walk"; exit 1; }
            runs=$((runs + 1))
        done
    done
done
[ "$runs" -eq 80 ] || { echo "FAIL: $runs runs, expected 80"; exit 1; }
echo "ok: $runs runs, every --print equal to the walk's"
