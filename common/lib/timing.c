/* timing.c - see timing.h. */
#define _POSIX_C_SOURCE 200112L /* clock_gettime, gmtime_r under -std=c11 */
#include "timing.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

double host_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b)
{
    const double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double median_of(double *v, size_t n)
{
    qsort(v, n, sizeof *v, compare_doubles);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

double spread_of(double *v, size_t n)
{
    const double m = median_of(v, n);
    return m > 0.0 ? (v[n - 1] - v[0]) / m : 0.0;
}

void utc_now(char *buf, size_t size, const char *format)
{
    const time_t now = time(NULL);
    struct tm utc;
    if (size == 0)
        return;
    if (gmtime_r(&now, &utc) == NULL || strftime(buf, size, format, &utc) == 0)
        snprintf(buf, size, "unknown");
}
