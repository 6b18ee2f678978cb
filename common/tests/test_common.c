/* test_common.c - unit tests of the common/ helpers. Each check prints one
 * line; the program exits 1 if any fails. */
#include "common.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;

static void expect(int ok, const char *what)
{
    printf("%s  %s\n", ok ? "ok  " : "FAIL", what);
    if (!ok)
        failures++;
}

static void test_lcg(void)
{
    const uint64_t published[5] = {
        UINT64_C(0x3fd37de3b20e9fdc), UINT64_C(0xbfd2e1595e76077c), UINT64_C(0xbfd5c999955b530c),
        UINT64_C(0xbfe6be1806d7224e), UINT64_C(0x3fef95133e17376e),
    };
    double x[1000];
    lcg64_fill(LCG64_DEFAULT_SEED, x, 1000);
    int ok = 1, in_range = 1;
    for (int i = 0; i < 5; i++)
        ok &= double_bits(x[i]) == published[i];
    for (int i = 0; i < 1000; i++)
        in_range &= x[i] >= -1.0 && x[i] < 1.0;
    expect(ok, "lcg64: first five values have the published bit patterns");
    expect(in_range, "lcg64: 1000 values lie in [-1, 1)");
}

static void test_splitmix(void)
{
    splitmix64 g = { 0 };
    expect(splitmix64_next(&g) == UINT64_C(0xe220a8397b1dcdaf), "splitmix64: seed 0 starts with 0xe220a8397b1dcdaf");
    uint32_t a[1000];
    int seen[1000] = { 0 }, is_perm = 1, moved = 0;
    for (uint32_t i = 0; i < 1000; i++)
        a[i] = i;
    splitmix64_shuffle_u32(&g, a, 1000);
    for (uint32_t i = 0; i < 1000; i++) {
        is_perm &= a[i] < 1000 && !seen[a[i]];
        if (a[i] < 1000)
            seen[a[i]] = 1;
        moved += a[i] != i;
    }
    expect(is_perm && moved > 900, "splitmix64: shuffle of 1000 is a permutation that moves most elements");
    int below_ok = 1;
    for (int i = 0; i < 10000; i++)
        below_ok &= splitmix64_below(&g, 7) < 7;
    expect(below_ok, "splitmix64: below(7) stays below 7");
}

static void test_fnv(void)
{
    expect(fnv1a64("", 0) == UINT64_C(0xcbf29ce484222325), "fnv1a64(\"\") is the offset basis");
    expect(fnv1a64("a", 1) == UINT64_C(0xaf63dc4c8601ec8c), "fnv1a64(\"a\") = 0xaf63dc4c8601ec8c");
    expect(fnv1a64("foobar", 6) == UINT64_C(0x85944171f73967e8), "fnv1a64(\"foobar\") = 0x85944171f73967e8");
    uint64_t h = fnv1a64_update(FNV1A64_OFFSET, "foo", 3);
    expect(fnv1a64_update(h, "bar", 3) == fnv1a64("foobar", 6), "fnv1a64: updating in pieces equals one pass");
}

static void test_verify(void)
{
    char hex[HEX64_LEN];
    expect(strcmp(double_hex(1.0, hex), "0x3ff0000000000000") == 0, "double_hex(1.0)");
    expect(ulp_distance_double(1.0, nextafter(1.0, 2.0)) == 1, "ulp: 1.0 and its successor are 1 apart");
    expect(ulp_distance_double(0.0, -0.0) == 0, "ulp: +0 and -0 are 0 apart");
    expect(ulp_distance_double(DBL_TRUE_MIN, -DBL_TRUE_MIN) == 2, "ulp: +/- smallest subnormal are 2 apart");
    expect(ulp_distance_double(NAN, 1.0) == UINT64_MAX, "ulp: NaN is infinitely far");
    expect(ulp_distance_float(1.0f, nextafterf(1.0f, 0.0f)) == 1, "ulp: float 1.0 and its predecessor are 1 apart");
    expect(fabs(relative_error(1.001, 1.0) - 1e-3) < 1e-12, "relative_error(1.001, 1.0) = 1e-3");
    expect(!doubles_bit_equal(0.0, -0.0), "bit equality tells +0 from -0");
}

static void test_cli_numbers(void)
{
    uint64_t v = 0;
    expect(cli_parse_u64("1000", 1, 2000, &v) == 0 && v == 1000, "cli: '1000' parses");
    expect(cli_parse_u64("0x10", 1, 2000, &v) == 0 && v == 16, "cli: '0x10' parses as 16");
    expect(cli_parse_u64("2^20", 1, UINT64_MAX, &v) == 0 && v == 1048576, "cli: '2^20' parses as 1048576");
    expect(cli_parse_u64("abc", 1, 2000, &v) != 0, "cli: 'abc' is rejected");
    expect(cli_parse_u64("-1", 0, UINT64_MAX, &v) != 0, "cli: '-1' is rejected");
    expect(cli_parse_u64("12x", 0, 2000, &v) != 0, "cli: '12x' is rejected");
    expect(cli_parse_u64("", 0, 2000, &v) != 0, "cli: '' is rejected");
    expect(cli_parse_u64("0", 1, 2000, &v) != 0, "cli: '0' is rejected where the minimum is 1");
    expect(cli_parse_u64("99999999999999999999", 0, UINT64_MAX, &v) != 0, "cli: overflow is rejected");
    expect(cli_parse_u64("2^64", 0, UINT64_MAX, &v) != 0, "cli: '2^64' is rejected");
    double d = 0;
    expect(cli_parse_double("-2.5e3", &d) == 0 && d == -2500.0, "cli: '-2.5e3' parses as a double");
    expect(cli_parse_double("nan", &d) != 0 && cli_parse_double("1.5.2", &d) != 0, "cli: 'nan' and '1.5.2' are rejected");
}

static void test_timing(void)
{
    double v[5] = { 5, 1, 4, 2, 3 };
    expect(median_of(v, 5) == 3.0, "median of 5 values");
    double w[4] = { 4, 1, 3, 2 };
    expect(median_of(w, 4) == 2.5, "median of 4 values averages the middle two");
    double s[3] = { 1.0, 2.0, 1.5 };
    expect(fabs(spread_of(s, 3) - (1.0 / 1.5)) < 1e-12, "spread = (max - min) / median");
    const double t0 = host_seconds(), t1 = host_seconds();
    expect(t1 >= t0, "host clock is monotonic");
}

int main(int argc, char **argv)
{
    const cli_option options[] = { { "--quiet", CLI_FLAG, &(int){ 0 }, "ignored", 0, 0, NULL } };
    cli_parse(argc, argv, "Unit tests of the common/ helpers.", options, 1);
    test_lcg();
    test_splitmix();
    test_fnv();
    test_verify();
    test_cli_numbers();
    test_timing();
    printf("%d failed\n", failures);
    return exit_status(verdict("common/ helpers behave as documented", failures == 0));
}
