#!/bin/sh
# emu_as_gpu.sh GPU_OUTPUT -- COMMAND...
# Passes when COMMAND (a program run with --on emu) exits 0 and prints what
# the GPU printed in GPU_OUTPUT (a recording of book/outputs/ or a golden),
# byte for byte, once the words that name the device are set aside: the
# "GPU: ..." or "emulator: ..." line, "GPU"/"emu" before a scope, and
# "GPU"/"emulated"/"emulator" at the head of a verdict or a column. Every
# number, hash and verdict must be the same: the emulator runs the kernels'
# own source and must reach the GPU's bits.
recording=$1; shift
[ "$1" = "--" ] && shift
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
device_words() {
    grep -v '^# recorded on ' "$1" | sed \
        -e 's/^GPU: .*$/DEVICE/' -e "s/^emulator: the kernels' own source on the CPU .*\$/DEVICE/" \
        -e 's/ \(GPU\|emu\) \(block\|warp\|tile\) scope/ DEV \2 scope/' \
        -e 's/\(GPU\|emulator\) bit-identical/DEV bit-identical/' \
        -e 's/^self-check: \(GPU\|emulated\) /self-check: DEV /' \
        -e "s/every cell's \\(GPU\\|emulated\\) result/every cell's DEV result/"
}
"$@" > "$dir/emu"
status=$?
if [ "$status" -ne 0 ]; then echo "FAIL: exit $status: $*"; exit 1; fi
device_words "$recording" > "$dir/want"
device_words "$dir/emu" > "$dir/got"
if ! cmp -s "$dir/want" "$dir/got"; then
    echo "FAIL: the emulator's output is not the GPU's ($recording): $*"
    diff -u "$dir/want" "$dir/got" | head -n 20
    exit 1
fi
[ -s "$dir/got" ] || { echo "FAIL: nothing to compare: $*"; exit 1; }
echo "ok: the emulator prints what the GPU printed ($recording), device words aside"
