/* list_source.c - see list_source.h. */
#include "list_source.h"
#include "common.h"
#include "list_io.h"

#include <inttypes.h>
#include <stdlib.h>

void list_load(list *l, const char *input, uint64_t random_n, uint64_t seed, char *describe, size_t describe_size)
{
    char err[512];
    if (input != NULL && random_n != 0) {
        fprintf(stderr, "error: --input and --random exclude each other\n");
        exit(EXIT_BAD_INPUT);
    }
    if (input != NULL) {
        if (list_read_file(input, l, err, sizeof err) != 0) {
            fprintf(stderr, "error: %s\n", err);
            exit(EXIT_BAD_INPUT);
        }
        snprintf(describe, describe_size, "read from %s", input);
    } else {
        const int32_t n = random_n != 0 ? (int32_t)random_n : 8;
        if (list_alloc(l, n) != 0) {
            fprintf(stderr, "error: cannot allocate a list of %d nodes\n", (int)n);
            exit(EXIT_BAD_INPUT);
        }
        if (random_n == 0) {
            list_make_in_order(l, 10);
            snprintf(describe, describe_size, "in index order, values 10, 20, ...");
        } else if (list_make_random(l, seed, 1) != 0) {
            fprintf(stderr, "error: cannot allocate a permutation of %d nodes\n", (int)n);
            exit(EXIT_BAD_INPUT);
        } else {
            snprintf(describe, describe_size, "in random order, seed %" PRIu64, seed);
        }
    }
    if (list_validate(l, err, sizeof err) != 0) {
        fprintf(stderr, "error: %s\n", err);
        list_free(l);
        exit(EXIT_BAD_INPUT);
    }
}

uint64_t list_random_size(uint64_t n, uint64_t random_n, const char *input)
{
    if (n != 0 && random_n != 0 && n != random_n) {
        fprintf(stderr, "error: --n %" PRIu64 " and --random %" PRIu64 " give two sizes for one list\n", n, random_n);
        exit(EXIT_BAD_INPUT);
    }
    if (n != 0 && input != NULL) {
        fprintf(stderr, "error: --input and --n exclude each other (the file gives the size)\n");
        exit(EXIT_BAD_INPUT);
    }
    return n != 0 ? n : random_n;
}

void print_int_row(FILE *out, const char *label, const int32_t *v, int32_t n)
{
    fprintf(out, "%-14s", label);
    for (int32_t i = 0; i < n; i++)
        fprintf(out, " %3d", (int)v[i]);
    fprintf(out, "\n");
}
