/* bench_date.c - see bench_date.h. */
#include "bench_date.h"

#include <time.h>

void today_utc(char *buf, size_t size)
{
    const time_t now = time(NULL);
    const struct tm *utc = gmtime(&now); /* single-threaded programs only */
    if ((utc == NULL || strftime(buf, size, "%Y-%m-%d", utc) == 0) && size > 0)
        buf[0] = '\0';
}
