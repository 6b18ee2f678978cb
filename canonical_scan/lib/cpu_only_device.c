/* cpu_only_device.c - gpu.h for a program that measures only the CPU
 * (cpu_reduce_bench): it links no CUDA code, so its run header says that no
 * GPU took part, whatever the machine has. */
#include "exit_codes.h"
#include "gpu.h"

#include <stdio.h>
#include <stdlib.h>

int gpu_device_count(void)
{
    return 0;
}

void gpu_device_describe(char *buf, size_t size)
{
    snprintf(buf, size, "none (a CPU benchmark: only the host below is measured)");
}

void gpu_require_device(void)
{
    printf("skipped: this program measures the CPU only\n");
    exit(EXIT_NO_GPU);
}

long gpu_l2_cache_bytes(void)
{
    return 0; /* no GPU L2 to report */
}
