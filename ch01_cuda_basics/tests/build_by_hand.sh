#!/bin/sh
# build_by_hand.sh - section 1.0: builds first_kernel.cu with the nvcc line
# the book shows, checks what that line puts in the executable (SASS for
# sm_90 and PTX for compute_90, as nvcc's own plan of the build says), and
# runs the program where there is a GPU that can run it. Run from the
# repository root. Exit 77 without nvcc.
set -u
command -v nvcc >/dev/null 2>&1 || PATH=$PATH:/usr/local/cuda/bin
command -v nvcc >/dev/null 2>&1 || { echo "skipped: nvcc not found"; exit 77; }
mkdir -p build/ch01_cuda_basics
# [listing nvcc-by-hand]
nvcc -arch=sm_90 -O3 -lineinfo -o build/ch01_cuda_basics/first_kernel ch01_cuda_basics/first_kernel.cu
# [end]
[ $? -eq 0 ] || { echo "FAIL: nvcc could not build first_kernel.cu"; exit 1; }

# --dryrun prints the steps nvcc would take, without taking them: the
# fatbinary step names each image it packs (kind=elf: SASS; kind=ptx: PTX).
images() { nvcc --dryrun "$@" -o /dev/null ch01_cuda_basics/first_kernel.cu 2>&1 | grep -o 'image3=kind=[a-z]*,sm=[0-9]*' | grep -v dlink | sort -u | tr '\n' ' '; }
both=$(images -arch=sm_90)
sass_only=$(images -gencode arch=compute_90,code=sm_90)
echo "-arch=sm_90 packs: $both"
echo "-gencode arch=compute_90,code=sm_90 packs: $sass_only"
[ "$both" = "image3=kind=elf,sm=90 image3=kind=ptx,sm=90 " ] || { echo "FAIL: -arch=sm_90 should pack SASS and PTX for 90"; exit 1; }
[ "$sass_only" = "image3=kind=elf,sm=90 " ] || { echo "FAIL: code=sm_90 alone should pack SASS only"; exit 1; }

# The program answers --help and rejects bad input without a GPU.
build/ch01_cuda_basics/first_kernel --help > /dev/null || { echo "FAIL: --help"; exit 1; }
build/ch01_cuda_basics/first_kernel --n 0 2> /dev/null
[ $? -eq 2 ] || { echo "FAIL: --n 0 should be bad input (exit 2)"; exit 1; }

# The run needs a GPU of compute capability 9.0 or newer (newer ones
# compile the PTX when the program loads).
cc=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n 1 | tr -d '.[:space:]')
if [ -z "$cc" ]; then
    echo "built and checked; no GPU here, so first_kernel was not run"; exit 0
elif [ "$cc" -lt 90 ]; then
    echo "built and checked; this GPU (sm_$cc) is older than sm_90, so first_kernel was not run"; exit 0
fi
build/ch01_cuda_basics/first_kernel
