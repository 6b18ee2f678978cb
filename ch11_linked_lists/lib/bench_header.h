/* bench_header.h - the lines every benchmark table of this chapter starts
 * with: device, date and the exact command (for RESULTS.md). */
#ifndef CH11_BENCH_HEADER_H
#define CH11_BENCH_HEADER_H

#include <stdio.h>

#include "cli.h"
#include "gpu.h"
#include "timing.h"

static inline void print_bench_header(int argc, char **argv)
{
    char device[256], date[32], command[1024];
    gpu_device_describe(device, sizeof device);
    utc_now(date, sizeof date, "%Y-%m-%d %H:%M UTC");
    cli_command_line(argc, argv, command, sizeof command);
    printf("device: %s  \ndate: %s  \ncommand: `%s`\n\n", device, date, command);
}

#endif
