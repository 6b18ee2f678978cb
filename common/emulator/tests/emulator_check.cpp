/* emulator_check.cpp - the CPU emulator of CUDA kernels (common/emulator/)
 * checked on small kernels whose results are known, and on the mistakes it
 * must catch (--trap): each of those launches reports one line
 * "error: ..." and the program exits 1, instead of hanging as a GPU could. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "common.h"
#include "warp.h"

#include <stdio.h>
#include <string.h>

/* Each lane's value after one shuffle of v = lane * 10, for every kind. */
__global__ void shuffle_kinds(int *down, int *up, int *xr, int *idx, unsigned *ballot)
{
    const int lane = threadIdx.x % 32, v = lane * 10;
    down[threadIdx.x] = __shfl_down_sync(FULL_WARP, v, 3);
    up[threadIdx.x] = __shfl_up_sync(FULL_WARP, v, 5);
    xr[threadIdx.x] = __shfl_xor_sync(FULL_WARP, v, 6, 16);
    idx[threadIdx.x] = __shfl_sync(FULL_WARP, v, 7);
    ballot[threadIdx.x] = __ballot_sync(FULL_WARP, lane % 3 == 0);
}

static bool check_shuffles(void)
{
    int down[64], up[64], xr[64], idx[64];
    unsigned ballot[64], expect_ballot = 0;
    for (int l = 0; l < 32; l += 3)
        expect_ballot |= 1u << l;
    if (emu_launch(shuffle_kinds, dim3(1), dim3(64), down, up, xr, idx, ballot) != 0)
        return false;
    bool ok = true;
    for (int t = 0; t < 64; t++) {
        const int l = t % 32;
        ok &= down[t] == (l + 3 < 32 ? l + 3 : l) * 10;
        ok &= up[t] == (l >= 5 ? l - 5 : l) * 10;
        ok &= xr[t] == (l ^ 6) * 10 && idx[t] == 70 && ballot[t] == expect_ballot;
    }
    return ok;
}

/* Writes before the barrier, reads a neighbour's write after it: correct
 * only if every thread of the block passed the barrier before any read. */
__global__ void rotate_through_shared(const int *in, int *out)
{
    __shared__ int cell[1024];
    cell[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    out[blockIdx.x * blockDim.x + threadIdx.x] = cell[(threadIdx.x + 1) % blockDim.x];
}
static int in[3 * 1024], out[3 * 1024];                    /* check_barrier's buffers */
static bool check_barrier(unsigned threads, splitmix64 *g) /* 3 blocks of `threads` random values */
{
    /* in, out: at file scope, since a function's static here is shared memory (emu_shared.ld) */
    for (unsigned i = 0; i < 3 * threads; i++)
        in[i] = (int)(splitmix64_next(g) >> 33);
    if (emu_launch(rotate_through_shared, dim3(3), dim3(threads), in, out) != 0)
        return false;
    bool ok = true;
    for (unsigned b = 0; b < 3; b++)
        for (unsigned t = 0; t < threads; t++)
            ok &= out[b * threads + t] == in[b * threads + (t + 1) % threads];
    return ok;
}

/* A block of 40: its second warp has 8 lanes, and a mask of those 8 works. */
__global__ void partial_warp_sum(int *out)
{
    const int lane = threadIdx.x % 32;
    const unsigned mask = threadIdx.x < 32 ? FULL_WARP : 0xffu;
    int v = (int)threadIdx.x;
    for (int offset = 4; offset > 0; offset /= 2)
        v += __shfl_down_sync(mask, v, offset, 8);
    if (lane % 8 == 0)
        out[threadIdx.x / 8] = v;
}

static bool check_partial_warp(void)
{
    int out[5] = { 0 };
    if (emu_launch(partial_warp_sum, dim3(1), dim3(40), out) != 0)
        return false;
    bool ok = true;
    for (int g = 0; g < 5; g++)
        ok &= out[g] == 8 * (8 * g) + 28; /* 8g + (8g+1) + ... + (8g+7) */
    return ok;
}

/* ---- the traps: each must fail with one clear line --------------------- */

/* The barrier inside a branch only 37 of the 64 threads take. */
__global__ void divergent_barrier(int *x)
{
    if (threadIdx.x < 37) {
        x[threadIdx.x] += 1;
        __syncthreads();
    }
}

/* Lanes 0..15 leave early, the rest shuffle with the full mask. */
__global__ void exited_lane(int *x)
{
    if (threadIdx.x % 32 < 16)
        return;
    x[threadIdx.x] = __shfl_down_sync(FULL_WARP, x[threadIdx.x], 1);
}

/* A block of 48 threads: the second warp has 16 lanes, the mask claims 32. */
__global__ void partial_warp_full_mask(int *x)
{
    x[threadIdx.x] = __shfl_down_sync(FULL_WARP, x[threadIdx.x], 8);
}

/* Every lane shuffles, but with a mask of the lower 16 lanes only. */
__global__ void mask_leaves_caller_out(int *x)
{
    x[threadIdx.x] = __shfl_xor_sync(0x0000ffffu, x[threadIdx.x], 1);
}

/* Even threads wait at one barrier, odd threads at another. */
__global__ void two_barriers(int *x)
{
    if (threadIdx.x % 2 == 0)
        __syncthreads();
    else
        __syncthreads();
    x[threadIdx.x] = 0;
}

/* The tree sum with no barrier between its levels: thread 0 runs all its
 * levels before thread 16 has added at the first, so it reads s[16] before
 * thread 16 writes it -- a race, whatever values come out. */
__global__ void tree_without_barrier(const int *x, int *out)
{
    __shared__ int s[64];
    const unsigned t = threadIdx.x;
    s[t] = x[t];
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2)
        if (t < stride)
            s[t] += s[t + stride];
    if (t == 0)
        *out = s[0];
}

/* Lanes pass values through shared memory with no __syncwarp(): lane 0
 * reads lane 1's cell before lane 1 has run. */
__global__ void warp_without_syncwarp(int *out)
{
    __shared__ int cell[32];
    const unsigned lane = threadIdx.x % 32;
    cell[lane] = (int)lane;
    out[lane] = cell[(lane + 1) % 32];
}

/* Only block 0 fills the shared array: block 1 reads what block 0 left. */
__global__ void shared_left_by_another_block(const int *x, int *out)
{
    __shared__ int cell[64];
    const unsigned t = threadIdx.x;
    if (blockIdx.x == 0)
        cell[t] = x[t];
    __syncthreads();
    out[blockIdx.x * blockDim.x + t] = cell[t];
}

/* Section 1.7's bug: `<=` lets thread n read x[n] and write y[n]. */
__global__ void scale_off_by_one(const float *x, float *y, int n)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i <= n)
        y[i] = 2.0f * x[i];
}

/* Each thread rewrites its own element of a device buffer and reads its
 * neighbour's in the same barrier interval: which value it reads depends
 * on which thread runs first (the in-place trap of Section 11.2). (The
 * kernels above stay at their lines: the tests name them.) */
__global__ void neighbour_in_place(int *x)
{
    const unsigned t = threadIdx.x;
    const int right = x[(t + 1) % blockDim.x];
    x[t] += right;
}

/* ---- clean kernels: the checks must let them pass ------------------------ */

/* The same neighbour's read, with a barrier between the reads and the writes. */
__global__ void neighbour_with_barrier(int *x)
{
    const unsigned t = threadIdx.x;
    const int right = x[(t + 1) % blockDim.x];
    __syncthreads();
    x[t] += right;
}

/* The barriers that vote: every thread gets the block's count, or, and. */
__global__ void barrier_votes(int *count, int *any, int *all)
{
    const unsigned t = threadIdx.x;
    count[t] = __syncthreads_count(t % 3 == 0);
    any[t] = __syncthreads_or(t == blockDim.x - 1);
    all[t] = __syncthreads_and(t < blockDim.x - 1) * 2 + __syncthreads_and(1);
}

static bool check_votes(void)
{
    int count[100], any[100], all[100];
    if (emu_launch(barrier_votes, dim3(1), dim3(100), count, any, all) != 0)
        return false;
    bool ok = true;
    for (int t = 0; t < 100; t++) /* 34 of 0..99 are multiples of 3; only thread 99 says yes; one no */
        ok &= count[t] == 34 && any[t] == 1 && all[t] == 1;
    return ok;
}

/* The same tree with its barriers, a warp exchange through shared memory
 * with its __syncwarp(), a shared counter updated by atomics, and every
 * element of device buffers read and written exactly in bounds. */
__global__ void tree_with_barriers(const int *x, int *out)
{
    __shared__ int s[64];
    const unsigned t = threadIdx.x;
    s[t] = x[t];
    for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
        __syncthreads();
        if (t < stride)
            s[t] += s[t + stride];
    }
    if (t == 0)
        *out = s[0];
}

__global__ void warp_with_syncwarp(int *out)
{
    __shared__ int cell[64];
    const unsigned lane = threadIdx.x % 32, base = threadIdx.x / 32 * 32;
    cell[threadIdx.x] = (int)threadIdx.x;
    __syncwarp();
    out[threadIdx.x] = cell[base + (lane + 1) % 32];
    __syncwarp(); /* every lane has read before any lane writes again */
    cell[threadIdx.x] = -1;
}

__global__ void shared_atomic_count(const int *x, int *out)
{
    __shared__ int count;
    if (threadIdx.x == 0)
        count = 0;
    __syncthreads();
    if (x[threadIdx.x] % 2 == 0)
        atomicAdd(&count, 1);
    __syncthreads();
    if (threadIdx.x == 0)
        *out = count;
}

static bool check_clean_kernels(void)
{
    int *x = (int *)emu_device_alloc(64 * sizeof(int), "x");
    int *out = (int *)emu_device_alloc(64 * sizeof(int), "out");
    int expect = 0, evens = 0;
    for (int i = 0; i < 64; i++) {
        x[i] = i * 7 % 13;
        expect += x[i];
        evens += x[i] % 2 == 0;
    }
    bool ok = emu_launch(tree_with_barriers, dim3(2), dim3(64), (const int *)x, out) == 0 && out[0] == expect;
    ok = ok && emu_launch(warp_with_syncwarp, dim3(3), dim3(64), out) == 0;
    for (int t = 0; ok && t < 64; t++)
        ok = out[t] == t / 32 * 32 + (t % 32 + 1) % 32;
    ok = ok && emu_launch(shared_atomic_count, dim3(2), dim3(64), (const int *)x, out) == 0 && out[0] == evens;
    for (int i = 0; i < 64; i++)
        out[i] = i;
    ok = ok && emu_launch(neighbour_with_barrier, dim3(1), dim3(64), out) == 0;
    for (int t = 0; ok && t < 64; t++)
        ok = out[t] == t + (t + 1) % 64;
    emu_device_free(x);
    emu_device_free(out);
    return ok;
}

/* A template kernel's shared array is checked like any other (g++ places
 * the statics of a template outside emu_shared; emu_shared.ld gathers them
 * back): the tree of tree_without_barrier, for any element type. */
template <typename T>
__global__ void template_tree_without_barrier(const T *x, T *out)
{
    __shared__ T s[64];
    const unsigned t = threadIdx.x;
    s[t] = x[t];
    __syncthreads();
    for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2)
        if (t < stride)
            s[t] += s[t + stride];
    if (t == 0)
        *out = s[0];
}

/* A histogram in shared memory, the block's threads counting into its bins
 * with atomicAdd; with `zeroed_first`, the barrier that orders the bins'
 * zeroing before every count (Section 1.5), without it a race: an atomic is
 * indivisible against other atomics, not against the plain store of another
 * thread: a count may land before the zero that wipes it. */
__global__ void block_histogram(const int *v, int n, unsigned *counts, int zeroed_first)
{
    __shared__ unsigned bins[16];
    for (unsigned b = threadIdx.x; b < 16; b += blockDim.x)
        bins[b] = 0;
    if (zeroed_first)
        __syncthreads();
    for (int i = (int)(blockIdx.x * blockDim.x + threadIdx.x); i < n; i += (int)(blockDim.x * gridDim.x))
        atomicAdd(&bins[v[i] % 16], 1u);
    __syncthreads();
    for (unsigned b = threadIdx.x; b < 16; b += blockDim.x)
        if (bins[b] != 0)
            atomicAdd(&counts[b], bins[b]);
}

/* Every thread takes a ticket from a counter in a device buffer; the last
 * thread reads how many were taken: after a barrier (1), or in a block of
 * one warp a __syncwarp() (2), all of them; with neither, a plain read
 * racing the other threads' atomics. */
__global__ void count_tickets(unsigned *counter, unsigned *taken, int barrier)
{
    atomicAdd(counter, 1u);
    if (barrier == 1)
        __syncthreads();
    else if (barrier == 2)
        __syncwarp();
    if (threadIdx.x == blockDim.x - 1)
        taken[blockIdx.x] = *counter;
}

/* The clean twins: the histogram with its first barrier, the counter read
 * after the barrier, and after the __syncwarp() of a one-warp block. */
static bool check_atomic_kernels(void)
{
    int *v = (int *)emu_device_alloc(1000 * sizeof(int), "v");
    unsigned *counts = (unsigned *)emu_device_alloc(16 * sizeof(unsigned), "counts");
    unsigned expect[16] = { 0 };
    for (int i = 0; i < 1000; i++) {
        v[i] = i * 37 % 101;
        expect[v[i] % 16]++;
    }
    memset(counts, 0, 16 * sizeof(unsigned));
    bool ok = emu_launch(block_histogram, dim3(3), dim3(64), (const int *)v, 1000, counts, 1) == 0;
    for (int b = 0; b < 16; b++)
        ok = ok && counts[b] == expect[b];
    unsigned *counter = (unsigned *)emu_device_alloc(sizeof(unsigned), "counter");
    unsigned *taken = (unsigned *)emu_device_alloc(2 * sizeof(unsigned), "taken");
    *counter = 0;
    ok = ok && emu_launch(count_tickets, dim3(2), dim3(48), counter, taken, 1) == 0 && taken[0] == 48 && taken[1] == 96;
    *counter = 0;
    ok = ok && emu_launch(count_tickets, dim3(1), dim3(32), counter, taken, 2) == 0 && taken[0] == 32;
    emu_device_free(v);
    emu_device_free(counts);
    emu_device_free(counter);
    emu_device_free(taken);
    return ok;
}

static int run_trap(const char *trap)
{
    int x[64] = { 0 };
    int status = 0;
    if (strcmp(trap, "divergent-barrier") == 0)
        status = emu_launch(divergent_barrier, dim3(1), dim3(64), x);
    else if (strcmp(trap, "exited-lane") == 0)
        status = emu_launch(exited_lane, dim3(1), dim3(64), x);
    else if (strcmp(trap, "partial-warp-full-mask") == 0)
        status = emu_launch(partial_warp_full_mask, dim3(1), dim3(48), x);
    else if (strcmp(trap, "mask-leaves-caller-out") == 0)
        status = emu_launch(mask_leaves_caller_out, dim3(1), dim3(32), x);
    else if (strcmp(trap, "two-barriers") == 0)
        status = emu_launch(two_barriers, dim3(1), dim3(32), x);
    else if (strcmp(trap, "missing-barrier") == 0)
        status = emu_launch(tree_without_barrier, dim3(1), dim3(64), (const int *)x, &x[0]);
    else if (strcmp(trap, "template-missing-barrier") == 0)
        status = emu_launch(template_tree_without_barrier<int>, dim3(1), dim3(64), (const int *)x, &x[0]);
    else if (strcmp(trap, "missing-syncwarp") == 0)
        status = emu_launch(warp_without_syncwarp, dim3(1), dim3(32), x);
    else if (strcmp(trap, "stale-shared") == 0) {
        int *out = (int *)emu_device_alloc(128 * sizeof(int), "out");
        status = emu_launch(shared_left_by_another_block, dim3(2), dim3(64), (const int *)x, out);
        emu_device_free(out);
    } else if (strcmp(trap, "global-race") == 0) {
        int *d_x = (int *)emu_device_alloc(64 * sizeof(int), "x");
        memset(d_x, 0, 64 * sizeof(int));
        status = emu_launch(neighbour_in_place, dim3(1), dim3(64), d_x);
        emu_device_free(d_x);
    } else if (strcmp(trap, "atomic-after-plain") == 0) {
        int *v = (int *)emu_device_alloc(64 * sizeof(int), "v");
        unsigned *counts = (unsigned *)emu_device_alloc(16 * sizeof(unsigned), "counts");
        for (int i = 0; i < 64; i++)
            v[i] = i % 4;
        memset(counts, 0, 16 * sizeof(unsigned));
        status = emu_launch(block_histogram, dim3(1), dim3(64), (const int *)v, 64, counts, 0);
        emu_device_free(v);
        emu_device_free(counts);
    } else if (strcmp(trap, "read-after-atomic") == 0) {
        unsigned *counter = (unsigned *)emu_device_alloc(sizeof(unsigned), "counter");
        unsigned *taken = (unsigned *)emu_device_alloc(sizeof(unsigned), "taken");
        *counter = 0;
        status = emu_launch(count_tickets, dim3(1), dim3(48), counter, taken, 0);
        emu_device_free(counter);
        emu_device_free(taken);
    } else { /* off-by-one: n = 1000 floats, blocks of 256 */
        float *in = (float *)emu_device_alloc(1000 * sizeof(float), "x");
        float *out = (float *)emu_device_alloc(1000 * sizeof(float), "y");
        for (int i = 0; i < 1000; i++)
            in[i] = (float)i;
        status = emu_launch(scale_off_by_one, dim3(4), dim3(256), (const float *)in, out, 1000);
        emu_device_free(in);
        emu_device_free(out);
    }
    verdict("the emulator reports the mistake (the error line above)", status != 0);
    return EXIT_MISMATCH; /* a trap fails, reported or not: the test looks for the error line */
}

/* 1 when argv holds the option `name` (--name or --name=...). Exact here:
 * cli_parse has checked argv, and no value this program takes (a number, a
 * trap's name) is spelt like an option. */
static bool option_given(int argc, char **argv, const char *name)
{
    const size_t len = strlen(name);
    for (int i = 1; i < argc; i++)
        if (strncmp(argv[i], name, len) == 0 && (argv[i][len] == '\0' || argv[i][len] == '='))
            return true;
    return false;
}

/* The barrier check rotates random values (--seed) through shared memory in
 * 3 blocks of --n threads (a partial last warp when --n is no multiple of
 * 32). The traps' kernels stay at their lines: a test names one by it. */
int main(int argc, char **argv)
{
    const char *trap = NULL;
    int quiet = 0;
    uint64_t threads = 0, seed = 1; /* threads 0: not given (96) */
    const cli_option options[] = {
        { "--trap", CLI_CHOICE, &trap, "launch a kernel with this mistake (exits 1)", 0, 0,
          "divergent-barrier|exited-lane|partial-warp-full-mask|mask-leaves-caller-out|two-barriers|"
          "missing-barrier|template-missing-barrier|missing-syncwarp|stale-shared|off-by-one|global-race|"
          "atomic-after-plain|read-after-atomic" },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--n", CLI_U64, &threads, "threads per block of the barrier check (default 96)", 1, 1024, NULL },
        { "--seed", CLI_U64, &seed, "seed of the values the barrier check rotates (default 1)", 0, UINT64_MAX, NULL },
    };
    cli_parse(argc, argv, "Checks the CPU emulator of CUDA kernels on kernels with known results.", options,
              sizeof options / sizeof options[0]);
    if (trap && (threads != 0 || option_given(argc, argv, "--seed")))
        cli_refuse("--n and --seed shape the barrier check, which --trap does not run");
    if (trap)
        return run_trap(trap);
    if (!quiet)
        printf("kernels run on the CPU, thread by thread (common/emulator/)\n");
    int ok = 1;
    ok &= verdict("shuffles (down, up, xor width 16, index) and ballot give every lane its partner's value",
                  check_shuffles());
    char barrier_what[128] = "a __syncthreads() orders every write before every read, block after block";
    if (threads != 0) /* name the size that was asked for */
        snprintf(barrier_what + strlen(barrier_what), sizeof barrier_what - strlen(barrier_what),
                 " (3 blocks of %u thread%s)", (unsigned)threads, threads == 1 ? "" : "s");
    splitmix64 g = { seed };
    ok &= verdict(barrier_what, check_barrier(threads != 0 ? (unsigned)threads : 96, &g));
    ok &= verdict("a partial warp of 8 lanes sums with its own mask and width 8", check_partial_warp());
    ok &= verdict("__syncthreads_count, _or and _and give every thread the block's vote", check_votes());
    ok &= verdict("the memory checks pass a tree with its barriers, a warp exchange with __syncwarp(), shared "
                  "atomics, accesses in bounds and a device buffer read and rewritten across a barrier",
                  check_clean_kernels());
    ok &= verdict("atomics: a shared histogram zeroed before a barrier, and a device counter read after a "
                  "barrier or, in one warp, a __syncwarp()",
                  check_atomic_kernels());
    return exit_status(ok);
}
