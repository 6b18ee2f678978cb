/* vector_loads.c - section 1.9: one copy, four ways (a float per thread, a
 * float4, float4 tiles through shared memory by cp.async, a double2). The
 * CPU checks the index arithmetic: vectors plus tail cover every element
 * exactly once, for the n given. Each GPU copy must equal its input bit for
 * bit. No times: this program is about what each way loads, not how fast.
 * --forget-tail walks the same split without its tail (the trap);
 * --misaligned launches the float4 copy one float past the start of its
 * buffers (the GPU trap: a misaligned address). --no-barrier replays
 * copy_cp_async on the CPU without its __syncthreads() (the trap: a thread
 * reads its mirror's slot of the tile before the mirror has copied into it);
 * --replay-cp-async is the same replay with the barrier. */
#include "common.h"
#include "vector_loads.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// [listing cpu-vector-partition]
/* The kernels' split of n elements into vectors of `width` and a tail,
 * walked in C: thread k copies elements width*k .. width*k + width-1, and
 * the first n % width threads one tail element each (with_tail = 0 leaves
 * the tail out: the trap). Counts every visit. */
static int cpu_covers_once(int n, int width, int with_tail, unsigned char *visits)
{
    memset(visits, 0, (size_t)n);
    const int vectors = n / width;
    for (int k = 0; k < vectors; k++)
        for (int j = 0; j < width; j++)
            visits[width * k + j]++;
    for (int k = 0; with_tail && k < n % width; k++)
        visits[vectors * width + k]++;
    for (int i = 0; i < n; i++)
        if (visits[i] != 1)
            return 0;
    return 1;
}
// [end]

/* The elements the walk left out (the trap: the tail), the first 8 of them. */
static void print_missed(const unsigned char *visits, int n, int width)
{
    int missed = 0;
    for (int i = 0; i < n; i++)
        missed += visits[i] == 0;
    printf("  %s without the tail: %d of %d elements never copied", width == 4 ? "float4" : "double2", missed, n);
    for (int i = 0, shown = 0; i < n && shown < 8; i++)
        if (visits[i] == 0)
            printf("%s%d", shown++ == 0 ? ": " : " ", i);
    printf("%s\n", missed > 8 ? " ..." : "");
}

/* The block size of copy_cp_async: COPY_THREADS in gpu/vector_loads.cu. */
#define CP_ASYNC_THREADS 256

/* The blocks gpu_copy launches for copy_cp_async: a thread per float4, and
 * at least one thread (for the tail). */
static int cp_async_blocks(int n)
{
    const int vectors = n / 4;
    return ((vectors > 0 ? vectors : 1) + CP_ASYNC_THREADS - 1) / CP_ASYNC_THREADS;
}

// [listing cp-async-replay]
/* One block's __shared__ float4 tile[CP_ASYNC_THREADS], and for each slot
 * the float4 of `in` that landed there last (-1: none, the zeros the replay
 * starts with). The replay keeps it from one block to the next. */
typedef struct {
    float value[CP_ASYNC_THREADS][4];
    int from[CP_ASYNC_THREADS];
} cp_async_tile;

/* Thread t of block b up to the barrier: its cp.async of float4 k into
 * tile[t]. __pipeline_wait_prior(0) waits for this thread's copies and no
 * one else's, so the copy has landed when the thread goes on. */
static void thread_copies(cp_async_tile *tile, const float *in, int n, int b, int t)
{
    const int k = b * CP_ASYNC_THREADS + t;
    if (k < n / 4) {
        memcpy(tile->value[t], in + 4 * k, sizeof tile->value[t]);
        tile->from[t] = k;
    }
}

/* The rest of thread t: it stores the float4 in its mirror's slot, and its
 * tail float if it has one. stored_from[km] notes what it found in the slot. */
static void thread_stores(const cp_async_tile *tile, const float *in, float *out, int n, int b, int t, int *stored_from)
{
    const int vectors = n / 4, k = b * CP_ASYNC_THREADS + t;
    const int mirror = CP_ASYNC_THREADS - 1 - t, km = b * CP_ASYNC_THREADS + mirror;
    if (km < vectors) {
        memcpy(out + 4 * km, tile->value[mirror], sizeof tile->value[mirror]);
        stored_from[km] = tile->from[mirror];
    }
    if (k < n % 4)
        out[vectors * 4 + k] = in[vectors * 4 + k];
}

/* copy_cp_async, block after block, in one order the GPU may choose: thread
 * 0 first, then thread 1, and so on. With the barrier, every thread of the
 * block copies before any thread stores. Without it, each thread runs to its
 * end before the next one starts. */
static void replay_cp_async(const float *in, float *out, int n, int barrier, cp_async_tile *tile, int *stored_from)
{
    for (int b = 0; b < cp_async_blocks(n); b++) {
        if (barrier) {
            for (int t = 0; t < CP_ASYNC_THREADS; t++)
                thread_copies(tile, in, n, b, t);
            /* __syncthreads(): no thread of the block stores before all have copied */
            for (int t = 0; t < CP_ASYNC_THREADS; t++)
                thread_stores(tile, in, out, n, b, t, stored_from);
        } else {
            for (int t = 0; t < CP_ASYNC_THREADS; t++) {
                thread_copies(tile, in, n, b, t);
                thread_stores(tile, in, out, n, b, t, stored_from);
            }
        }
    }
}
// [end]

/* One wrong float4 of the replay: who stored it, and what it found there. */
static void print_wrong_vector(int km, int found)
{
    const int b = km / CP_ASYNC_THREADS, mirror = km % CP_ASYNC_THREADS, t = CP_ASYNC_THREADS - 1 - mirror;
    printf("  floats %d-%d: thread %d of block %d read tile[%d] before thread %d copied\n", 4 * km, 4 * km + 3, t, b,
           mirror, mirror);
    if (found < 0)
        printf("    into it, and stored the zeros the replay's tile starts with\n");
    else
        printf("    into it, and stored floats %d-%d, which block %d had left there\n", 4 * found, 4 * found + 3,
               found / CP_ASYNC_THREADS);
}

/* The floats and float4 of the replayed copy that differ from the input,
 * then the first two wrong float4 of the first two blocks that have any. */
static void print_wrong_vectors(const float *f, const float *out, int n, const int *stored_from)
{
    const int vectors = n / 4;
    int floats = 0, wrong = 0, blocks = 0, last_block = -1;
    for (int i = 0; i < n; i++)
        floats += memcmp(&out[i], &f[i], sizeof *f) != 0;
    for (int km = 0; km < vectors; km++) {
        if (memcmp(out + 4 * km, f + 4 * km, 4 * sizeof *f) == 0)
            continue;
        wrong++;
        blocks += km / CP_ASYNC_THREADS != last_block;
        last_block = km / CP_ASYNC_THREADS;
    }
    printf("  %d of %d floats differ from the input\n", floats, n);
    if (wrong > 0)
        printf("  (%d of the %d float4, in %d of the %d blocks); the first of them:\n", wrong, vectors, blocks,
               cp_async_blocks(n));
    last_block = -1;
    for (int km = 0, shown_in_block = 0, blocks_shown = 0; km < vectors; km++) {
        if (memcmp(out + 4 * km, f + 4 * km, 4 * sizeof *f) == 0)
            continue;
        if (km / CP_ASYNC_THREADS != last_block) { /* the first wrong float4 of a block */
            last_block = km / CP_ASYNC_THREADS;
            shown_in_block = 0;
            if (++blocks_shown > 2)
                break;
        }
        if (shown_in_block++ < 2)
            print_wrong_vector(km, stored_from[km]);
    }
}

/* --no-barrier and --replay-cp-async: the replayed copy against its input,
 * float for float. */
static int check_cp_async_replay(const float *f, int n, int barrier, int quiet)
{
    const int vectors = n / 4, blocks = cp_async_blocks(n);
    float *out = alloc_or_exit((size_t)n, sizeof *out, "the replayed copy");
    int *stored_from = alloc_or_exit((size_t)vectors, sizeof *stored_from, "the replay's notes");
    memset(out, 0, (size_t)n * sizeof *out); /* as on the GPU: an element nobody copies stays 0 */
    cp_async_tile tile;
    memset(&tile, 0, sizeof tile);
    for (int t = 0; t < CP_ASYNC_THREADS; t++)
        tile.from[t] = -1;
    replay_cp_async(f, out, n, barrier, &tile, stored_from);
    const int same = memcmp(out, f, (size_t)n * sizeof *f) == 0;
    if (!quiet) {
        printf("copy_cp_async replayed on the CPU, %s the __syncthreads() after\n"
               "__pipeline_wait_prior(0): %d block%s of %d threads%s.\n",
               barrier ? "with" : "without", blocks, blocks == 1 ? "" : "s", CP_ASYNC_THREADS,
               blocks == 1 ? "" : ", one after another");
        if (barrier)
            printf("  In each block threads 0, 1, ..., %d copy (a thread's cp.async lands at its\n"
                   "  own wait), then, past the barrier, they store.\n",
                   CP_ASYNC_THREADS - 1);
        else
            printf("  In each block thread 0 runs to its end, then thread 1, ..., then thread %d\n"
                   "  (one order the GPU may choose); a thread's cp.async lands at its own wait.\n"
                   "  The tile starts as zeros and keeps what the block before left in it\n"
                   "  (on a GPU its contents are undefined).\n",
                   CP_ASYNC_THREADS - 1);
        print_wrong_vectors(f, out, n, stored_from);
    }
    free(out);
    free(stored_from);
    return verdict(barrier ? "CPU replay of copy_cp_async with the barrier: the copy equals its input"
                           : "CPU replay of copy_cp_async without the barrier: the copy equals its input",
                   same);
}

static const char *const kind_name[COPY_KINDS] = { "float per thread", "float4 per thread", "cp.async float4 tiles",
                                                   "double2 per thread" };
static const int kind_bytes[COPY_KINDS] = { 4, 16, 16, 16 };

static int check_gpu(const float *f, const double *d, int n, int quiet)
{
    float *fo = alloc_or_exit((size_t)n, sizeof *fo, "copy");
    double *dout = alloc_or_exit((size_t)n, sizeof *dout, "copy");
    int ok = 1;
    for (int kind = 0; kind < COPY_KINDS; kind++) {
        const int doubles = kind == COPY_DOUBLE2;
        const long long threads = gpu_copy(doubles ? (const void *)d : (const void *)f,
                                           doubles ? (void *)dout : (void *)fo, n, (copy_kind)kind);
        const int same = doubles ? memcmp(dout, d, (size_t)n * sizeof *d) == 0
                                 : memcmp(fo, f, (size_t)n * sizeof *f) == 0;
        if (!quiet)
            printf("  %-22s %2d-byte loads, %9lld threads launched\n", kind_name[kind], kind_bytes[kind], threads);
        char what[96];
        snprintf(what, sizeof what, "GPU %s: the copy equals its input", kind_name[kind]);
        ok &= verdict(what, same);
    }
    free(fo);
    free(dout);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t n = (UINT64_C(1) << 20) + 3, seed = 1;
    int quiet = 0, forget_tail = 0, misaligned = 0, no_barrier = 0, replay_cp = 0;
    const char *on = NULL;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "number of elements (default 2^20 + 3: a tail of 3 floats)", 1, UINT64_C(1) << 26, NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--forget-tail", CLI_FLAG, &forget_tail, "CPU trap: walk the vector split without its n % 4 (n % 2) tail", 0,
          0, NULL },
        { "--misaligned", CLI_FLAG, &misaligned, "GPU trap: float4 loads from one float past the buffer's start", 0, 0,
          NULL },
        { "--no-barrier", CLI_FLAG, &no_barrier, "CPU trap: replay the cp.async copy without its __syncthreads()", 0, 0,
          NULL },
        { "--replay-cp-async", CLI_FLAG, &replay_cp,
          "CPU: replay the cp.async copy, thread by thread, with its barrier", 0, 0, NULL },
        CLI_OPTION_ON_NO_EMU(&on),
    };
    cli_parse(argc, argv, "A copy by scalar, float4, cp.async and double2 loads, each checked bit for bit.", options,
              sizeof options / sizeof options[0]);
    cli_no_emu(on, "the kernels copy with cp.async, in the background, which the CPU emulator does not model");
    const char *replay_name = no_barrier ? "--no-barrier" : replay_cp ? "--replay-cp-async" : NULL;
    if (replay_name && (forget_tail || misaligned || (no_barrier && replay_cp)))
        cli_refuse("%s and %s are two experiments, pick one", replay_name,
                   forget_tail  ? "--forget-tail"
                   : misaligned ? "--misaligned"
                                : "--replay-cp-async");
    if (replay_name && on != NULL && strcmp(on, "cpu") != 0)
        cli_refuse("%s is a CPU replay (use --on cpu)", replay_name);
    if (forget_tail && on != NULL && strcmp(on, "cpu") != 0)
        cli_refuse("--forget-tail is a CPU walk (use --on cpu)");
    if (misaligned && (forget_tail || (on != NULL && strcmp(on, "gpu") != 0)))
        cli_refuse("--misaligned is a GPU experiment (use --on gpu, without --forget-tail)");
    if (misaligned && n < 5)
        cli_refuse("--misaligned needs --n 5 or more (a float4 after the first float)");
    const run_on where = forget_tail || replay_name ? RUN_CPU : cli_resolve_on(misaligned ? "gpu" : on);
    float *f = alloc_or_exit(n, sizeof *f, "floats");
    double *d = alloc_or_exit(n, sizeof *d, "doubles");
    unsigned char *visits = alloc_or_exit(n, 1, "visit counts");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++) {
        d[i] = splitmix64_uniform(&g, -1.0, 1.0);
        f[i] = (float)d[i];
    }
    printf("copy %" PRIu64 " elements: as floats, %" PRIu64 " float4 and a tail of %" PRIu64 "; as doubles, %" PRIu64
           " double2 and a tail of %" PRIu64 "\n",
           n, n / 4, n % 4, n / 2, n % 2);
    if (replay_name) {
        const int ok = check_cp_async_replay(f, (int)n, !no_barrier, quiet);
        free(f);
        free(d);
        free(visits);
        return exit_status(ok);
    }
    if (forget_tail) {
        const int float4_ok = cpu_covers_once((int)n, 4, 0, visits);
        if (!quiet)
            print_missed(visits, (int)n, 4);
        int ok = verdict("CPU: float4 vectors without the tail cover every element once", float4_ok);
        const int double2_ok = cpu_covers_once((int)n, 2, 0, visits);
        if (!quiet)
            print_missed(visits, (int)n, 2);
        ok &= verdict("CPU: double2 vectors without the tail cover every element once", double2_ok);
        free(f);
        free(d);
        free(visits);
        return exit_status(ok);
    }
    if (misaligned) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        printf("float4 copy of the %" PRIu64 " floats from in + 1: byte offset 4 from a 256-byte boundary, "
               "4 %% 16 = 4\n",
               n - 1);
        fflush(stdout); /* before the error line, which goes to stderr */
        float *copy = alloc_or_exit(n, sizeof *copy, "copy");
        gpu_copy_float4_shifted(f, copy, (int)n); /* the loads fault: the next checked call stops the program */
        const int same = memcmp(copy + 1, f + 1, (size_t)(n - 1) * sizeof *f) == 0;
        free(copy);
        free(f);
        free(d);
        free(visits);
        return exit_status(verdict("GPU float4 copy from in + 1: the copy equals its input", same));
    }
    int ok = verdict("CPU: float4 vectors plus tail cover every element once", cpu_covers_once((int)n, 4, 1, visits));
    ok &= verdict("CPU: double2 vectors plus tail cover every element once", cpu_covers_once((int)n, 2, 1, visits));
    if (where & RUN_GPU) {
        char device[256];
        gpu_device_describe(device, sizeof device);
        printf("GPU: %s\n", device);
        ok &= check_gpu(f, d, (int)n, quiet);
    }
    free(f);
    free(d);
    free(visits);
    return exit_status(ok);
}
