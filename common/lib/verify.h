/* verify.h - comparing results and announcing the verdict.
 *
 * Deterministic algorithms are compared bit for bit (bits_equal, the hex
 * form of a double, FNV-1a 64 of a whole buffer); floating-point results of
 * non-deterministic order are compared to a double reference with a stated
 * relative tolerance. Every program ends with verdict() lines. */
#ifndef COMMON_VERIFY_H
#define COMMON_VERIFY_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#ifdef __cplusplus
extern "C" {
#endif

uint64_t double_bits(double x);
uint32_t float_bits(float x);
int doubles_bit_equal(double a, double b);

/* "0x3fd37de3b20e9fdc": 19 bytes including the terminator. */
#define HEX64_LEN 19
const char *double_hex(double x, char buf[HEX64_LEN]);

/* |got - ref| / |ref|; |got - ref| when ref is 0. */
double relative_error(double got, double ref);

/* Number of representable values between a and b (0 when bit-equal, also
 * for +0/-0); UINT64_MAX when either is NaN. */
uint64_t ulp_distance_double(double a, double b);
uint64_t ulp_distance_float(float a, float b);

/* FNV-1a 64 over raw bytes (little-endian hosts: the bytes as stored). */
#define FNV1A64_OFFSET UINT64_C(0xcbf29ce484222325)
#define FNV1A64_PRIME UINT64_C(0x100000001b3)
uint64_t fnv1a64_update(uint64_t hash, const void *data, size_t size);
uint64_t fnv1a64(const void *data, size_t size);

/* Prints "self-check: <what>: confirmed" or "... MISMATCH" on stdout and
 * returns ok (so checks can be chained: all_ok &= verdict(...)). */
int verdict(const char *what, int ok);

/* The same on a chosen stream: stderr, for programs whose stdout is reserved
 * for a machine-readable result (--hex, --summary, --print). */
int verdict_to(FILE *stream, const char *what, int ok);

/* EXIT_PASS when ok, EXIT_MISMATCH otherwise. */
int exit_status(int ok);

#ifdef __cplusplus
}
#endif

#endif
