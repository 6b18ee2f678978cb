/* classic_networks.h - the classic parallel prefix networks as named scan
 * expressions: Kogge-Stone (Hillis-Steele), Brent-Kung, Blelloch's
 * up-sweep/down-sweep and Sklansky. Each network is one function that lists
 * its operations level by level (network_enumerate); everything else -- the
 * values, the expressions, the work and span, the wiring diagram -- is read
 * off that one list, so they cannot drift apart.
 *
 * Any n: a network is defined on n2 = the next power of two >= n wires, and
 * wires n .. n2-1 hold no element. An operation with one empty operand is
 * no addition (it passes the other operand on); with two, the result stays
 * empty. For Kogge-Stone, Brent-Kung and Sklansky this is the same as
 * dropping every operation whose target is >= n (values only move to higher
 * wires); for Blelloch it is padding with an identity that costs no bits. */
#ifndef CANONICAL_SCAN_CLASSIC_NETWORKS_H
#define CANONICAL_SCAN_CLASSIC_NETWORKS_H

#include "named_expression.h"

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
    NET_KOGGE_STONE,          /* distance 1, 2, 4, ...: every wire, every level */
    NET_BRENT_KUNG,           /* a tree up, then the inner prefixes down */
    NET_BLELLOCH,             /* a tree up, clear the root, swap-and-add down */
    NET_SKLANSKY,             /* the upper half of each 2d-block adds its lower half's last */
    NET_KOGGE_STONE_REVERSED, /* Kogge-Stone with the distances in the other order */
    NET_COUNT
} classic_network;

/* The four classic networks, in the book's order. */
#define CLASSIC_NETWORKS 4

/* One operation of a level. All operations of a level read the wires as the
 * level found them (a double-buffered step), then write. */
typedef enum {
    NETOP_ADD,       /* wire[target] = wire[left] + wire[right] */
    NETOP_ADD_INPUT, /* wire[target] = wire[target] + x[target] (Blelloch's inclusive form) */
    NETOP_COPY,      /* wire[target] = wire[left] */
    NETOP_CLEAR,     /* wire[target] = empty (the identity) */
    NETOP_END_LEVEL  /* the level ends: its writes become visible */
} netop_kind;

typedef struct {
    netop_kind kind;
    size_t target, left, right;
} net_op;

typedef void (*net_op_fn)(void *ctx, const net_op *op);

/* "kogge_stone", "brent_kung", "blelloch", "sklansky", "kogge_stone_reversed". */
const char *network_name(classic_network net);
/* "Kogge-Stone", ... for tables. */
const char *network_title(classic_network net);
int network_parse(const char *text, classic_network *net);
/* 1 for Blelloch: its down-sweep yields the exclusive scan. */
int network_is_exclusive(classic_network net);
size_t network_wires(size_t n); /* the next power of two >= n (1 for n <= 1) */

/* Calls fn for every operation of the network on network_wires(n) wires,
 * level by level, each level ended by NETOP_END_LEVEL. inclusive asks
 * Blelloch for its inclusive form (one more level: E[i] + x[i]); the other
 * networks ignore it (their exclusive form is a shift, no operation). */
void network_enumerate(classic_network net, size_t n, int inclusive, net_op_fn fn, void *ctx);

/* The literal evaluation: the network's operations on n values, the
 * inclusive or exclusive scan, init attached outside the expression as the
 * P4229 policies do (init + v; init alone where the prefix is empty). */
void classic_scan(classic_network net, const double *x, double *out, size_t n, int exclusive, int has_init,
                  double init);

/* The expression of every output (no init): root[i] in the arena, or
 * EXPR_EMPTY for an empty prefix (exclusive output 0). */
void classic_scan_expressions(classic_network net, size_t n, int exclusive, expr_arena *a, int *root);

/* Work: the additions performed (an operation with an empty operand is
 * none). Span: the longest chain of dependent additions ending in an
 * output. Levels: the levels holding at least one addition. */
typedef struct {
    uint64_t work, span, levels;
} network_cost;

network_cost classic_scan_cost(classic_network net, size_t n, int exclusive);

/* The closed forms for n = 2^k (k >= 1), for the table and its test. */
network_cost classic_scan_cost_formula(classic_network net, unsigned k, int exclusive);

/* The device-wide scan built from a network (gpu/classic_block_scans.cuh),
 * inclusive: element j of tile b (tiles of `tile` elements, a power of two)
 * is D_b + N_b(j), N_0(j) in tile 0, and D_{b+1} when j ends a full tile;
 * N_b(j) is the network's prefix inside tile b, D_b the pairwise value of
 * the first b tile totals (block_dyadic<tile>'s carry). */
void classic_device_scan_reference(classic_network net, unsigned tile, const double *x, double *out, size_t n);

#ifdef __cplusplus
}
#endif

#endif
