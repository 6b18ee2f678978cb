#!/bin/sh
# expect_exit.sh CODE [TEXT] -- COMMAND...
# Passes when COMMAND exits with CODE and (if TEXT is given) its stderr or
# stdout contains TEXT. Used by tests of bad input: "must fail, and say why".
code=$1; shift
text=""
if [ "$1" != "--" ]; then text=$1; shift; fi
[ "$1" = "--" ] && shift
output=$("$@" 2>&1)
status=$?
printf '%s\n' "$output" | tail -n 5
if [ "$status" -ne "$code" ]; then
    echo "FAIL: expected exit $code, got $status: $*"; exit 1
fi
if [ -n "$text" ] && ! printf '%s\n' "$output" | grep -qF -- "$text"; then
    echo "FAIL: output lacks '$text': $*"; exit 1
fi
echo "ok: exit $code${text:+ with '$text'}"
