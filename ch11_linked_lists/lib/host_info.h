/* host_info.h - what the host machine offers: its online CPUs and its
 * physical memory (sysconf), for the default thread count and for refusing
 * a list that cannot fit before any of it is built. */
#ifndef CH11_HOST_INFO_H
#define CH11_HOST_INFO_H

#include <stdint.h>

/* Online CPUs, at least 1. */
int host_online_cpus(void);

/* Physical memory in bytes; UINT64_MAX when sysconf cannot say. */
uint64_t host_memory_bytes(void);

#endif
