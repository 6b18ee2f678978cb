#!/bin/sh
# expect_exit.sh CODE [TEXT] -- COMMAND...
# Passes when COMMAND exits with CODE and (if TEXT is given) its stderr or
# stdout contains TEXT. Used for bad input ("must fail, and say why") and for
# traps the self-check must catch (`expect_exit.sh 1 MISMATCH -- ...`).
# An exit of 77 (no GPU) is passed through unless 77 is what is expected.
code=$1; shift
text=""
if [ "$1" != "--" ]; then text=$1; shift; fi
[ "$1" = "--" ] && shift
output=$("$@" 2>&1)
status=$?
printf '%s\n' "$output" | tail -n 8
if [ "$status" -eq 77 ] && [ "$code" -ne 77 ]; then echo "skipped: no CUDA device"; exit 77; fi
if [ "$status" -ne "$code" ]; then
    echo "FAIL: expected exit $code, got $status: $*"; exit 1
fi
if [ -n "$text" ] && ! printf '%s\n' "$output" | grep -qF -- "$text"; then
    echo "FAIL: output lacks '$text': $*"; exit 1
fi
echo "ok: exit $code${text:+ with '$text'}"
