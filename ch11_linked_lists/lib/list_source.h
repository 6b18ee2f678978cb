/* list_source.h - what list_rank and scatter_by_rank share: the list the
 * options ask for. (Verdicts on a chosen stream: verdict_to in common/verify.h.) */
#ifndef CH11_LIST_SOURCE_H
#define CH11_LIST_SOURCE_H

#include <stdint.h>
#include <stdio.h>

#include "list.h"

/* The list from --input FILE, or --random N (random order, seed), or by
 * default the 8-node list in index order with values 10..80. Validated
 * before it is returned: any problem prints one `error: ...` line and
 * exits with EXIT_BAD_INPUT. describe gets a few words for the trace. */
void list_load(list *l, const char *input, uint64_t random_n, uint64_t seed, char *describe, size_t describe_size);

/* --n N is the conventional name of --random N, the size of the random
 * list: returns the size either gives (0: neither). Both given with
 * different sizes, or either with --input, print one `error: ...` line and
 * exit with EXIT_BAD_INPUT. */
uint64_t list_random_size(uint64_t n, uint64_t random_n, const char *input);

/* "  label   v0  v1 ..." with a fixed column width, for the small traces. */
void print_int_row(FILE *out, const char *label, const int32_t *v, int32_t n);

#endif
