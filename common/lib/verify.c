/* verify.c - see verify.h. */
#include "verify.h"
#include "exit_codes.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

uint64_t double_bits(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

uint32_t float_bits(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

int doubles_bit_equal(double a, double b)
{
    return double_bits(a) == double_bits(b);
}

const char *double_hex(double x, char buf[HEX64_LEN])
{
    snprintf(buf, HEX64_LEN, "0x%016" PRIx64, double_bits(x));
    return buf;
}

double relative_error(double got, double ref)
{
    const double diff = fabs(got - ref);
    return ref == 0.0 ? diff : diff / fabs(ref);
}

/* Maps the sign-magnitude bit pattern onto a line where adjacent floats are
 * adjacent integers; -0 and +0 both land on 0. */
static uint64_t ordered_double(double x)
{
    const uint64_t u = double_bits(x);
    return (u >> 63) ? UINT64_C(0x8000000000000000) - (u & ~(UINT64_C(1) << 63)) : UINT64_C(0x8000000000000000) + u;
}

static uint32_t ordered_float(float x)
{
    const uint32_t u = float_bits(x);
    return (u >> 31) ? UINT32_C(0x80000000) - (u & ~(UINT32_C(1) << 31)) : UINT32_C(0x80000000) + u;
}

uint64_t ulp_distance_double(double a, double b)
{
    if (isnan(a) || isnan(b))
        return UINT64_MAX;
    const uint64_t x = ordered_double(a), y = ordered_double(b);
    return x > y ? x - y : y - x;
}

uint64_t ulp_distance_float(float a, float b)
{
    if (isnan(a) || isnan(b))
        return UINT64_MAX;
    const uint32_t x = ordered_float(a), y = ordered_float(b);
    return x > y ? (uint64_t)(x - y) : (uint64_t)(y - x);
}

uint64_t fnv1a64_update(uint64_t hash, const void *data, size_t size)
{
    const unsigned char *p = (const unsigned char *)data;
    for (size_t i = 0; i < size; i++) {
        hash ^= p[i];
        hash *= FNV1A64_PRIME;
    }
    return hash;
}

uint64_t fnv1a64(const void *data, size_t size)
{
    return fnv1a64_update(FNV1A64_OFFSET, data, size);
}

uint64_t fnv1a64_doubles(const double *x, size_t n)
{
    uint64_t hash = FNV1A64_OFFSET;
    for (size_t i = 0; i < n; i++) {
        uint64_t bits;
        memcpy(&bits, &x[i], sizeof bits);
        for (int byte = 0; byte < 8; byte++) { /* least significant byte first */
            hash ^= (bits >> (8 * byte)) & 0xffu;
            hash *= FNV1A64_PRIME;
        }
    }
    return hash;
}

int verdict_to(FILE *stream, const char *what, int ok)
{
    fprintf(stream, "self-check: %s: %s\n", what, ok ? "confirmed" : "MISMATCH");
    return ok;
}

int verdict(const char *what, int ok)
{
    return verdict_to(stdout, what, ok);
}

int exit_status(int ok)
{
    return ok ? EXIT_PASS : EXIT_MISMATCH;
}
