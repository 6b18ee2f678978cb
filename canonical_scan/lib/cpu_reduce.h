/* cpu_reduce.h - the P4016 canonical reduce of canonical_cpu.h, vectorised
 * and on T threads, with the same bits as canonical_reduce for every N, L,
 * init and T.
 *
 * Vectorised: a row of the array holds one element of each lane, so eight
 * neighbouring lanes are one 8-double SIMD vector and every addition of the
 * expression is done for eight lanes at once. Threaded: a lane's sequence
 * cut into aligned chunks of 2^c elements has the pairwise value of its
 * chunks' values (reduce_plan.h states the lemma), so threads reduce whole
 * chunks of 2^c rows, each on its own, and the chunk values are reduced by
 * the same expression on top. Neither changes a single addition's operands. */
#ifndef CANONICAL_SCAN_CPU_REDUCE_H
#define CANONICAL_SCAN_CPU_REDUCE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* canonical_reduce(x, n, lanes, has_init, init) on `threads` threads
 * (threads <= 1: the calling thread alone). lanes >= 1. */
double canonical_reduce_threads(const double *x, size_t n, unsigned lanes, int has_init, double init, unsigned threads);

/* The same with the chunk size chosen: each thread reduces chunks of
 * 2^chunk_rows_log2 rows (chunk_rows_log2 <= 40). canonical_reduce_threads
 * picks chunks of about 2^16 elements; the tests use tiny ones, so that
 * small arrays already have many chunks and a short last one. */
double canonical_reduce_chunked(const double *x, size_t n, unsigned lanes, int has_init, double init, unsigned threads,
                                unsigned chunk_rows_log2);

#ifdef __cplusplus
}
#endif

#endif
