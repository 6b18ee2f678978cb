/* bench_date.h - today's date for benchmark tables (should move to common/). */
#ifndef CH03_BENCH_DATE_H
#define CH03_BENCH_DATE_H

#include <stddef.h>

/* Writes today's UTC date as "YYYY-MM-DD". */
void today_utc(char *buf, size_t size);

#endif
