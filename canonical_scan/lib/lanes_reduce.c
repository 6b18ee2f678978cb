/* lanes_reduce.c - the P4016 canonical reduce with L interleaved lanes.
 *
 * Two routes to the same bits: one lane at a time (short, strided, used by
 * the tests), and row by row, where the L lanes advance together so that
 * every step is L independent additions the compiler can vectorise. A plain
 * `for` loop sum is one long chain of dependent additions; the lanes break it. */
#include "canonical_cpu.h"

#include <stdlib.h>

/* Lanes above this take the strided route (the row route keeps 64 levels
 * per lane of state). */
#define ROW_LANES_MAX 4096u

static double attach_init(double r, size_t n, int has_init, double init)
{
    if (!has_init)
        return r;
    return n == 0 ? init : init + r;
}

// [listing reduce-by-lane]
double canonical_reduce_by_lane(const double *x, size_t n, unsigned lanes, int has_init, double init)
{
    const size_t used = lanes < n ? lanes : n; /* lanes that hold an element */
    pairwise_counter across;                   /* combines the lane results */
    pairwise_counter_init(&across);
    for (size_t lane = 0; lane < used; lane++) {
        pairwise_counter within;
        pairwise_counter_init(&within);
        for (size_t i = lane; i < n; i += lanes)
            pairwise_counter_push(&within, x[i]);
        pairwise_counter_push(&across, pairwise_counter_value(&within));
    }
    return attach_init(pairwise_counter_value(&across), n, has_init, init);
}
// [end]

static unsigned trailing_ones(uint64_t v)
{
    unsigned k = 0;
    for (; v & 1; v >>= 1)
        k++;
    return k;
}

// [listing reduce-rows]
/* One tile is 8 consecutive full rows: for every lane, the complete subtree
 * of its 8 elements in the tile, ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7)).
 * The loop over lanes is independent work: 7 additions per lane, no chain. */
static inline void lanes_tile_roots(const double *restrict x, size_t lanes, double *restrict root)
{
    for (size_t lane = 0; lane < lanes; lane++) {
        const double *restrict a = x + lane;
        const double s01 = a[0 * lanes] + a[1 * lanes], s23 = a[2 * lanes] + a[3 * lanes];
        const double s45 = a[4 * lanes] + a[5 * lanes], s67 = a[6 * lanes] + a[7 * lanes];
        root[lane] = (s01 + s23) + (s45 + s67);
    }
}

/* Feeds `tiles` tiles (8 * lanes elements each) into the lanes' counters.
 * level[k * lanes + lane] is the lane's complete subtree of 2^k elements;
 * tiles enter at level 3 and merge like a binary counter, all lanes at once. */
static inline void lanes_push_tiles(const double *restrict x, size_t tiles, size_t lanes, double *restrict level,
                                    double *restrict carry)
{
    for (size_t t = 0; t < tiles; t++) {
        lanes_tile_roots(x + 8 * t * lanes, lanes, carry);
        /* the tile count t has `ones` trailing 1 bits: that many merges */
        const unsigned ones = trailing_ones(t);
        for (unsigned k = 3; k < 3 + ones; k++) {
            const double *restrict left = level + k * lanes;
            for (size_t lane = 0; lane < lanes; lane++)
                carry[lane] = left[lane] + carry[lane];
        }
        double *restrict dest = level + (3 + ones) * lanes;
        for (size_t lane = 0; lane < lanes; lane++)
            dest[lane] = carry[lane];
    }
}
// [end]

/* Constant lane counts let the compiler unroll and vectorise the lane loops. */
static void lanes_push_tiles_any(const double *x, size_t tiles, size_t lanes, double *level, double *carry)
{
    switch (lanes) {
    case 16: lanes_push_tiles(x, tiles, 16, level, carry); break;
    case 32: lanes_push_tiles(x, tiles, 32, level, carry); break;
    case 64: lanes_push_tiles(x, tiles, 64, level, carry); break;
    case 128: lanes_push_tiles(x, tiles, 128, level, carry); break;
    default: lanes_push_tiles(x, tiles, lanes, level, carry); break;
    }
}

/* The row route, for 1 <= lanes <= ROW_LANES_MAX and n >= 8 * lanes.
 * Returns 0 when the working memory cannot be had (the caller falls back). */
static int reduce_by_rows(const double *x, size_t n, size_t lanes, double *result)
{
    const size_t rows = n / lanes, tiles = rows / 8;
    double *level = malloc(65 * lanes * sizeof *level), *carry = malloc(lanes * sizeof *carry);
    if (!level || !carry) {
        free(level);
        free(carry);
        return 0;
    }
    lanes_push_tiles_any(x, tiles, lanes, level, carry);

    /* Each lane now holds 8 * tiles elements; the remaining full rows and
     * the partial row add elements to the lanes one by one. */
    const size_t rest_first = 8 * tiles * lanes;
    pairwise_counter across;
    pairwise_counter_init(&across);
    for (size_t lane = 0; lane < lanes; lane++) {
        pairwise_counter within;
        within.count = 8 * (uint64_t)tiles;
        for (unsigned k = 3; k < 64; k++)
            if (within.count >> k & 1)
                within.tree[k] = level[k * lanes + lane];
        for (size_t i = rest_first + lane; i < n; i += lanes)
            pairwise_counter_push(&within, x[i]);
        pairwise_counter_push(&across, pairwise_counter_value(&within));
    }
    free(level);
    free(carry);
    *result = pairwise_counter_value(&across);
    return 1;
}

double canonical_reduce(const double *x, size_t n, unsigned lanes, int has_init, double init)
{
    double r;
    if (lanes <= ROW_LANES_MAX && n / lanes >= 8 && reduce_by_rows(x, n, lanes, &r))
        return attach_init(r, n, has_init, init);
    return canonical_reduce_by_lane(x, n, lanes, has_init, init);
}
