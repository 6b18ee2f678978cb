/* host_info.c - see host_info.h. */
#define _DEFAULT_SOURCE /* _SC_NPROCESSORS_ONLN, _SC_PHYS_PAGES under -std=c11 */
#include "host_info.h"

#include <unistd.h>

int host_online_cpus(void)
{
    const long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    return cpus < 1 ? 1 : cpus > 1 << 20 ? 1 << 20 : (int)cpus;
}

uint64_t host_memory_bytes(void)
{
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || page <= 0)
        return UINT64_MAX;
    return (uint64_t)pages * (uint64_t)page;
}
