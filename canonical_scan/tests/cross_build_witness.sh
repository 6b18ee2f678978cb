#!/bin/sh
# cross_build_witness.sh [N] - three code paths, one set of bits. The
# canonical results (the reduce for L = 16 and L = 128; the back element and
# the FNV-1a 64 of the whole scan for block_dyadic<256> and iterated_pairwise)
# from:
#   1. the CPU library (build/),
#   2. a GPU binary with sm_90 machine code (build-sass/, CUDA_ARCH=sm_90),
#   3. a GPU binary that holds only compute_80 PTX, which the driver compiles
#      for whatever GPU it finds when the program starts (build-ptx/,
#      CUDA_ARCH=compute_80).
# Different compilers of the same expression must agree bit for bit: the
# expression is fixed, and contraction is off on both sides. Needs a GPU
# (exit 77 without one). Default N = 2^28.
set -u
n=${1:-2^28}
nvidia-smi -L >/dev/null 2>&1 || { echo "skipped: no CUDA device"; exit 77; }
progs="canonical_scan/witness canonical_scan/canonical_reduce"
make -s --no-print-directory $(for p in $progs; do echo build/$p; done) || exit 1
make -s --no-print-directory CUDA_ARCH=sm_90 BUILD=build-sass $(for p in $progs; do echo build-sass/$p; done) || exit 1
make -s --no-print-directory CUDA_ARCH=compute_80 BUILD=build-ptx $(for p in $progs; do echo build-ptx/$p; done) || exit 1
if command -v cuobjdump >/dev/null 2>&1; then
    echo "build-ptx holds $(cuobjdump --list-elf build-ptx/canonical_scan/witness 2>/dev/null | grep -c sm_) machine-code images" \
         "and $(cuobjdump --list-ptx build-ptx/canonical_scan/witness 2>/dev/null | grep -c "^PTX file.*sm_80") compute_80 PTX image(s)"
fi
# one line per code path: reduce L=16, reduce L=128, then per scan policy: back element, FNV of the scan
results() { # BUILD ON
    r16=$("$1"/canonical_scan/canonical_reduce --on "$2" --n "$n" --lanes 16 --hex 2>/dev/null | head -c 18)
    r128=$("$1"/canonical_scan/canonical_reduce --on "$2" --n "$n" --lanes 128 --hex 2>/dev/null | head -c 18)
    scans=$("$1"/canonical_scan/witness --on "$2" --n "$n" 2>/dev/null |
            awk '$1 == "iterated_pairwise" || $1 == "block_dyadic<256>" { printf " %s %s", $5, $3 }')
    echo "$r16 $r128$scans"
}
printf '%-34s %s\n' "code path (N = $n)" "reduce L=16, reduce L=128, iterated_pairwise back + FNV, block_dyadic<256> back + FNV"
cpu=$(results build cpu);        printf '%-34s %s\n' "CPU library (gcc)" "$cpu"
sass=$(results build-sass gpu);  printf '%-34s %s\n' "GPU, sm_90 machine code" "$sass"
ptx=$(results build-ptx gpu);    printf '%-34s %s\n' "GPU, compute_80 PTX compiled at load" "$ptx"
case "$cpu" in *0x*0x*0x*0x*0x*0x*) ;; *) echo "self-check: every code path printed its six values: MISMATCH"; exit 1 ;; esac
if [ "$cpu" = "$sass" ] && [ "$cpu" = "$ptx" ]; then
    echo "self-check: three code paths, one set of bits: confirmed"
else
    echo "self-check: three code paths, one set of bits: MISMATCH"; exit 1
fi
