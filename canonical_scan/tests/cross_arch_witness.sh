#!/bin/sh
# cross_arch_witness.sh [--record | --recorded] - the canonical CPU library on
# five architectures: x86-64, AArch64, ppc64el, s390x (big-endian) and
# riscv64. Each is built by its Debian cross compiler (gcc-<triple>, with
# the same flags as the host build: -std=c11 -O2 -ffp-contract=off, no
# -march, so each architecture's baseline instruction set) and linked
# statically, then run under qemu-user (natively on the host's own
# architecture). Every architecture must print the same bits for
#   - the reduce at L = 16 and L = 128 and the FNV-1a 64 hash of the whole
#     scan of every policy (left_fold, iterated_pairwise, block_dyadic<16>,
#     block_dyadic<256>), on 2^20 P4016 doubles, and
#   - every golden value of the CPU tests (canonical_scan/tests/golden/):
#     the reduce at other sizes, lane counts, threads and hostile data, the
#     scans with init and exclusive, the published witness.
# The table is compared with the recorded one, canonical_scan/results/
# cross_arch_witness.txt (the compilers' versions may differ; the bits may not).
#   (no option)  build, run, print the table, check it against the record
#   --record     the same, then write the record (when every check passed)
#   --recorded   print the record and check that this machine's own build
#                ($BUILD/canonical_scan/..., build/ by default) gives its bits: quick, no cross tools
# Exit 0: confirmed; 1: a difference; 77: the cross tools are missing
# (apt-get install qemu-user-static gcc-aarch64-linux-gnu libc6-dev-arm64-cross ...).
set -u
record=canonical_scan/results/cross_arch_witness.txt
mode=${1:-check}
case $mode in check|--record|--recorded) ;; *)
    echo "error: expects no option, --record or --recorded, got '$mode'" >&2; exit 2 ;;
esac
n='2^20'
tmp=$(mktemp -d "${TMPDIR:-/tmp}/cross_arch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# values DIR: the six values of the build whose programs are in DIR (run by
# $RUN, the emulator, or directly), one "name bits" line each, in a fixed order
values() {
    for lanes in 16 128; do
        printf 'reduce_l%s %s\n' "$lanes" \
            "$($RUN "$1"/canonical_reduce --on cpu --n "$n" --lanes "$lanes" --hex 2>/dev/null)"
    done
    for policy in left_fold iterated_pairwise 'block_dyadic 16' 'block_dyadic 256'; do
        # shellcheck disable=SC2086 # a policy and its block: two words
        set -- "$1" $policy
        label=$2${3:+<$3>}
        printf 'scan_%s %s\n' "$label" "$($RUN "$1"/canonical_scan --on cpu --policy "$2" ${3:+--block "$3"} --n "$n" \
            --summary 2>/dev/null | sed -n 's/.*fnv1a=\(0x[0-9a-f]*\).*/\1/p')"
    done
}

# goldens DIR NAME: the golden files of the CPU tests, each with the command
# that must print it; prints "K of M" (K reproduced), lists the others in NAME.fail
goldens() {
    g=canonical_scan/tests/golden
    ok=0; all=0; : > "$tmp/$2.fail"
    while read -r file prog args; do
        [ -n "$file" ] || continue
        all=$((all + 1))
        # shellcheck disable=SC2086 # ARGS is a list of words
        if $RUN "$1/$prog" $args > "$tmp/$2.out" 2>/dev/null && cmp -s "$g/$file" "$tmp/$2.out"; then
            ok=$((ok + 1))
        else
            echo "$file ($prog $args)" >> "$tmp/$2.fail"
        fi
    done <<EOF
reduce_l16.hex                           canonical_reduce --on cpu --n 1000000 --lanes 16 --hex
reduce_l128.hex                          canonical_reduce --on cpu --n 1000000 --lanes 128 --hex
reduce_l16.hex                           canonical_reduce --on cpu --n 1000000 --lanes 16 --threads 3 --hex
reduce_witness_l1.hex                    canonical_reduce --on cpu --n 2^20 --lanes 1 --hex
reduce_hostile_l7_init.hex               canonical_reduce --on cpu --n 100003 --lanes 7 --hostile --init 0.5 --hex
scan_block_dyadic_256.txt                canonical_scan --on cpu --policy block_dyadic --block 256 --n 2^20 --summary
scan_iterated_pairwise.txt               canonical_scan --on cpu --policy iterated_pairwise --n 2^20 --summary
scan_left_fold_100003.txt                canonical_scan --on cpu --policy left_fold --n 100003 --summary
scan_block_dyadic_1000_excl.txt          canonical_scan --on cpu --policy block_dyadic --block 1000 --n 2^20 --exclusive --summary
scan_block_dyadic_16_hostile_excl_init.txt canonical_scan --on cpu --policy block_dyadic --block 16 --n 100003 --hostile --init 0.5 --exclusive --summary
scan_iterated_pairwise_hostile_init.txt  canonical_scan --on cpu --policy iterated_pairwise --n 99991 --hostile --init -2 --summary
witness_cpu.txt                          witness --on cpu
EOF
    echo "$ok of $all"
}

digest() { sha256sum | cut -c1-16; }

# key FILE: what must not change: the values, and per architecture its byte
# order, digest and golden count (not the compiler's or the emulator's version)
key() {
    awk '$1 ~ /^(reduce|scan)_/ && NF == 2 { print }
         $1 ~ /^(x86-64|aarch64|ppc64el|s390x|riscv64)$/ && NF >= 9 { print $1, $2, $(NF - 4), $(NF - 3), $(NF - 2), $(NF - 1) }
         /^self-check:/ { print }' "$1"
}

if [ "$mode" = --recorded ]; then
    [ -f "$record" ] || { echo "error: no record $record (run: sh $0 --record)"; exit 1; }
    cat "$record"
    progs=${BUILD:-build}/canonical_scan
    for p in canonical_reduce canonical_scan witness; do
        [ -x "$progs/$p" ] || { echo "error: $progs/$p is not built (make)"; exit 1; }
    done
    RUN=""
    values "$progs" > "$tmp/here"
    here_digest=$(digest < "$tmp/here")
    rows=$(awk '$1 ~ /^(x86-64|aarch64|ppc64el|s390x|riscv64)$/' "$record" | wc -l)
    same=$(awk -v d="$here_digest" '$1 ~ /^(x86-64|aarch64|ppc64el|s390x|riscv64)$/ && $(NF - 4) == d' "$record" | wc -l)
    ok=1
    [ "$rows" -eq 5 ] && [ "$same" -eq 5 ] || ok=0
    awk '$1 ~ /^(reduce|scan)_/ && NF == 2 { print $1, $2 }' "$record" | cmp -s - "$tmp/here" || ok=0
    grep -q '^self-check: .*: confirmed$' "$record" || ok=0
    echo "self-check: this machine's build gives the recorded bits (digest $here_digest): $([ $ok = 1 ] && echo confirmed || echo MISMATCH)"
    [ $ok = 1 ]; exit
fi

# --- the five builds -----------------------------------------------------------
# name, byte order, `uname -m`, Debian triple, qemu's name for it
arches="x86-64:little:x86_64:x86_64-linux-gnu:x86_64
aarch64:little:aarch64:aarch64-linux-gnu:aarch64
ppc64el:little:ppc64le:powerpc64le-linux-gnu:ppc64le
s390x:big:s390x:s390x-linux-gnu:s390x
riscv64:little:riscv64:riscv64-linux-gnu:riscv64"
host=$(uname -m)
missing=""
for a in $arches; do
    IFS=: read -r name order machine triple qemu <<EOF
$a
EOF
    command -v "$triple-gcc" >/dev/null 2>&1 || missing="$missing $triple-gcc"
    if [ "$machine" != "$host" ] && ! command -v "qemu-$qemu-static" >/dev/null 2>&1 &&
        ! command -v "qemu-$qemu" >/dev/null 2>&1; then
        missing="$missing qemu-$qemu"
    fi
done
if [ -n "$missing" ]; then
    echo "skipped: the cross tools are missing:$missing"
    echo "  (Debian: apt-get install qemu-user-static gcc-aarch64-linux-gnu gcc-powerpc64le-linux-gnu" \
         "gcc-s390x-linux-gnu gcc-riscv64-linux-gnu libc6-dev-arm64-cross libc6-dev-ppc64el-cross" \
         "libc6-dev-s390x-cross libc6-dev-riscv64-cross)"
    exit 77
fi

jobs=$(nproc 2>/dev/null || echo 2)
progs="canonical_scan/canonical_reduce canonical_scan/canonical_scan canonical_scan/witness"
for a in $arches; do
    IFS=: read -r name order machine triple qemu <<EOF
$a
EOF
    b=build-cross/$name
    # the host build's flags (the Makefile's CFLAGS), the cross compiler, no
    # CUDA (gpu/no_cuda.c stands in for the kernels), a static link
    # shellcheck disable=SC2046 # one word per program
    make -s --no-print-directory -j"$jobs" NVCC= CC="$triple-gcc" AR="$triple-ar" BUILD="$b" \
        LDLIBS='-static -lm' $(for p in $progs; do echo "$b/$p"; done) > "$tmp/$name.build" 2>&1 ||
        { cat "$tmp/$name.build"; echo "FAIL: the $name build failed"; exit 1; }
done

# the runs, one architecture per background job
for a in $arches; do
    IFS=: read -r name order machine triple qemu <<EOF
$a
EOF
    (
        RUN=""
        if [ "$machine" != "$host" ]; then
            RUN=$(command -v "qemu-$qemu-static" || command -v "qemu-$qemu")
        fi
        values "build-cross/$name/canonical_scan" > "$tmp/$name.values"
        goldens "build-cross/$name/canonical_scan" "$name" > "$tmp/$name.goldens"
    ) &
done
wait

first=""; same=1; all_goldens=1
for a in $arches; do
    name=${a%%:*}
    [ -n "$first" ] || first=$name
    cmp -s "$tmp/$first.values" "$tmp/$name.values" || same=0
    # a value that is missing (a run that failed) is no value
    awk 'NF != 2 || length($2) != 18 || $2 !~ /^0x[0-9a-f]*$/ { bad = 1 } END { exit bad }' "$tmp/$name.values" || same=0
    [ -s "$tmp/$name.fail" ] && all_goldens=0
done

qemu_version=$("$(command -v qemu-aarch64-static || command -v qemu-aarch64)" --version | sed -n '1s/.*version \([0-9.]*\).*/\1/p')
{
    echo "N = $n P4016 doubles, seed 0x243f6a8885a308d3; every build: -std=c11 -O2 -ffp-contract=off -static (the threaded reduce: -O3)"
    echo
    printf '%-28s %s\n' "value" "bits on $first$([ $same = 1 ] && echo ' and on every other architecture')"
    awk '{ printf "%-28s %s\n", $1, $2 }' "$tmp/$first.values"
    echo
    printf '%-12s %-6s %-11s %-12s %-16s %-13s %s\n' architecture order compiler "runs on" digest "golden values" \
        "target (the compiler's default)"
    for a in $arches; do
        IFS=: read -r name order machine triple qemu <<EOF
$a
EOF
        cc=$triple-gcc
        target=$("$cc" -Q --help=target 2>/dev/null | awk '$1 == "-march=" && NF == 2 { print "-march=" $2; exit }')
        if [ -z "$target" ]; then # ppc64el: -mcpu, default from the highest _ARCH_PWRn
            target=-mcpu=power$(echo | "$cc" -dM -E - | sed -n 's/^#define _ARCH_PWR\([0-9]*\) 1$/\1/p' | sort -n | tail -n 1)
        fi
        if [ "$machine" = "$host" ]; then runs="this CPU"; else runs="qemu $qemu_version"; fi
        printf '%-12s %-6s %-11s %-12s %-16s %-13s %s\n' "$name" "$order" "gcc $("$cc" -dumpfullversion)" "$runs" \
            "$(digest < "$tmp/$name.values")" "$(cat "$tmp/$name.goldens")" "$target"
    done
    echo
    echo "digest: the first 16 hex digits of the SHA-256 of the six values (a 'name bits' line each)"
    ok=$([ $same = 1 ] && [ $all_goldens = 1 ] && echo confirmed || echo MISMATCH)
    echo "self-check: five architectures, one set of bits, every golden value reproduced: $ok"
} > "$tmp/table"
cat "$tmp/table"
for a in $arches; do
    name=${a%%:*}
    if ! cmp -s "$tmp/$first.values" "$tmp/$name.values"; then
        echo "$name gives:"; sed 's/^/    /' "$tmp/$name.values"
    fi
    [ -s "$tmp/$name.fail" ] && { echo "$name does not reproduce:"; sed 's/^/    /' "$tmp/$name.fail"; }
done
[ $same = 1 ] && [ $all_goldens = 1 ] || exit 1

if [ "$mode" = --record ]; then
    { echo "# $(date -u +%Y-%m-%d), Debian $(cat /etc/debian_version 2>/dev/null || echo '?') cross compilers," \
           "host $host: sh canonical_scan/tests/cross_arch_witness.sh --record"; cat "$tmp/table"; } > "$record"
    echo "recorded: $record"
    exit 0
fi
[ -f "$record" ] || { echo "FAIL: no record $record to compare with (sh $0 --record)"; exit 1; }
key "$tmp/table" > "$tmp/table.key"
if key "$record" | cmp -s - "$tmp/table.key"; then
    echo "self-check: the bits of the record $record: confirmed"
else
    echo "self-check: the bits of the record $record: MISMATCH"
    key "$record" | diff - "$tmp/table.key" | sed 's/^/    /'
    exit 1
fi
