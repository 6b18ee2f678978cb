/* coalescing.c - section 1.10: coalesced, strided and random reads.
 *
 * One copy of n floats, done by kernels that differ only in which element
 * each thread reads. The CPU view works out, from the kernels' own index
 * functions (lib/access_pattern.h), which 32-byte sectors each warp's load
 * touches; the GPU path times the kernels. --transposed adds the trap: the
 * 2-D copy with x numbering rows, right in its result and wasteful in its
 * sectors, run beside the right 2-D copy. */
#include "coalescing.h"
#include "common.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WARP 32
#define FLOATS_PER_SECTOR (SECTOR_BYTES / (int)sizeof(float))

/* The lanes of one warp: the element each reads, -1 for a lane with none. */
typedef struct {
    long long element[WARP];
} warp_reads;

// [listing warp-lanes-2d]
/* The 32 lanes of warp w of block (bx, by) in a 2-D launch. The GPU numbers
 * a block's threads x first, t = threadIdx.y * blockDim.x + threadIdx.x,
 * and cuts that numbering into warps of 32: with blockDim.x = 32, warp w
 * is the row threadIdx.y = w of the block. */
static warp_reads warp_of_2d(const copy_case *c, int bx, int by, int w, int width, int height)
{
    warp_reads r;
    for (int lane = 0; lane < WARP; lane++) {
        const int t = w * WARP + lane;
        const int tx = t % COPY_BLOCK_X, ty = t / COPY_BLOCK_X;
        r.element[lane] = copy_2d_element(c->transposed, bx, by, tx, ty, COPY_BLOCK_X, COPY_BLOCK_Y, width, height);
    }
    return r;
}
// [end]

/* Warp w of the 1-D launch: threads 32w .. 32w + 31. */
static warp_reads warp_of_1d(const copy_case *c, long long w, long long n, const unsigned *perm)
{
    warp_reads r;
    for (int lane = 0; lane < WARP; lane++) {
        const long long t = w * WARP + lane;
        r.element[lane] = t < n ? gather_element(c->kind, t, n, c->stride, perm) : -1;
    }
    return r;
}

// [listing count-sectors]
/* The distinct 32-byte sectors that one load of the warp touches, sorted
 * into s[]; returns how many. This is what the memory system fetches:
 * whole sectors, however few of their bytes a lane wants. */
static int warp_sectors(const warp_reads *r, long long s[WARP])
{
    int count = 0;
    for (int lane = 0; lane < WARP; lane++) {
        if (r->element[lane] < 0)
            continue;
        const long long sector = r->element[lane] * (long long)sizeof(float) / SECTOR_BYTES;
        int i = count;
        while (i > 0 && s[i - 1] > sector) /* insertion into the sorted list */
            i--;
        if (i > 0 && s[i - 1] == sector)
            continue;
        memmove(&s[i + 1], &s[i], (size_t)(count - i) * sizeof s[0]);
        s[i] = sector;
        count++;
    }
    return count;
}
// [end]

/* The visiting of every warp of the launch, for one copy. */
typedef struct {
    long long sectors; /* summed over the loads of every warp */
    long long warps;
    int max_sectors; /* the most that one warp's load touched */
} launch_sectors;

static void add_warp(launch_sectors *ls, const warp_reads *r, unsigned char *visits)
{
    long long s[WARP];
    const int k = warp_sectors(r, s);
    ls->sectors += k;
    ls->warps++;
    if (k > ls->max_sectors)
        ls->max_sectors = k;
    for (int lane = 0; lane < WARP; lane++)
        if (r->element[lane] >= 0 && visits[r->element[lane]] < 255)
            visits[r->element[lane]]++;
}

/* Walks every warp of the launch: sector counts, and whether every element
 * is read exactly once. */
static int walk_launch(const copy_case *c, long long n, const unsigned *perm, unsigned char *visits, launch_sectors *ls)
{
    memset(ls, 0, sizeof *ls);
    memset(visits, 0, (size_t)n);
    if (!c->two_d) {
        for (long long w = 0; w < (n + WARP - 1) / WARP; w++) {
            const warp_reads r = warp_of_1d(c, w, n, perm);
            add_warp(ls, &r, visits);
        }
    } else {
        const int width = COPY_ROW_FLOATS, height = (int)(n / COPY_ROW_FLOATS);
        const int along_x = c->transposed ? height : width, along_y = c->transposed ? width : height;
        const int gx = (along_x + COPY_BLOCK_X - 1) / COPY_BLOCK_X;
        const int gy = (along_y + COPY_BLOCK_Y - 1) / COPY_BLOCK_Y;
        for (int by = 0; by < gy; by++)
            for (int bx = 0; bx < gx; bx++)
                for (int w = 0; w < COPY_BLOCK_X * COPY_BLOCK_Y / WARP; w++) {
                    const warp_reads r = warp_of_2d(c, bx, by, w, width, height);
                    add_warp(ls, &r, visits);
                }
    }
    for (long long e = 0; e < n; e++)
        if (visits[e] != 1)
            return 0;
    return 1;
}

/* "0, 1, 2, ..., 31": the first three and the last of a list (the first
 * two when three make it wider than `width`). */
static void format_list(const long long *v, int count, char *buf, size_t size, size_t width)
{
    if (count <= 4) {
        size_t used = 0;
        buf[0] = '\0';
        for (int i = 0; i < count && used < size; i++)
            used += (size_t)snprintf(buf + used, size - used, i ? ", %lld" : "%lld", v[i]);
        return;
    }
    if ((size_t)snprintf(buf, size, "%lld, %lld, %lld, ..., %lld", v[0], v[1], v[2], v[count - 1]) > width)
        snprintf(buf, size, "%lld, %lld, ..., %lld", v[0], v[1], v[count - 1]);
}

static void print_warp(const char *kernel, const char *which, const warp_reads *r)
{
    long long s[WARP], e[WARP];
    int lanes = 0;
    for (int lane = 0; lane < WARP; lane++)
        if (r->element[lane] >= 0)
            e[lanes++] = r->element[lane];
    const int k = warp_sectors(r, s);
    char elements[96], sectors[96];
    format_list(e, lanes, elements, sizeof elements, 30);
    format_list(s, k, sectors, sizeof sectors, 24);
    printf("%-15s %-12s %-30s %-24s %7d %7d B\n", kernel, which, elements, sectors, k, k * SECTOR_BYTES);
}

/* The CPU view: warp 0 (and, for the 2-D copies, warp 1 of block 0) of
 * every copy, then every warp of the launch summed. Returns 0 when a copy
 * meant to be coalesced is not, or when a copy misses or repeats an
 * element. */
static int cpu_view(const copy_case *cases, int count, long long n, const unsigned *perm, int quiet)
{
    unsigned char *visits = alloc_or_exit((size_t)n, 1, "visits");
    if (!quiet) {
        printf("one load of a warp fetches whole %d-byte sectors (%d floats): 32 lanes reading\n"
               "32 neighbouring floats fetch 4 sectors, 128 bytes, every byte used\n\n",
               SECTOR_BYTES, FLOATS_PER_SECTOR);
        printf("%-15s %-12s %-30s %-24s %7s %9s\n", "kernel", "warp", "elements read by lanes 0..31", "sectors touched",
               "sectors", "fetched");
        for (int i = 0; i < count; i++) {
            const copy_case *c = &cases[i];
            if (!c->two_d) {
                const warp_reads r = warp_of_1d(c, 0, n, perm);
                print_warp(c->name, "0", &r);
            } else {
                for (int w = 0; w < 2; w++) {
                    const warp_reads r = warp_of_2d(c, 0, 0, w, COPY_ROW_FLOATS, (int)(n / COPY_ROW_FLOATS));
                    print_warp(w ? "" : c->name, w ? "block 0, 1" : "block 0, 0", &r);
                }
            }
        }
        printf("\nevery warp of the launch (%" PRId64 " floats, 4 bytes of each used):\n", (int64_t)n);
        printf("%-15s %10s %14s %14s %14s\n", "kernel", "warps", "sectors", "bytes fetched", "fetched/used");
    }
    launch_sectors ls[8];
    int ok_once = 1, ok = 1;
    for (int i = 0; i < count; i++) {
        const copy_case *c = &cases[i];
        ok_once &= walk_launch(c, n, perm, visits, &ls[i]);
        const double ratio = (double)(ls[i].sectors * SECTOR_BYTES) / (double)(n * (long long)sizeof(float));
        if (!quiet)
            printf("%-15s %10lld %14lld %14lld %13.2fx\n", c->name, ls[i].warps, ls[i].sectors,
                   ls[i].sectors * SECTOR_BYTES, ratio);
    }
    free(visits);
    ok &= verdict("CPU: every kernel reads each element exactly once", ok_once);
    // [listing coalesced-check]
    for (int i = 0; i < count; i++) {
        if (!cases[i].must_coalesce)
            continue;
        const int fewest = WARP * (int)sizeof(float) / SECTOR_BYTES; /* 4 */
        char what[160];
        snprintf(what, sizeof what, "%s: no warp's load touches more than %d sectors (most: %d)", cases[i].name, fewest,
                 ls[i].max_sectors);
        ok &= verdict(what, ls[i].max_sectors <= fewest);
    }
    // [end]
    return ok;
}

/* The element of `in` that the copy leaves at out[t]. */
static long long source_of(const copy_case *c, long long t, long long n, const unsigned *perm)
{
    return c->two_d ? t : gather_element(c->kind, t, n, c->stride, perm);
}

static int gpu_run(const copy_case *cases, int count, long long n, const float *in, const unsigned *perm, int reps)
{
    char device[256];
    gpu_device_describe(device, sizeof device);
    printf("GPU: %s\n", device);
    printf("median of %d timed copies after 3 untimed; GB/s counts the bytes the copy needs\n"
           "(4 read + 4 written per element, + 4 for the random copy's index)\n",
           reps);
    printf("%-15s %10s %10s %12s\n", "kernel", "ms", "GB/s", "time/first");
    float *out = alloc_or_exit((size_t)n, sizeof *out, "out");
    gpu_copy_setup(in, perm, n);
    double first_ms = 0.0;
    int ok = 1;
    for (int i = 0; i < count; i++) {
        const copy_case *c = &cases[i];
        const double ms = gpu_copy_time(c, 3, reps, out);
        if (i == 0)
            first_ms = ms;
        const double bytes = (double)n * (c->kind == GATHER_RANDOM && !c->two_d ? 12.0 : 8.0);
        printf("%-15s %10.3f %10.1f %12.2f\n", c->name, ms, bytes / (ms * 1e6), ms / first_ms);
        long long wrong = 0;
        for (long long t = 0; t < n; t++)
            wrong += float_bits(out[t]) != float_bits(in[source_of(c, t, n, perm)]);
        if (wrong) {
            printf("%s: %lld of %lld elements wrong\n", c->name, wrong, n);
            ok = 0;
        }
    }
    gpu_copy_teardown();
    free(out);
    return verdict("GPU: every kernel's copy equals the CPU's, bit for bit", ok);
}

int main(int argc, char **argv)
{
    uint64_t n = UINT64_C(1) << 24, seed = 1, reps = 20;
    int quiet = 0, transposed = 0;
    const char *on = NULL;
    const uint64_t unit = (uint64_t)WARP * COPY_ROW_FLOATS; /* whole 2-D tiles in both orientations */
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "floats to copy, a multiple of 32768 (default 2^24)", unit, UINT64_C(1) << 28, NULL },
        { "--seed", CLI_U64, &seed, "seed of the random permutation (default 1)", 0, UINT64_MAX, NULL },
        { "--reps", CLI_U64, &reps, "timed copies per kernel on the GPU (default 20)", 1, 1000, NULL },
        { "--transposed", CLI_FLAG, &transposed, "the trap: the 2-D copy with x numbering rows, beside the right one",
          0, 0, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts (and the GPU's table)", 0, 0, NULL },
        CLI_OPTION_ON_NO_EMU(&on),
    };
    cli_parse(
        argc, argv,
        "One copy, read coalesced, strided and at random: the sectors each warp touches (CPU) and the time (GPU).",
        options, sizeof options / sizeof options[0]);
    if (n % unit != 0)
        cli_refuse("--n must be a multiple of %" PRIu64 " (32 rows of %d floats), got %" PRIu64, unit, COPY_ROW_FLOATS,
                   n);
    cli_no_emu(on, "the GPU run only times the copies, and the CPU emulator has no model of time or of memory "
                   "traffic; emulated_coalescing runs the same kernels on the emulator and counts each warp's "
                   "sectors");
    const run_on where = cli_resolve_on(on);
    // [listing copy-cases]
    const copy_case cases[] = {
        { "coalesced", 0, GATHER_COALESCED, 1, 0, 1 },
        { "strided 2", 0, GATHER_STRIDED, 2, 0, 0 },
        { "strided 8", 0, GATHER_STRIDED, 8, 0, 0 },
        { "strided 32", 0, GATHER_STRIDED, 32, 0, 0 },
        { "random", 0, GATHER_RANDOM, 1, 0, 0 },
        { "rows 2-D", 1, GATHER_COALESCED, 1, 0, 1 },
        { "rows 2-D, x=row", 1, GATHER_COALESCED, 1, 1, 1 }, /* --transposed: these two */
    };
    // [end]
    /* --transposed: the 2-D copy both ways, the right one first */
    const copy_case *run = transposed ? &cases[5] : cases;
    const int count = transposed ? 2 : 6;
    float *in = alloc_or_exit((size_t)n, sizeof *in, "in");
    unsigned *perm = alloc_or_exit((size_t)n, sizeof *perm, "perm");
    splitmix64 g = { seed };
    for (uint64_t i = 0; i < n; i++) {
        in[i] = (float)splitmix64_below(&g, 1u << 24);
        perm[i] = (unsigned)i;
    }
    splitmix64_shuffle_u32(&g, perm, (size_t)n);
    printf("copy of %" PRIu64 " floats (%" PRIu64 " MiB), a matrix of %" PRIu64 " rows of %d for the 2-D kernels\n", n,
           n * sizeof(float) >> 20, n / COPY_ROW_FLOATS, COPY_ROW_FLOATS);
    int ok = 1;
    /* the sector check is cheap and decides the verdict: it runs for --on gpu too */
    ok &= cpu_view(run, count, (long long)n, perm, quiet || !(where & RUN_CPU));
    if (where & RUN_GPU)
        ok &= gpu_run(run, count, (long long)n, in, perm, (int)reps);
    free(in);
    free(perm);
    return exit_status(ok);
}
