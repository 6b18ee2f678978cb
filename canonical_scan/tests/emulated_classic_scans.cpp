/* emulated_classic_scans.cpp - the classic networks' kernels run on the CPU
 * emulator against their named expressions, and the traps. The kernels of
 * gpu/classic_block_scans.cuh, their own source, run on the CPU by the
 * emulator (common/emulator/) and are compared bit for bit with the named
 * expressions of lib/classic_networks.c:
 *   - each block-level network (tiles of 16 .. 1024 threads, inclusive and
 *     exclusive, whole and partial tiles), and the warp-level Kogge-Stone;
 *   - the device-wide scan built from each network, with its look-back,
 *     against the expression D_b + N_b(j) (and, for Sklansky, against
 *     block_dyadic<256> of the CPU library).
 * --mistake commits one of the traps and shows the first wrong output:
 *   in-place     Kogge-Stone reading and writing one buffer (on a GPU a race)
 *   no-clear     Blelloch's down-sweep with the root left holding the total
 *   ks-reversed  a Kogge-Stone with its distances in the other order: every
 *                sum is right, but it is another expression, and its bits
 *                are not Kogge-Stone's. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "classic_block_scans.cuh"

#include "common.h"
#include "canonical_cpu.h"
#include "classic_networks.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <vector>

static const int nets[5] = { CLASSIC_KOGGE_STONE, CLASSIC_BRENT_KUNG, CLASSIC_BLELLOCH, CLASSIC_SKLANSKY,
                             CLASSIC_KOGGE_STONE_REVERSED };

/* The CPU expression of the tile kernel's output: each tile on its own. */
static void tile_reference(int net, unsigned w, const double *x, double *out, size_t n, int exclusive)
{
    for (size_t first = 0; first < n; first += w) {
        const size_t m = n - first < w ? n - first : w;
        classic_scan((classic_network)net, x + first, out + first, m, exclusive, 0, 0.0);
    }
}

/* The kernels get device buffers of the emulator, as cudaMalloc's on a GPU,
 * not host arrays: it checks every access to them for bounds (memcheck) and
 * for races between the threads of a block (racecheck). A copy of
 * host[0..n) in a new one: */
template <typename T>
static T *device_copy(const T *host, size_t n, const char *what)
{
    T *d = (T *)emu_device_alloc(n * sizeof(T), what);
    memcpy(d, host, n * sizeof(T));
    return d;
}

/* host[0..n) = the device buffer d, which is freed. */
template <typename T>
static void device_take(T *host, T *d, size_t n)
{
    memcpy(host, d, n * sizeof(T));
    emu_device_free(d);
}

/* Index of the first output whose bits differ, or n. */
static size_t first_difference(const double *a, const double *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!doubles_bit_equal(a[i], b[i]))
            return i;
    return n;
}

static void report(const char *what, size_t i, double got, double want)
{
    char g[HEX64_LEN], w[HEX64_LEN];
    printf("  %s: first difference at output %zu: kernel %s (%.17g), expression %s (%.17g)\n", what, i,
           double_hex(got, g), got, double_hex(want, w), want);
}

/* One tile-kernel launch against its expression; 1 when they agree. */
static int check_tiles(int net, unsigned w, const double *x, size_t n, int exclusive, int mistake, int against,
                       int quiet)
{
    std::vector<double> got(n), want(n);
    const unsigned tiles = (unsigned)((n + w - 1) / w);
    double *d_x = device_copy(x, n, "x"), *d_got = device_copy(got.data(), n, "out");
    const int status = emu_launch(classic_tile_scan, dim3(tiles), dim3(w), (const double *)d_x, d_got, (uint64_t)n, net,
                                  exclusive, mistake);
    emu_device_free(d_x);
    device_take(got.data(), d_got, n);
    if (status != 0)
        return 0;
    tile_reference(against, w, x, want.data(), n, exclusive);
    const size_t i = first_difference(got.data(), want.data(), n);
    if (i < n && !quiet) {
        char what[160];
        snprintf(what, sizeof what, "%s kernel against the %s expression, %u threads, n = %zu, %s",
                 network_title((classic_network)net), network_title((classic_network)against), w, n,
                 exclusive ? "exclusive" : "inclusive");
        report(what, i, got[i], want[i]);
    }
    return i == n;
}

static int check_warp(const double *x, size_t n)
{
    std::vector<double> got(n), want(n);
    double *d_x = device_copy(x, n, "x"), *d_got = device_copy(got.data(), n, "out");
    const int status = emu_launch(classic_warp_scan, dim3((unsigned)((n + 127) / 128)), dim3(128), (const double *)d_x,
                                  d_got, (uint64_t)n);
    emu_device_free(d_x);
    device_take(got.data(), d_got, n);
    if (status != 0)
        return 0;
    tile_reference(CLASSIC_KOGGE_STONE, 32, x, want.data(), n, 0);
    return first_difference(got.data(), want.data(), n) == n;
}

static int check_device(int net, const double *x, size_t n, int quiet)
{
    const uint64_t tiles = (n + CLASSIC_TILE - 1) / CLASSIC_TILE;
    uint64_t slots = 0;
    for (uint64_t t = tiles;; t >>= 1) {
        slots += t + 1;
        if (t == 0)
            break;
    }
    std::vector<double> got(n), want(n), node(slots);
    std::vector<unsigned> flag(slots, 0);
    unsigned long long next_tile = 0;
    double *d_x = device_copy(x, n, "x"), *d_got = device_copy(got.data(), n, "out");
    double *d_node = device_copy(node.data(), slots, "node_value");
    unsigned *d_flag = device_copy(flag.data(), slots, "node_flag");
    unsigned long long *d_next_tile = device_copy(&next_tile, 1, "next_tile");
    const classic_lookback lb = { d_node, d_flag, d_next_tile, tiles };
    const int status = emu_launch(classic_device_scan, dim3((unsigned)tiles), dim3(CLASSIC_TILE), (const double *)d_x,
                                  d_got, (uint64_t)n, net, lb);
    emu_device_free(d_x);
    emu_device_free(d_node);
    emu_device_free(d_flag);
    emu_device_free(d_next_tile);
    device_take(got.data(), d_got, n);
    if (status != 0)
        return 0;
    classic_device_scan_reference((classic_network)net, CLASSIC_TILE, x, want.data(), n);
    size_t i = first_difference(got.data(), want.data(), n);
    if (i < n && !quiet)
        report(network_title((classic_network)net), i, got[i], want[i]);
    if (net == CLASSIC_SKLANSKY) { /* Sklansky's device scan is block_dyadic<tile> */
        policy_scan(POLICY_BLOCK_DYADIC, CLASSIC_TILE, x, want.data(), n, 0, 0, 0.0);
        const size_t j = first_difference(got.data(), want.data(), n);
        if (j < n && !quiet)
            report("Sklansky against block_dyadic<256>", j, got[j], want[j]);
        i = i < j ? i : j;
    }
    return i == n;
}

/* A trap: the mistaken kernel against the expression it was meant to be. */
static int show_mistake(const char *mistake, const double *x)
{
    const size_t n = 16;
    if (strcmp(mistake, "ks-reversed") == 0) {
        /* Correct sums: on small integers every output is right ... */
        double ints[16], got[16] = { 0 };
        for (size_t i = 0; i < n; i++)
            ints[i] = (double)(i + 1);
        double *d_ints = device_copy(ints, n, "x"), *d_got = device_copy(got, n, "out");
        emu_launch(classic_tile_scan, dim3(1), dim3(16), (const double *)d_ints, d_got, (uint64_t)n,
                   (int)CLASSIC_KOGGE_STONE_REVERSED, 0, 0);
        emu_device_free(d_ints);
        device_take(got, d_got, n);
        int sums_right = 1;
        for (size_t i = 0; i < n; i++)
            sums_right &= got[i] == (double)((i + 1) * (i + 2) / 2);
        printf("Kogge-Stone with the distances 8, 4, 2, 1 (instead of 1, 2, 4, 8), 16 threads\n");
        verdict("on the integers 1 .. 16 every output is the right sum", sums_right);
        /* ... but it is another expression, and on doubles other bits. */
        const int same = check_tiles(CLASSIC_KOGGE_STONE_REVERSED, 16, x, n, 0, 0, CLASSIC_KOGGE_STONE, 0);
        verdict("on the P4016 hostile data it gives Kogge-Stone's bits", same);
        return sums_right && same;
    }
    const int in_place = strcmp(mistake, "in-place") == 0;
    const int net = in_place ? CLASSIC_KOGGE_STONE : CLASSIC_BLELLOCH;
    std::vector<double> got(n), want(n);
    double *d_x = device_copy(x, n, "x"), *d_got = device_copy(got.data(), n, "out");
    emu_launch(classic_tile_scan, dim3(1), dim3((unsigned)n), (const double *)d_x, d_got, (uint64_t)n, net,
               in_place ? 0 : 1, in_place ? (int)CLASSIC_MISTAKE_IN_PLACE : (int)CLASSIC_MISTAKE_NO_CLEAR);
    emu_device_free(d_x);
    device_take(got.data(), d_got, n);
    tile_reference(net, (unsigned)n, x, want.data(), n, in_place ? 0 : 1);
    printf("%s, 16 threads, the integers 1 .. 16:\n",
           in_place ? "Kogge-Stone in place (one buffer)" : "Blelloch without clearing the root");
    printf("   i   kernel   expected\n");
    for (size_t i = 0; i < n; i++)
        printf("%4zu %8.0f %10.0f%s\n", i, got[i], want[i], doubles_bit_equal(got[i], want[i]) ? "" : "   wrong");
    return verdict(in_place ? "the in-place Kogge-Stone computes the scan"
                            : "the Blelloch scan without a cleared root computes the exclusive scan",
                   first_difference(got.data(), want.data(), n) == n);
}

int main(int argc, char **argv)
{
    int quiet = 0;
    const char *mistake = NULL;
    uint64_t seed = LCG64_DEFAULT_SEED, n_device = 65539;
    const cli_option options[] = {
        { "--n", CLI_U64, &n_device, "the largest n of the device-wide check (default 65539)", 1, 1 << 22, NULL },
        { "--mistake", CLI_CHOICE, &mistake, "commit one trap and show its first wrong output", 0, 0,
          "in-place|no-clear|ks-reversed" },
        { "--seed", CLI_U64, &seed, "LCG seed of the P4016 data (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Runs the classic-network kernels on the CPU emulator and compares their bits with the "
              "named expressions.",
              options, sizeof options / sizeof options[0]);
    const size_t n_max = n_device > 1025 ? (size_t)n_device : 1025;
    std::vector<double> x(n_max);
    p4016_data(seed, 1, x.data(), n_max);
    if (mistake != NULL) {
        if (strcmp(mistake, "ks-reversed") != 0) { /* integers: the wrong sums are plain to read */
            for (size_t i = 0; i < 16; i++)
                x[i] = (double)(i + 1);
        }
        return exit_status(show_mistake(mistake, x.data()));
    }
    const size_t sizes[] = { 1, 2, 3, 5, 16, 17, 31, 32, 33, 100, 255, 256, 1000, 1024, 1025 };
    const unsigned threads[] = { 16, 32, 256, 1024 };
    int all = 1;
    if (!quiet)
        printf("Block-level networks on the CPU emulator against their expressions (sizes 1 .. 1025, "
               "tiles of 16 .. 1024 threads)\n");
    for (int k = 0; k < 5; k++) {
        int ok = 1;
        size_t runs = 0;
        for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
            for (size_t t = 0; t < sizeof threads / sizeof threads[0]; t++)
                for (int exclusive = 0; exclusive <= 1 && ok; exclusive++, runs++)
                    ok &= check_tiles(nets[k], threads[t], x.data(), sizes[s], exclusive, 0, nets[k], quiet);
        if (!quiet)
            printf("  %-32s %3zu launches, %s\n", network_title((classic_network)nets[k]), runs,
                   ok ? "every output bit-identical" : "MISMATCH");
        all &= ok;
    }
    const int warp_ok = check_warp(x.data(), 1000);
    if (!quiet)
        printf("  %-32s n = 1000 (32 per warp), %s\n", "warp Kogge-Stone (shuffles)",
               warp_ok ? "every output bit-identical" : "MISMATCH");
    all &= warp_ok;
    all &= verdict("every block-level network's kernel gives its expression's bits", all);

    const size_t device_sizes[] = { 1, 255, 256, 257, 4096, 5000, (size_t)n_device };
    int device_all = 1;
    if (!quiet)
        printf("Device-wide scans (tiles of %d, the look-back), n = 1 .. %" PRIu64 ", against D_b + N_b(j)\n",
               CLASSIC_TILE, n_device);
    for (int k = 0; k < CLASSIC_NETWORKS; k++) {
        int ok = 1;
        for (size_t s = 0; s < sizeof device_sizes / sizeof device_sizes[0] && ok; s++)
            if (device_sizes[s] <= n_device)
                ok &= check_device(nets[k], x.data(), device_sizes[s], quiet);
        if (!quiet)
            printf("  %-32s %s\n", network_title((classic_network)nets[k]),
                   ok ? "every output bit-identical" : "MISMATCH");
        device_all &= ok;
    }
    all &= verdict("every device-wide scan gives its expression's bits (Sklansky's: block_dyadic<256>'s)", device_all);
    return exit_status(all);
}
