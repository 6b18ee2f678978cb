/* bench_header.h - the lines every benchmark table of this chapter starts
 * with: device, date and the exact command (for RESULTS.md). */
#ifndef CH11_BENCH_HEADER_H
#define CH11_BENCH_HEADER_H

#include <stdio.h>
#include <time.h>

#include "gpu.h"

static inline void print_bench_header(int argc, char **argv)
{
    char device[256], date[32];
    gpu_device_describe(device, sizeof device);
    const time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M UTC", gmtime(&now));
    printf("device: %s  \ndate: %s  \ncommand: `", device, date);
    for (int i = 0; i < argc; i++)
        printf("%s%s", i ? " " : "", argv[i]);
    printf("`\n\n");
}

#endif
