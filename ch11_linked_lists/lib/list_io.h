/* list_io.h - reading a list from a text file and proving it is one list.
 *
 * File format: lines starting with '#' (and blank lines) are ignored; the
 * first other line is N; then exactly N lines `value next` for the nodes
 * 0..N-1, with next = -1 for the tail.
 *
 * Both functions write a one-line message naming the problem and the node
 * into err (without the "error: " prefix) and return -1 when the input is
 * malformed; they never loop on bad input and take O(N) time. */
#ifndef CH11_LIST_IO_H
#define CH11_LIST_IO_H

#include <stddef.h>

#include "list.h"

/* Reads the file into l (allocated here; list_free it on success). */
int list_read_file(const char *path, list *l, char *err, size_t err_size);

/* Checks that the pool is exactly one list -- every next in [-1, n), no
 * node with two predecessors, exactly one head, no cycle -- and sets
 * l->head. Must pass before any ranking: pointer jumping on a cycle never
 * converges. */
int list_validate(list *l, char *err, size_t err_size);

#endif
