/* run_header.c - see run_header.h. */
#define _POSIX_C_SOURCE 200112L /* sysconf under -std=c11 */
#include "run_header.h"

#include "cli.h"
#include "gpu.h"
#include "timing.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The "model name" line of /proc/cpuinfo, or "unknown CPU". */
static void host_cpu_model(char *buf, size_t size)
{
    snprintf(buf, size, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (f == NULL)
        return;
    char line[512];
    while (fgets(line, sizeof line, f)) {
        const char *colon = strchr(line, ':');
        if (strncmp(line, "model name", 10) == 0 && colon != NULL) {
            snprintf(buf, size, "%s", colon + 2);
            buf[strcspn(buf, "\n")] = '\0';
            break;
        }
    }
    fclose(f);
}

void print_run_header(int argc, char **argv)
{
    char device[256], cpu[256], date[32], command[1024];
    gpu_device_describe(device, sizeof device);
    host_cpu_model(cpu, sizeof cpu);
    utc_now(date, sizeof date, "%Y-%m-%d %H:%M UTC");
    cli_command_line(argc, argv, command, sizeof command);
    const long l2 = gpu_l2_cache_bytes();
    if (l2 > 0) /* queried, so a table says which L2 its sizes are measured against */
        snprintf(device + strlen(device), sizeof device - strlen(device), ", L2 %.1f MiB", (double)l2 / 1048576.0);
    printf("device: %s  \nhost: %s, %ld hardware threads  \ndate: %s  \ncommand: `%s`\n\n", device, cpu,
           sysconf(_SC_NPROCESSORS_ONLN), date, command);
}
