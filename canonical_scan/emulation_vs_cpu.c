/* emulation_vs_cpu.c - the GPU kernels' arithmetic, replayed on the CPU
 * (gpu_emulation.c, with the kernels' own planning and index code), compared
 * bit for bit with the CPU library over the whole case table. Runs without
 * a GPU: it is how a machine without one checks every index the GPU uses.
 *
 * With --lookback-svg it draws instead what the emulated single-pass scan
 * did: for every tile (a row), which published tile-level nodes it read
 * (the tiles each node sums, as a bar) and which it published; with
 * --passes-dot, the passes of the emulated reduce (Graphviz DOT).
 * --mistake makes the emulation commit a mistake, to watch the checks
 * catch it -- or miss it. --dispatch models the look-back's progress when
 * blocks start in another order, with tiles by ticket or by blockIdx.x. */
#include "common.h"
#include "canonical_cpu.h"
#include "comparison_matrix.h"
#include "dyadic_tile.h"
#include "gpu_emulation.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CELL 7  /* pixels per tile */
#define LEFT 44 /* room for the row labels */
#define TOP 64  /* room for the legend and the column labels */

typedef struct {
    uint64_t tiles;
} svg_context;

static const char *level_colour(unsigned level)
{
    static const char *colour[] = { "#9ecae1", "#fd8d3c", "#e6550d", "#a63603" };
    if (level < LOOKBACK_LOG_WINDOW)
        return colour[0];
    const unsigned k = level - LOOKBACK_LOG_WINDOW;
    return colour[1 + (k < 2 ? k : 2)];
}

/* One event: a read is a filled bar over the tiles the node sums, a publish
 * of a node of level >= 5 an outlined one (publishing a root is the tile's
 * own cell, drawn for every row). */
static void svg_event(const lookback_event *ev, void *context)
{
    const svg_context *c = context;
    const uint64_t first = ev->index << ev->level, count = UINT64_C(1) << ev->level;
    if (first >= c->tiles || (ev->publish && ev->level == 0))
        return;
    const uint64_t shown = first + count <= c->tiles ? count : c->tiles - first;
    const unsigned x = LEFT + (unsigned)first * CELL, y = TOP + (unsigned)ev->tile * CELL;
    if (ev->publish)
        printf("<rect x=\"%u.5\" y=\"%u.5\" width=\"%u\" height=\"%u\" fill=\"none\" stroke=\"#31a354\" "
               "stroke-width=\"1.5\"/>\n",
               x, y, (unsigned)shown * CELL - 1, CELL - 1);
    else
        printf("<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"%s\"/>\n", x + 1, y + 1,
               (unsigned)shown * CELL - 2, CELL - 2, level_colour(ev->level));
}

static void svg_frame(uint64_t tiles)
{
    const unsigned side = (unsigned)tiles * CELL, w = LEFT + side + 10, h = TOP + side + 10;
    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\" "
           "font-family=\"sans-serif\" font-size=\"10\">\n",
           w, h, w, h);
    printf("<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    const char *legend[] = { "root read (same window)", "level-5 node read", "level-6 node read" };
    for (unsigned k = 0; k < 3; k++) {
        printf("<rect x=\"%u\" y=\"6\" width=\"10\" height=\"10\" fill=\"%s\"/>\n", LEFT + 150 * k,
               level_colour(k == 0 ? 0 : LOOKBACK_LOG_WINDOW + k - 1));
        printf("<text x=\"%u\" y=\"15\">%s</text>\n", LEFT + 150 * k + 14, legend[k]);
    }
    printf("<rect x=\"%u\" y=\"22\" width=\"10\" height=\"10\" fill=\"#444\"/>"
           "<text x=\"%u\" y=\"31\">the tile itself</text>\n",
           LEFT, LEFT + 14);
    printf("<rect x=\"%u.5\" y=\"22.5\" width=\"10\" height=\"9\" fill=\"none\" stroke=\"#31a354\" "
           "stroke-width=\"1.5\"/><text x=\"%u\" y=\"31\">node of level &#8805; 5 published</text>\n",
           LEFT + 150, LEFT + 164);
    printf("<text x=\"%u\" y=\"%u\">tiles the node sums &#8594;</text>\n", LEFT, TOP - 14);
    for (uint64_t t = 0; t < tiles; t += 8) {
        printf("<text x=\"%u\" y=\"%u\">%" PRIu64 "</text>\n", LEFT + (unsigned)t * CELL, TOP - 3, t);
        printf("<text x=\"%u\" y=\"%u\" text-anchor=\"end\">tile %" PRIu64 "</text>\n", LEFT - 4,
               TOP + (unsigned)t * CELL + CELL, t);
    }
    for (uint64_t t = 0; t <= tiles; t += 32) /* the windows */
        printf("<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#bbb\"/>\n", LEFT + (unsigned)t * CELL, TOP,
               LEFT + (unsigned)t * CELL, TOP + side);
    for (uint64_t t = 0; t < tiles; t++)
        printf("<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"#444\"/>\n", LEFT + (unsigned)t * CELL + 1,
               TOP + (unsigned)t * CELL + 1, CELL - 2, CELL - 2);
}

/* The emulated block_dyadic<256> scan of `tiles` tiles of P4016 data. */
static int print_lookback_svg(uint64_t tiles, uint64_t seed)
{
    const size_t n = (size_t)tiles * DYADIC_TILE;
    double *x = alloc_or_exit(n, sizeof *x, "the data set"), *out = alloc_or_exit(n, sizeof *out, "the scan");
    double *want = alloc_or_exit(n, sizeof *want, "the CPU scan");
    p4016_data(seed, 0, x, n);
    svg_frame(tiles);
    svg_context c = { tiles };
    emulate_dyadic_scan_observed(x, out, n, 256, 0, 0, 0.0, svg_event, &c);
    printf("</svg>\n");
    block_dyadic_scan(x, want, n, 256, 0, 0, 0.0);
    int same = 1;
    for (size_t i = 0; i < n; i++)
        same &= doubles_bit_equal(out[i], want[i]);
    free(x);
    free(out);
    free(want);
    if (!same)
        fprintf(stderr, "MISMATCH: the emulated scan differs from the CPU library\n");
    return same;
}

/* ---- --dispatch: can every block finish? -----------------------------------
 * A model of the look-back's progress, not of its arithmetic. The steps of
 * each tile -- its publishes and its waits, in the kernel's order -- are
 * taken from the emulated scan. Then blocks 0 .. T-1 start in a dispatch
 * order into R resident slots; each block takes a tile (its blockIdx.x, or
 * the next ticket of the kernel's counter) and runs that tile's steps: a
 * publish happens at once, a wait holds the block until its node is
 * published. A block that has run all its steps leaves, and its slot starts
 * the next block of the order. */
typedef struct {
    int publish;
    unsigned level;
    uint64_t index, node; /* node: lookback_slot(tpad, level, index) */
} dispatch_step;

typedef struct {
    uint64_t tiles, tpad;
    dispatch_step *step; /* every tile's steps, tile after tile */
    size_t count;
    size_t *first;       /* tile t's steps: first[t] .. first[t + 1] - 1 */
    uint64_t *publisher; /* the tile that publishes each node */
} dispatch_graph;

static void record_step(const lookback_event *ev, void *context)
{
    dispatch_graph *g = context;
    const dispatch_step s = { ev->publish, ev->level, ev->index, lookback_slot(g->tpad, ev->level, ev->index) };
    g->step[g->count++] = s;
    g->first[ev->tile + 1] = g->count;
    if (ev->publish)
        g->publisher[s.node] = ev->tile;
}

/* The steps of the emulated block_dyadic<256> scan of `tiles` tiles (the
 * look-back is the same for every block length and every input). */
static dispatch_graph dispatch_graph_build(uint64_t tiles, uint64_t seed)
{
    dispatch_graph g = { tiles, 1, NULL, 0, NULL, NULL };
    while (g.tpad < tiles)
        g.tpad *= 2;
    const size_t n = (size_t)tiles * DYADIC_TILE;
    double *x = alloc_or_exit(n, sizeof *x, "the data set"), *out = alloc_or_exit(n, sizeof *out, "the scan");
    /* a tile's steps: its root, at most LOOKBACK_WINDOW - 1 roots read, at most two a level above */
    g.step = alloc_or_exit(tiles * (LOOKBACK_WINDOW + 2 * DYADIC_TILE_LEVELS), sizeof *g.step, "the steps");
    g.first = alloc_or_exit(tiles + 1, sizeof *g.first, "the tiles' steps");
    g.publisher = alloc_or_exit(2 * g.tpad, sizeof *g.publisher, "the publishers");
    g.first[0] = 0;
    p4016_data(seed, 0, x, n);
    emulate_dyadic_scan_observed(x, out, n, 256, 0, 0, 0.0, record_step, &g);
    free(x);
    free(out);
    return g;
}

typedef struct {
    int busy;
    uint64_t block, tile;
    size_t cursor; /* the tile's next step */
} resident_slot;

// [listing dispatch-model]
/* Runs the block in slot s as far as it can go; returns whether it moved. */
static int run_block(const dispatch_graph *g, unsigned char *published, resident_slot *s)
{
    const size_t from = s->cursor;
    for (; s->cursor < g->first[s->tile + 1]; s->cursor++) {
        const dispatch_step *st = &g->step[s->cursor];
        if (st->publish)
            published[st->node] = 1;
        else if (!published[st->node])
            return s->cursor != from; /* waits for a node not yet published */
    }
    s->busy = 0; /* all its steps done: the block leaves */
    return 1;
}

/* Starts the blocks order[0 .. tiles-1] into `resident` slots, each taking
 * tile blockIdx.x or the next ticket. Returns the blocks that finished (all
 * of them, or fewer when no block can move: a deadlock, left in slot[]). */
static uint64_t dispatch_blocks(const dispatch_graph *g, const uint64_t *order, int by_ticket, unsigned resident,
                                resident_slot *slot, uint64_t *started)
{
    unsigned char *published = alloc_or_exit(2 * g->tpad, 1, "the published flags");
    memset(published, 0, 2 * g->tpad);
    uint64_t ticket = 0, finished = 0;
    *started = 0;
    for (int moved = 1; moved;) {
        moved = 0;
        for (unsigned r = 0; r < resident; r++) {
            if (!slot[r].busy && *started < g->tiles) { /* a free slot starts the next block */
                const uint64_t b = order[(*started)++];
                slot[r] = (resident_slot){ 1, b, by_ticket ? ticket++ : b, 0 };
                slot[r].cursor = g->first[slot[r].tile];
            }
            if (slot[r].busy && run_block(g, published, &slot[r])) {
                moved = 1;
                finished += !slot[r].busy;
            }
        }
    }
    free(published);
    return finished;
}
// [end]

static int run_dispatch(uint64_t tiles, uint64_t seed, const char *order_name, const char *tile_order,
                        unsigned resident, int quiet)
{
    const int by_ticket = strcmp(tile_order, "ticket") == 0, reverse = strcmp(order_name, "reverse") == 0;
    dispatch_graph g = dispatch_graph_build(tiles, seed);
    uint64_t *order = alloc_or_exit(tiles, sizeof *order, "the dispatch order");
    uint64_t *position = alloc_or_exit(tiles, sizeof *position, "the start positions");
    for (uint64_t k = 0; k < tiles; k++) {
        order[k] = reverse ? tiles - 1 - k : k;
        position[order[k]] = k;
    }
    resident_slot *slot = alloc_or_exit(resident, sizeof *slot, "the resident slots");
    memset(slot, 0, resident * sizeof *slot);
    uint64_t started;
    const uint64_t finished = dispatch_blocks(&g, order, by_ticket, resident, slot, &started);
    if (!quiet) {
        printf("%" PRIu64 " blocks start in %s order (block %" PRIu64 " first) into %u resident slots; "
               "each takes its tile %s\n",
               tiles, order_name, order[0], resident, by_ticket ? "by a ticket from the counter" : "by blockIdx.x");
        printf("%" PRIu64 " of %" PRIu64 " blocks finished\n", finished, tiles);
        if (finished < tiles) {
            printf("no resident block can move:\n");
            for (unsigned r = 0; r < resident; r++) {
                if (!slot[r].busy)
                    continue;
                const dispatch_step *st = &g.step[slot[r].cursor];
                const uint64_t p = g.publisher[st->node];
                const uint64_t pb = by_ticket ? order[p] : p; /* the block that takes tile p */
                printf("  slot %u: block %" PRIu64 ", tile %" PRIu64 ", waits for node (%u, %" PRIu64
                       "), published by tile %" PRIu64 ", whose block %" PRIu64 " %s\n",
                       r, slot[r].block, slot[r].tile, st->level, st->index, p, pb,
                       position[pb] >= started ? "has not started" : "is resident and waits too");
            }
        }
    }
    char what[160];
    snprintf(what, sizeof what, "every block finishes, blocks started in %s order, tiles by %s", order_name,
             by_ticket ? "ticket" : "blockIdx.x");
    const int ok = verdict(what, finished == tiles);
    free(slot);
    free(order);
    free(position);
    free(g.step);
    free(g.first);
    free(g.publisher);
    return ok;
}

/* ---- --passes-dot: the passes of the canonical reduce ---------------------
 * Each pass of the emulated reduce (the kernels' own plan, reduce_plan.h):
 * its tiles, the rows they read and the row of partial values each writes,
 * with the emulation's values. The lane values (the output of the last pass
 * of L lanes) are checked against each lane's pairwise value, R against the
 * CPU library. */
typedef struct {
    const double *lane_value; /* each lane's pairwise value, from the library's counter */
    unsigned used;            /* lanes that hold an element */
    int ok;
} passes_context;

static void dot_pass(int index, int npasses, const reduce_pass *p, const double *out, void *context)
{
    passes_context *c = context;
    const uint64_t rows = (p->count + p->lanes - 1) / p->lanes;
    const int lane_stage = p->lanes == 1 && c->used > 1, last = index + 1 == npasses;
    const int lane_values = p->lanes == c->used && p->tiles == 1; /* this pass's one row: the lane values */
    printf("  subgraph cluster_%d {\n    label=\"pass %d: %" PRIu64 " %s of %u %s, %" PRIu64
           " rows a tile, one CUDA block a tile\"; labeljust=l; labelloc=b; color=\"gray60\";\n",
           index, index + 1, rows, rows == 1 ? "row" : "rows", p->lanes,
           lane_stage   ? "(the lane values, one a row)"
           : index == 0 ? "elements"
                        : "partial values",
           p->rows_per_tile);
    for (uint64_t t = 0; t < p->tiles; t++) {
        const uint64_t first = t * p->rows_per_tile,
                       end = first + p->rows_per_tile < rows ? first + p->rows_per_tile : rows;
        printf("    t%d_%" PRIu64 " [shape=box, style=filled, fillcolor=\"#c6dbef\", label=\"tile %" PRIu64
               ": rows %" PRIu64 "-%" PRIu64,
               index, t, t, first, end - 1);
        if (end - first < p->rows_per_tile)
            printf("\\n+ %" PRIu64 " rows of -0.0", p->rows_per_tile - (end - first));
        printf("\"];\n    r%d_%" PRIu64 " [shape=record, style=filled, fillcolor=\"%s\", label=\"", index, t,
               last ? "#fdd0a2" : "white");
        for (unsigned l = 0; l < p->lanes; l++) {
            if (last)
                printf("R = %.3f", out[0]);
            else if (lane_values)
                printf("%slane %u\\n%.3f", l ? "|" : "", l, out[l]);
            else
                printf("%s%.3f", l ? "|" : "", out[t * p->lanes + l]);
        }
        printf("\"];\n    t%d_%" PRIu64 " -> r%d_%" PRIu64 ";\n", index, t, index, t);
        if (index == 0) /* the elements the tile reads */
            printf("    x%" PRIu64 " [shape=plaintext, label=\"x[%" PRIu64 "..%" PRIu64 "]\"];\n    x%" PRIu64
                   " -> t0_%" PRIu64 ";\n",
                   t, first * p->lanes, (end * p->lanes < p->count ? end * p->lanes : p->count) - 1, t, t);
        else if (lane_stage) /* the previous pass's one row, read as one row a lane */
            printf("    r%d_0 -> t%d_%" PRIu64 ";\n", index - 1, index, t);
        else
            for (uint64_t row = first; row < end; row++)
                printf("    r%d_%" PRIu64 " -> t%d_%" PRIu64 ";\n", index - 1, row, index, t);
    }
    if (index == 0) /* the tiles in order, left to right */
        for (uint64_t t = 1; t < p->tiles; t++)
            printf("    { rank=same; x%" PRIu64 " -> x%" PRIu64 " [style=invis]; }\n", t - 1, t);
    printf("  }\n");
    if (lane_values)
        for (unsigned l = 0; l < c->used; l++)
            c->ok &= doubles_bit_equal(out[l], c->lane_value[l]);
}

static int print_passes_dot(uint64_t n, unsigned lanes, uint64_t seed)
{
    double *x = alloc_or_exit(n, sizeof *x, "the data set");
    p4016_data(seed, 0, x, n);
    passes_context c = { NULL, lanes < n ? lanes : (unsigned)n, 1 };
    double *lane_value = alloc_or_exit(c.used, sizeof *lane_value, "the lane values");
    for (unsigned l = 0; l < c.used; l++) {
        pairwise_counter lane;
        pairwise_counter_init(&lane);
        for (size_t i = l; i < n; i += lanes)
            pairwise_counter_push(&lane, x[i]);
        lane_value[l] = pairwise_counter_value(&lane);
    }
    c.lane_value = lane_value;
    printf("digraph passes {\n  rankdir=BT; ordering=in; node [fontname=\"sans-serif\", fontsize=10]; "
           "graph [fontname=\"sans-serif\", fontsize=10];\n");
    printf("  label=\"the GPU's canonical reduce of N = %" PRIu64 " elements with L = %u lanes, pass by pass "
           "(element i in lane i mod %u; a row holds one value of each lane)\";\n",
           n, lanes, lanes);
    const double r = emulate_canonical_reduce_observed(x, n, lanes, dot_pass, &c);
    printf("}\n");
    c.ok &= doubles_bit_equal(r, canonical_reduce(x, n, lanes, 0, 0.0));
    if (!c.ok)
        fprintf(stderr, "MISMATCH: the drawn passes differ from the CPU library\n");
    free(x);
    free(lane_value);
    return c.ok;
}

/* The emulated reduce of negative zeros must be -0.0, as the library's is:
 * a padded tile returns the pairwise value of its real elements only when
 * the padding is the identity. (The case table cannot see this: none of its
 * inputs sums to -0.0.) */
static int check_negative_zeros(int quiet)
{
    static const unsigned lanes[] = { 1, 3, 16 }; /* the fast kernels (1, 16) and the generic one (3) */
    enum { COUNT = 1000 };
    double *zeros = alloc_or_exit(COUNT, sizeof *zeros, "the negative zeros");
    for (size_t i = 0; i < COUNT; i++)
        zeros[i] = -0.0;
    int ok = 1;
    char want_hex[HEX64_LEN], got_hex[HEX64_LEN];
    if (!quiet)
        printf("\nthe reduce of %d negative zeros (-0.0), whose value is -0.0:\n", COUNT);
    for (size_t k = 0; k < sizeof lanes / sizeof lanes[0]; k++) {
        const double want = canonical_reduce(zeros, COUNT, lanes[k], 0, 0.0);
        const double got = emulate_canonical_reduce(zeros, COUNT, lanes[k], 0, 0.0);
        if (!quiet)
            printf("  L = %-3u CPU library %s   GPU emulation %s\n", lanes[k], double_hex(want, want_hex),
                   double_hex(got, got_hex));
        ok &= doubles_bit_equal(got, want);
    }
    free(zeros);
    if (!quiet)
        printf("\n");
    return verdict("the emulated reduce of negative zeros is -0.0, as the library's", ok);
}

int main(int argc, char **argv)
{
    uint64_t seed = LCG64_DEFAULT_SEED, tiles = 72, n = 0, lanes = 0;
    uint64_t resident = 0;
    int large = 0, quiet = 0, svg = 0, dot = 0;
    const char *mistake = "none", *dispatch = NULL, *tile_order = NULL;
    const cli_option options[] = {
        { "--seed", CLI_U64, &seed, "data and random-size seed (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--large", CLI_FLAG, &large, "add the sizes around 10^6 (slower)", 0, 0, NULL },
        { "--lookback-svg", CLI_FLAG, &svg, "print an SVG of which nodes each tile of a block_dyadic<256> scan reads",
          0, 0, NULL },
        { "--tiles", CLI_U64, &tiles,
          "tiles of the scan (DYADIC_TILE elements each) for --lookback-svg and --dispatch (default 72)", 1, 512,
          NULL },
        { "--passes-dot", CLI_FLAG, &dot, "print the passes of the canonical reduce as Graphviz DOT", 0, 0, NULL },
        { "--n", CLI_U64, &n,
          "the case table on this one size (at most 2^24), or the elements --passes-dot draws (default 40000)", 1,
          UINT64_C(1) << 30, NULL },
        { "--lanes", CLI_U64, &lanes, "lane count L for --passes-dot (default 4)", 1, 64, NULL },
        { "--mistake", CLI_CHOICE, &mistake,
          "trap: the emulation pads reduce tiles with +0.0, writes a padded "
          "block's final value at its last slot, or folds a chunk's carry before its prefixes (default none)",
          0, 0, "none|pad-zero|final-slot|carry-first" },
        { "--dispatch", CLI_CHOICE, &dispatch,
          "model: start the scan's blocks in this order and report whether "
          "every block finishes",
          0, 0, "index|reverse" },
        { "--tile-order", CLI_CHOICE, &tile_order,
          "with --dispatch: a block takes its tile by the kernel's ticket "
          "or by blockIdx.x (default ticket)",
          0, 0, "ticket|block-index" },
        { "--resident", CLI_U64, &resident, "with --dispatch: blocks resident at a time (default 4)", 1, 1024, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Replays the GPU kernels' arithmetic on the CPU and compares it bit for bit with the CPU library.",
              options, sizeof options / sizeof options[0]);
    if (lanes && !dot)
        cli_refuse("--lanes goes with --passes-dot");
    if (n && !dot && (n > (UINT64_C(1) << 24) || large || svg || dispatch))
        cli_refuse("--n runs the case table on one size of at most 2^24, without --large, "
                   "--lookback-svg or --dispatch");
    if ((tile_order || resident) && !dispatch)
        cli_refuse("--tile-order and --resident go with --dispatch");
    if (dispatch && (svg || dot || large || strcmp(mistake, "none") != 0))
        cli_refuse("--dispatch runs alone: no --lookback-svg, --passes-dot, --large or --mistake");
    if (dispatch && cli_given("--seed")) /* the waits do not depend on the data */
        cli_refuse("--dispatch models the order in which blocks start: no --seed changes it");
    if (dispatch)
        return exit_status(run_dispatch(tiles, seed, dispatch, tile_order ? tile_order : "ticket",
                                        resident ? (unsigned)resident : 4, quiet));
    if (strcmp(mistake, "pad-zero") == 0)
        emulate_commit_mistake(MISTAKE_PAD_WITH_ZERO);
    else if (strcmp(mistake, "final-slot") == 0)
        emulate_commit_mistake(MISTAKE_FINAL_AT_LAST_SLOT);
    else if (strcmp(mistake, "carry-first") == 0)
        emulate_commit_mistake(MISTAKE_CARRY_FIRST);
    if (svg)
        return exit_status(print_lookback_svg(tiles, seed));
    if (dot) {
        n = n ? n : 40000;
        lanes = lanes ? lanes : 4;
        if ((n + lanes - 1) / lanes > 16 * (uint64_t)(REDUCE_TILE / lanes) || lanes > 8)
            cli_refuse("--passes-dot draws at most 8 lanes and 16 tiles of %d elements", REDUCE_TILE);
        return exit_status(print_passes_dot(n, (unsigned)lanes, seed));
    }
    const impl_under_test emulation = {
        "GPU emulation",           emulate_canonical_reduce,       emulate_block_dyadic_reduce,
        emulate_dyadic_scan_block, emulate_iterated_pairwise_scan, NULL,
    };
    int ok = n != 0 ? run_comparison_one_size(&emulation, seed, (size_t)n, quiet)
                    : run_comparison_matrix(&emulation, seed, large ? MATRIX_LARGE : MATRIX_SMALL, quiet);
    ok &= check_negative_zeros(quiet);
    return exit_status(ok);
}
