/* test_common.c - unit tests of the common/ helpers. Each check prints one
 * line (--quiet: only a failing one, and the verdict); the program exits 1
 * if any fails. The random checks (LCG values in range, a shuffle, below())
 * take --n values each, the shuffle and below() from a splitmix64 seeded
 * with --seed: by default the state seed 0 reaches after its first value,
 * which the published-value check draws. */
#include "common.h"

#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int quiet = 0;

static void expect(int ok, const char *what)
{
    if (!ok || !quiet)
        printf("%s  %s\n", ok ? "ok  " : "FAIL", what);
    if (!ok)
        failures++;
}

static void test_lcg(size_t n)
{
    const uint64_t published[5] = {
        UINT64_C(0x3fd37de3b20e9fdc), UINT64_C(0xbfd2e1595e76077c), UINT64_C(0xbfd5c999955b530c),
        UINT64_C(0xbfe6be1806d7224e), UINT64_C(0x3fef95133e17376e),
    };
    double *x = alloc_or_exit(n, sizeof *x, "the LCG values");
    lcg64_fill(LCG64_DEFAULT_SEED, x, n);
    int ok = 1, in_range = 1;
    for (int i = 0; i < 5; i++)
        ok &= double_bits(x[i]) == published[i];
    for (size_t i = 0; i < n; i++)
        in_range &= x[i] >= -1.0 && x[i] < 1.0;
    expect(ok, "lcg64: first five values have the published bit patterns");
    char what[96];
    snprintf(what, sizeof what, "lcg64: %zu values lie in [-1, 1)", n);
    expect(in_range, what);
    free(x);
}

/* n >= 100: a random permutation of n then fixes fewer than n / 10
 * elements but for a chance below 10^-6. */
static void test_splitmix(size_t n, uint64_t seed)
{
    splitmix64 g = { 0 };
    expect(splitmix64_next(&g) == UINT64_C(0xe220a8397b1dcdaf), "splitmix64: seed 0 starts with 0xe220a8397b1dcdaf");
    g.state = seed;
    uint32_t *a = alloc_or_exit(n, sizeof *a, "the shuffle");
    unsigned char *seen = alloc_or_exit(n, 1, "the shuffle's marks");
    memset(seen, 0, n);
    int is_perm = 1;
    size_t moved = 0;
    for (uint32_t i = 0; i < n; i++)
        a[i] = i;
    splitmix64_shuffle_u32(&g, a, n);
    for (uint32_t i = 0; i < n; i++) {
        is_perm &= a[i] < n && !seen[a[i]];
        if (a[i] < n)
            seen[a[i]] = 1;
        moved += a[i] != i;
    }
    char what[96];
    snprintf(what, sizeof what, "splitmix64: shuffle of %zu is a permutation that moves most elements", n);
    expect(is_perm && 10 * moved > 9 * n, what);
    int below_ok = 1;
    for (size_t i = 0; i < 10 * n; i++)
        below_ok &= splitmix64_below(&g, 7) < 7;
    expect(below_ok, "splitmix64: below(7) stays below 7");
    free(a);
    free(seen);
}

static void test_fnv(void)
{
    expect(fnv1a64("", 0) == UINT64_C(0xcbf29ce484222325), "fnv1a64(\"\") is the offset basis");
    expect(fnv1a64("a", 1) == UINT64_C(0xaf63dc4c8601ec8c), "fnv1a64(\"a\") = 0xaf63dc4c8601ec8c");
    expect(fnv1a64("foobar", 6) == UINT64_C(0x85944171f73967e8), "fnv1a64(\"foobar\") = 0x85944171f73967e8");
    uint64_t h = fnv1a64_update(FNV1A64_OFFSET, "foo", 3);
    expect(fnv1a64_update(h, "bar", 3) == fnv1a64("foobar", 6), "fnv1a64: updating in pieces equals one pass");
    /* 1.0 = 0x3ff0000000000000 and -2.5 = 0xc004000000000000, least significant byte first, on any host */
    const double values[2] = { 1.0, -2.5 };
    const unsigned char little_endian[16] = { 0, 0, 0, 0, 0, 0, 0xf0, 0x3f, 0, 0, 0, 0, 0, 0, 0x04, 0xc0 };
    expect(fnv1a64_doubles(values, 2) == fnv1a64(little_endian, sizeof little_endian),
           "fnv1a64_doubles hashes each double's bits as little-endian bytes");
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
    /* decimal means decimal: no octal, whatever the leading zeros */
    expect(cli_parse_u64("010", 0, 2000, &v) == 0 && v == 10, "cli: '010' parses as 10, not octal 8");
    expect(cli_parse_u64("09", 0, 2000, &v) == 0 && v == 9, "cli: '09' parses as 9");
    expect(cli_parse_u64("0", 0, 2000, &v) == 0 && v == 0, "cli: '0' parses as 0");
    expect(cli_parse_u64("0000", 0, 2000, &v) == 0 && v == 0, "cli: '0000' parses as 0");
    expect(cli_parse_u64("0XfF", 0, 2000, &v) == 0 && v == 255, "cli: '0XfF' parses as 255");
    expect(cli_parse_u64("0x", 0, 2000, &v) != 0, "cli: '0x' alone is rejected");
    expect(cli_parse_u64("0x-1", 0, UINT64_MAX, &v) != 0, "cli: '0x-1' is rejected");
    expect(cli_parse_u64("0x 1", 0, UINT64_MAX, &v) != 0, "cli: '0x 1' is rejected");
    expect(cli_parse_u64("ff", 0, 2000, &v) != 0, "cli: 'ff' without 0x is rejected");
    expect(cli_parse_u64("0xffffffffffffffff", 0, UINT64_MAX, &v) == 0 && v == UINT64_MAX,
           "cli: '0xffffffffffffffff' parses as 2^64 - 1");
    expect(cli_parse_u64("0x10000000000000000", 0, UINT64_MAX, &v) != 0, "cli: hex overflow is rejected");
    expect(cli_parse_u64("18446744073709551615", 0, UINT64_MAX, &v) == 0 && v == UINT64_MAX,
           "cli: '18446744073709551615' parses as 2^64 - 1");
    expect(cli_parse_u64("18446744073709551616", 0, UINT64_MAX, &v) != 0, "cli: 2^64 in decimal is rejected");
    /* no sign and no white space, where strtoull would skip or negate */
    expect(cli_parse_u64(" -1", 0, UINT64_MAX, &v) != 0, "cli: ' -1' is rejected like '-1'");
    expect(cli_parse_u64(" 5", 0, 2000, &v) != 0, "cli: ' 5' (leading space) is rejected");
    expect(cli_parse_u64("\t5", 0, 2000, &v) != 0, "cli: a leading tab is rejected");
    expect(cli_parse_u64("5 ", 0, 2000, &v) != 0, "cli: '5 ' (trailing space) is rejected");
    expect(cli_parse_u64("+5", 0, 2000, &v) != 0, "cli: '+5' is rejected");
    expect(cli_parse_u64("1e3", 0, 2000, &v) != 0, "cli: '1e3' is rejected (not an integer)");
    /* 2^k: k decimal in [0, 63] */
    expect(cli_parse_u64("2^0", 0, 2000, &v) == 0 && v == 1, "cli: '2^0' parses as 1");
    expect(cli_parse_u64("2^63", 0, UINT64_MAX, &v) == 0 && v == UINT64_C(1) << 63, "cli: '2^63' parses");
    expect(cli_parse_u64("2^010", 0, 2000, &v) == 0 && v == 1024, "cli: '2^010' is 2^10");
    expect(cli_parse_u64("2^", 0, 2000, &v) != 0, "cli: '2^' alone is rejected");
    expect(cli_parse_u64("2^-1", 0, 2000, &v) != 0 && cli_parse_u64("2^ 3", 0, 2000, &v) != 0 &&
               cli_parse_u64("2^+3", 0, 2000, &v) != 0 && cli_parse_u64("2^0x3", 0, 2000, &v) != 0,
           "cli: '2^-1', '2^ 3', '2^+3', '2^0x3' are rejected");
    expect(cli_parse_u64("2^11", 0, 2000, &v) != 0, "cli: '2^11' = 2048 is above the maximum 2000");
    expect(cli_parse_u64(NULL, 0, 2000, &v) != 0, "cli: NULL is rejected");
    double d = 0;
    expect(cli_parse_double("-2.5e3", &d) == 0 && d == -2500.0, "cli: '-2.5e3' parses as a double");
    expect(cli_parse_double("007.5", &d) == 0 && d == 7.5, "cli: '007.5' parses as 7.5");
    expect(cli_parse_double(".5", &d) == 0 && d == 0.5, "cli: '.5' parses as 0.5");
    expect(cli_parse_double("nan", &d) != 0 && cli_parse_double("1.5.2", &d) != 0,
           "cli: 'nan' and '1.5.2' are rejected");
    expect(cli_parse_double(" 1.5", &d) != 0 && cli_parse_double("", &d) != 0 && cli_parse_double("inf", &d) != 0,
           "cli: ' 1.5', '' and 'inf' are rejected");
    expect(cli_parse_double("1e999", &d) != 0, "cli: '1e999' (overflow) is rejected");
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

/* --dat FILE: the unit tests also write their verdicts to FILE through
 * cli_open_output and cli_close_output, so that a test can give a FILE that
 * cannot be written (/dev/full) and see the program end with exit 1. */
static void write_dat(const char *path)
{
    FILE *dat = cli_open_output(path);
    if (dat == NULL)
        return;
    for (int i = 0; i < 1000; i++)
        fprintf(dat, "line %d of the unit tests' data file\n", i);
    fprintf(dat, "%d failed\n", failures);
    cli_close_output(dat, path);
}

int main(int argc, char **argv)
{
    const char *dat = NULL;
    uint64_t n = 1000, seed = UINT64_C(0x9E3779B97F4A7C15);
    const cli_option options[] = {
        { "--quiet", CLI_FLAG, &quiet, "print only the failing checks and the verdict", 0, 0, NULL },
        { "--dat", CLI_STRING, &dat, "also write a data file to FILE (tests the write check)", 0, 0, NULL },
        { "--n", CLI_U64, &n, "values in each random check: LCG range, shuffle, below() x 10 (default 1000)", 100,
          UINT64_C(1) << 24, NULL },
        { "--seed", CLI_U64, &seed, "splitmix64 seed of the shuffle and below() (default 0x9E3779B97F4A7C15)", 0,
          UINT64_MAX, NULL },
    };
    cli_parse(argc, argv, "Unit tests of the common/ helpers.", options, sizeof options / sizeof options[0]);
    test_lcg((size_t)n);
    test_splitmix((size_t)n, seed);
    test_fnv();
    test_verify();
    test_cli_numbers();
    test_timing();
    write_dat(dat);
    if (!quiet)
        printf("%d failed\n", failures);
    return exit_status(verdict("common/ helpers behave as documented", failures == 0));
}
