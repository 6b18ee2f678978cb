/* emulated_device_reduce.cpp - the code of gpu/device_reduce_kernels.cuh,
 * its own source, run on the CPU by the emulator (common/emulator/): each
 * block's threads one after another, shuffles exchanged lane by lane,
 * blocks in order. Two parts, each with two checks:
 *   warp_sum alone (a small kernel of this file calls it in every warp);
 *   the device reduction: device_reduce_partials, then device_reduce_final,
 *     with the geometry device_reduce picks (for a GPU of 2 SMs, so that
 *     several blocks and a grid stride are exercised in little time).
 * "exact": on integer-valued inputs every order of additions gives the
 * plain sum exactly, so a value lost or added twice shows whatever the
 * order. "bits": on random inputs the result must be the bits of the
 * chapter's CPU replay (lib/device_reduce_emulate.c): the GPU's order of
 * additions. A bits check counts only where the exact one holds.
 * --print WHAT prints only what the kernels computed, one value per line in
 * C's %a notation (every bit shown): warp-integers, warp-random (each warp's
 * sum), device-integers, device-random (each case's result).
 * --n N runs the device reduction on N elements only (offsets 0, 1, 3)
 * instead of its ten sizes from 1 to 20011; warp_sum keeps its 128 lanes. */
#include "cuda_shim.h"
#include "emu_launch.h"

#include "device_reduce_kernels.cuh"
#include "device_reduce_emulate.h"

#include "common.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const int WARP_LANES = 32;

/* --print: which of the four parts prints its computed values (NULL: none). */
static const char *print_what = NULL;

static bool printing(bool warp, bool integers)
{
    if (print_what == NULL)
        return false;
    char want[32];
    snprintf(want, sizeof want, "%s-%s", warp ? "warp" : "device", integers ? "integers" : "random");
    return strcmp(print_what, want) == 0;
}

/* Every warp sums its lanes' values; lane 0 stores the warp's sum. */
template <typename T>
__global__ void warp_sum_each_warp(const T *x, T *sums)
{
    const T s = warp_sum(x[threadIdx.x]);
    if (threadIdx.x % 32 == 0)
        sums[threadIdx.x / 32] = s;
}

/* Integer values in [-8, 8] or random ones in [-1, 1). */
static double input_value(splitmix64 *g, bool integers)
{
    const uint64_t r = splitmix64_next(g);
    return integers ? (double)(int)(r % 17) - 8.0 : (double)(r >> 11) * 0x1p-52 - 1.0;
}

template <typename T>
static bool warp_case(elem_type type, bool integers, uint64_t seed)
{
    enum { THREADS = 128 };
    T x[THREADS], sums[THREADS / 32];
    splitmix64 g = { seed * 7 + (integers ? 1 : 2) };
    for (int i = 0; i < THREADS; i++)
        x[i] = (T)input_value(&g, integers);
    T *d_x = (T *)emu_device_alloc(sizeof x, "x"), *d_sums = (T *)emu_device_alloc(sizeof sums, "sums");
    memcpy(d_x, x, sizeof x);
    const int status = emu_launch(warp_sum_each_warp<T>, dim3(1), dim3(THREADS), (const T *)d_x, d_sums);
    memcpy(sums, d_sums, sizeof sums);
    emu_device_free(d_x);
    emu_device_free(d_sums);
    if (status != 0)
        return false;
    const reduce_input in = { type, (const float *)x, (const double *)x, THREADS };
    bool ok = true;
    for (int w = 0; w < THREADS / 32 && ok; w++) {
        double lane[32], exact = 0.0;
        for (int l = 0; l < WARP_LANES; l++)
            exact += lane[l] = (double)x[w * 32 + l];
        const double want = integers ? exact : device_reduce_emulate_warp(&in, lane);
        ok &= (double)sums[w] == want; /* a float converts to double exactly */
    }
    if (printing(true, integers))
        for (int w = 0; w < THREADS / 32; w++)
            printf("%s warp %d: %a\n", type == ELEM_FLOAT ? "float" : "double", w, (double)sums[w]);
    return ok;
}

/* Both kernels on n elements placed `offset` elements past a 16-byte
 * boundary (the head and tail scalars); the result as a double. The kernels
 * get device buffers of the emulator (16-byte aligned, as cudaMalloc's),
 * not host arrays: it checks every access to them for bounds (memcheck) and
 * for races between the threads of a block (racecheck). */
template <typename T>
static bool device_case(elem_type type, size_t n, size_t offset, bool integers, uint64_t seed, bool quiet)
{
    T *d_base = (T *)emu_device_alloc((n + offset) * sizeof(T), "x");
    T *x = d_base + offset;
    splitmix64 g = { seed + n * 31 + offset };
    double exact = 0.0;
    for (size_t i = 0; i < n; i++)
        exact += (double)(x[i] = (T)input_value(&g, integers));
    reduce_geometry geo;
    device_reduce_choose_geometry(&geo, type, n, (size_t)((uintptr_t)x % 16), 2, 2);
    T *partials = (T *)emu_device_alloc((size_t)geo.blocks * sizeof(T), "partials");
    T *d_out = (T *)emu_device_alloc(sizeof(T), "out");
    *d_out = (T)0;
    int status = emu_launch(device_reduce_partials<T>, dim3((unsigned)geo.blocks), dim3((unsigned)geo.threads),
                            (const T *)x, n, geo.head, partials);
    if (status == 0)
        status = emu_launch(device_reduce_final<T>, dim3(1), dim3((unsigned)geo.final_threads), (const T *)partials,
                            geo.blocks, d_out);
    const T out = *d_out;
    const reduce_input in = { type, (const float *)x, (const double *)x, n };
    const double want = integers ? exact : device_reduce_emulate(&in, &geo);
    const bool ok = status == 0 && (double)out == want;
    if (printing(false, integers))
        printf("%s n = %zu, offset %zu: %a%s\n", type == ELEM_FLOAT ? "float" : "double", n, offset, (double)out,
               status != 0 ? " (the launch failed)" : "");
    else if (!quiet || !ok)
        printf("%-6s n = %6zu, offset %zu, %d blocks, %-8s %.17g  (%s %.17g)%s\n",
               type == ELEM_FLOAT ? "float" : "double", n, offset, geo.blocks, integers ? "integers" : "random",
               (double)out, integers ? "sum" : "replay", want,
               status != 0 ? "  the launch failed"
               : ok        ? ""
                           : "  MISMATCH");
    emu_device_free(partials);
    emu_device_free(d_out);
    emu_device_free(d_base);
    return ok;
}

/* The largest --n: integers in [-8, 8] keep every partial sum of at most
 * 2^21 of them within 2^24, where a float still holds every integer, so the
 * "exact" check stays exact in float too. */
#define DEVICE_MAX_N (UINT64_C(1) << 21)

/* --n: the one size to run (0: the ten sizes below). */
static size_t only_n = 0;

template <typename T>
static bool device_cases(elem_type type, bool integers, uint64_t seed, bool quiet)
{
    const size_t sizes[] = { 1, 2, 5, 31, 32, 33, 1000, 4099, 8192, 20011 };
    const size_t count = only_n ? 1 : sizeof sizes / sizeof sizes[0];
    bool ok = true;
    for (size_t s = 0; s < count; s++)
        for (size_t offset = 0; offset < 4 && (ok || print_what);
             offset += 1 + (offset == 1)) /* up to the first failure */
            ok &= device_case<T>(type, only_n ? only_n : sizes[s], offset, integers, seed, quiet || print_what != NULL);
    return ok;
}

int main(int argc, char **argv)
{
    uint64_t seed = 1, n = 0;
    int quiet = 0;
    const cli_option options[] = {
        { "--n", CLI_U64, &n, "the device reduction on N elements only (default: 1, 2, 5, ..., 20011)", 1, DEVICE_MAX_N,
          NULL },
        { "--seed", CLI_U64, &seed, "random seed (default 1)", 0, UINT64_MAX, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
        { "--print", CLI_CHOICE, &print_what, "print only the kernels' results, in %a (no verdicts)", 0, 0,
          "warp-integers|warp-random|device-integers|device-random" },
    };
    cli_parse(argc, argv, "Runs warp_sum and the device reduction's kernels on the CPU emulator.", options,
              sizeof options / sizeof options[0]);
    only_n = (size_t)n;
    if (print_what) { /* only the values the kernels computed; the status still says whether they hold */
        quiet = 1;
        const bool warp = strncmp(print_what, "warp", 4) == 0, integers = strstr(print_what, "integers") != NULL;
        bool ok;
        if (warp) {
            ok = warp_case<float>(ELEM_FLOAT, integers, seed);
            ok &= warp_case<double>(ELEM_DOUBLE, integers, seed);
        } else {
            ok = device_cases<float>(ELEM_FLOAT, integers, seed, true);
            ok &= device_cases<double>(ELEM_DOUBLE, integers, seed, true);
        }
        return exit_status(ok);
    }
    if (!quiet)
        printf("gpu/device_reduce_kernels.cuh on the CPU emulator (offsets 0, 1, 3; a 2-SM grid):\n");
    const bool warp_exact = warp_case<float>(ELEM_FLOAT, true, seed) && warp_case<double>(ELEM_DOUBLE, true, seed);
    const bool warp_bits = warp_case<float>(ELEM_FLOAT, false, seed) && warp_case<double>(ELEM_DOUBLE, false, seed);
    const bool dev_exact = device_cases<float>(ELEM_FLOAT, true, seed, quiet) &&
                           device_cases<double>(ELEM_DOUBLE, true, seed, quiet);
    const bool dev_bits = device_cases<float>(ELEM_FLOAT, false, seed, quiet) &&
                          device_cases<double>(ELEM_DOUBLE, false, seed, quiet);
    int ok = verdict("warp_sum: exact on integer lanes, every warp, float and double", warp_exact);
    ok &= verdict("warp_sum: the bits of the CPU replay on random lanes", warp_exact && warp_bits);
    char sizes[64] = "every n and offset";
    if (only_n)
        snprintf(sizes, sizeof sizes, "n = %zu, every offset", only_n);
    char what[160];
    snprintf(what, sizeof what, "device reduce: exact on integer inputs, %s", sizes);
    ok &= verdict(what, dev_exact);
    snprintf(what, sizeof what, "device reduce: the bits of device_reduce_emulate on random inputs%s%s",
             only_n ? ", " : "", only_n ? sizes : "");
    ok &= verdict(what, dev_exact && dev_bits);
    return exit_status(ok);
}
