#!/bin/sh
# answers_on_emulator.sh - the answers that quote the CPU emulator for an
# edited kernel (book/90_answers.md) quote what the emulator reports now.
#
# For each exercise below: a scratch copy of the tracked sources and of the
# build's objects, the exercise's edit applied there (each piece of text to
# replace must occur exactly once, or the test fails), the one program rebuilt
# with make, run with --on emu, and the lines the answer quotes looked for in
# what it prints (stdout and stderr), each as a whole line.
#
# The answer is the one place that holds the quote: the answer's output block
# without a name, a fenced block opened by ```{.output}. Its first line is the
# command, `# $ build/CHAPTER/PROGRAM ARGS...`; this test runs that command,
# and every line after it must be a line of the output. A change to the
# answer's lines or to its command is therefore checked as soon as it is made,
# and an emulator or kernel that reports something else fails the test. The
# edits stay here, since the answer describes them in words.
#
# Every copied source gets one old time, older than the copied objects, so
# make rebuilds only what the edit touches; the test fails if make compiles a
# source whose dependency file does not name an edited file.
set -u
BUILD=${BUILD:-build}
answers=book/90_answers.md
for tool in make python3; do
    command -v "$tool" > /dev/null 2>&1 || { echo "skipped: $tool not found"; exit 77; }
done
[ -f "$answers" ] || { echo "FAIL: run from the repository root ($answers not found)"; exit 1; }
[ -d "$BUILD/obj" ] || { echo "FAIL: $BUILD/obj not found: build first (make)"; exit 1; }
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$tmp"' EXIT
begun=$(date +%s)

# The pristine copy: the tracked sources at one old time, then the build's
# objects, libraries and dependency files with their own times. A build made
# without nvcc is rebuilt without it (make NVCC=).
tree=$tmp/tree
mkdir -p "$tree/build/common" || fail "mkdir"
if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    git ls-files | tar -cf - -T - | tar -C "$tree" -xf - || fail "cannot copy the tracked sources"
else # a copy of the tree without git (CI's clang build): every file but the build folders
    find . \( -path "./$BUILD" -o -path ./build -o -path './build-*' -o -path ./.git \) -prune -o -type f -print |
        tar -cf - -T - | tar -C "$tree" -xf - || fail "cannot copy the sources"
fi
find "$tree" -type f -exec touch -t 200001010000 {} + || fail "touch"
cp -R -p "$BUILD/obj" "$tree/build/obj" || fail "cannot copy $BUILD/obj"
cp -p "$BUILD"/common/*.a "$tree/build/common/" || fail "cannot copy $BUILD/common's libraries"
if [ "$BUILD" != build ]; then # the dependency files name their objects under $BUILD
    find "$tree/build/obj" -name '*.d' -exec sh -c 'b=$1; shift; for d; do
        sed "s|^$b/obj/|build/obj/|" "$d" > "$d.new" && mv "$d.new" "$d" || exit 1; done' sh "$BUILD" {} + \
        || fail "cannot rename the objects of the dependency files"
fi
nvcc_arg=""
[ -f "$BUILD/obj/common/gpu/gpu.cu.o" ] || nvcc_arg=NVCC=

# start ID CHAPTER/PROGRAM: a fresh copy for exercise ID, which rebuilds PROGRAM
start() {
    id=$1; program=$2; edited=""
    work=$tmp/ex-$id
    rm -rf "$work"
    cp -R -p "$tree" "$work" || fail "$id: cannot copy the tree"
    mkdir -p "$work/build/$(dirname "$program")"
}

# edit FILE OLD NEW: in the copy, OLD (exactly once in FILE) becomes NEW
edit() {
    python3 tools/replace_once.py "$work/$1" "$2" "$3" || fail "$id: the edit of $1 cannot be made"
    edited="$edited $1"
}

# the lines of answer ID's output block without a name (the first: the command)
quote() {
    awk -v id="$1" '
        fence && /^```/ { fence = 0; take = 0; next }
        fence { if (take) print; next }
        /^```/ { fence = 1; take = inside && $0 == "```{.output}"; blocks += take; next }
        /^#+ / { inside = index($0, "{#ans-" id "}") > 0 }
        END { if (blocks != 1) { print "answer " id " has " blocks + 0 " output blocks without a name, expected 1" > "/dev/stderr"; exit 1 } }
    ' "$answers"
}

# check: build the program in the copy, run the answer's command, find its lines
check() {
    t0=$(date +%s)
    quote "$id" > "$work/quote" || fail "$id: no quote in $answers"
    cmd=$(head -n 1 "$work/quote")
    case $cmd in
    "# \$ build/$program "* | "# \$ build/$program") ;;
    *) fail "$id: the answer's block must start with '# \$ build/$program ...', not '$cmd'" ;;
    esac
    args=${cmd#"# \$ build/$program"}
    (cd "$work" && make -j2 BUILD=build $nvcc_arg "build/$program") > "$work/make.log" 2>&1 \
        || { tail -n 20 "$work/make.log"; fail "$id: make build/$program"; }
    # what make compiled: each source must depend on an edited file
    rebuilt=$(awk '{ for (i = 1; i < NF; i++) if ($i == "-c") { printf "%s%s", sep, $(i + 1); sep = " " } }' "$work/make.log")
    [ -n "$rebuilt" ] || fail "$id: make compiled nothing: the edit of$edited did not reach build/$program"
    for src in $rebuilt; do
        found=0
        for e in $edited; do grep -qF "$e" "$work/build/obj/$src.d" && found=1; done
        [ $found = 1 ] || fail "$id: make rebuilt $src, which does not depend on$edited (the copy's times are wrong)"
    done
    set -f
    # shellcheck disable=SC2086 # the answer's arguments, one word each
    (cd "$work" && "build/$program" $args) > "$work/out" 2>&1
    status=$?
    set +f
    sed 1d "$work/quote" > "$work/lines"
    [ -s "$work/lines" ] || fail "$id: the answer's block quotes no line"
    missing=0
    while IFS= read -r line; do
        grep -qxF -- "$line" "$work/out" || { echo "  not printed: $line"; missing=$((missing + 1)); }
    done < "$work/lines"
    if [ $missing -gt 0 ] || [ $status -ne 1 ]; then
        echo "  build/$program$args (edited:$edited) exited $status and printed:"
        sed 's/^/    /' "$work/out"
        fail "$id: the emulator's report differs from the answer's quote ($missing lines not printed; exit 1 expected)"
    fi
    echo "ok: $id: build/$program$args, $(wc -l < "$work/lines") lines as the answer quotes them, exit 1;" \
        "make rebuilt only $rebuilt ($(($(date +%s) - t0)) s)"
    rm -rf "$work"
    checked=$((checked + 1))
}
checked=0

# 1.2: the guard i <= n lets one thread past the end
start 1.2 ch01_cuda_basics/hello_threads
edit ch01_cuda_basics/gpu/hello_threads.cu "    if (i < n) {" "    if (i <= n) {"
check

# 1.3: the barrier before each level of the block tree deleted
start 1.3 ch01_cuda_basics/block_shared_sum
edit ch01_cuda_basics/gpu/block_shared_sum.cu "        __syncthreads(); /* the level before is written, by every thread */
" ""
check

# 1.4: the full mask in the shuffle of a warp whose last lanes have returned
start 1.4 ch01_cuda_basics/warp_primitives
edit ch01_cuda_basics/gpu/warp_primitives.cu "__shfl_down_sync(mask, v, offset)" "__shfl_down_sync(FULL_WARP, v, offset)"
check

# 1.5: a plain increment in place of atomicAdd in the global histogram
start 1.5 ch01_cuda_basics/atomics_histogram
edit ch01_cuda_basics/gpu/atomics_histogram.cu "        atomicAdd(&counts[v[i]], 1u);" "        counts[v[i]]++;"
check

# 3.4: the barrier moved from before each level to after it
start 3.4 ch03_work_span/block_trace
edit ch03_work_span/gpu/block_trace.cu "        if (level == 0 || !missing_barrier) { /* same choice in every thread */
            __syncthreads();
            if (t == 0)
                trace->barriers[level] += 1;
        }
" ""
edit ch03_work_span/gpu/block_trace.cu "        src ^= 1;
    }
" "        src ^= 1;
        if (level == 0 || !missing_barrier) { /* same choice in every thread */
            __syncthreads();
            if (t == 0)
                trace->barriers[level] += 1;
        }
    }
"
check

# 20.3: the return of a trailing partial warp deleted
start 20.3 reduced_ops/thread_count_invariance
edit reduced_ops/gpu/mappings.cuh "    if (warp >= warps)
        return; /* a trailing partial warp idles: it could not join a full-mask shuffle */
" ""
check

# An output block without a name is shown like any output: each must be one this test checks.
others=$(grep -l -x '```{.output}' book/*.md | grep -v -x "$answers")
[ -z "$others" ] || fail "output blocks without a name outside $answers, which no test checks: $others"
total=$(grep -c -x '```{.output}' "$answers")
[ "$total" -eq "$checked" ] || fail "$answers has $total output blocks without a name; this test checks $checked"
echo "ok: $checked answers quote what the emulator reports for their edited kernels ($(($(date +%s) - begun)) s)"
