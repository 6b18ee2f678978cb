/* emulation_vs_cpu.c - the GPU kernels' arithmetic, replayed on the CPU
 * (gpu_emulation.c, with the kernels' own planning and index code), compared
 * bit for bit with the CPU library over the whole case table. Runs without
 * a GPU: it is how a machine without one checks every index the GPU uses.
 *
 * With --lookback-svg it draws instead what the emulated single-pass scan
 * did: for every tile (a row), which published tile-level nodes it read
 * (the tiles each node sums, as a bar) and which it published. */
#include "common.h"
#include "canonical_cpu.h"
#include "comparison_matrix.h"
#include "dyadic_tile.h"
#include "gpu_emulation.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#define CELL 7     /* pixels per tile */
#define LEFT 44    /* room for the row labels */
#define TOP 64     /* room for the legend and the column labels */

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
               "stroke-width=\"1.5\"/>\n", x, y, (unsigned)shown * CELL - 1, CELL - 1);
    else
        printf("<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"%s\"/>\n", x + 1, y + 1,
               (unsigned)shown * CELL - 2, CELL - 2, level_colour(ev->level));
}

static void svg_frame(uint64_t tiles)
{
    const unsigned side = (unsigned)tiles * CELL, w = LEFT + side + 10, h = TOP + side + 10;
    printf("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%u\" height=\"%u\" viewBox=\"0 0 %u %u\" "
           "font-family=\"sans-serif\" font-size=\"10\">\n", w, h, w, h);
    printf("<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    const char *legend[] = { "root read (same window)", "level-5 node read", "level-6 node read" };
    for (unsigned k = 0; k < 3; k++) {
        printf("<rect x=\"%u\" y=\"6\" width=\"10\" height=\"10\" fill=\"%s\"/>\n", LEFT + 150 * k,
               level_colour(k == 0 ? 0 : LOOKBACK_LOG_WINDOW + k - 1));
        printf("<text x=\"%u\" y=\"15\">%s</text>\n", LEFT + 150 * k + 14, legend[k]);
    }
    printf("<rect x=\"%u\" y=\"22\" width=\"10\" height=\"10\" fill=\"#444\"/>"
           "<text x=\"%u\" y=\"31\">the tile itself</text>\n", LEFT, LEFT + 14);
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
        printf("<line x1=\"%u\" y1=\"%u\" x2=\"%u\" y2=\"%u\" stroke=\"#bbb\"/>\n", LEFT + (unsigned)t * CELL,
               TOP, LEFT + (unsigned)t * CELL, TOP + side);
    for (uint64_t t = 0; t < tiles; t++)
        printf("<rect x=\"%u\" y=\"%u\" width=\"%u\" height=\"%u\" fill=\"#444\"/>\n",
               LEFT + (unsigned)t * CELL + 1, TOP + (unsigned)t * CELL + 1, CELL - 2, CELL - 2);
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

int main(int argc, char **argv)
{
    uint64_t seed = LCG64_DEFAULT_SEED, tiles = 72;
    int large = 0, quiet = 0, svg = 0;
    const cli_option options[] = {
        { "--seed", CLI_U64, &seed, "data and random-size seed (default 0x243F6A8885A308D3)", 0, UINT64_MAX, NULL },
        { "--large", CLI_FLAG, &large, "add the sizes around 10^6 (slower)", 0, 0, NULL },
        { "--lookback-svg", CLI_FLAG, &svg, "print an SVG of which nodes each tile of a block_dyadic<256> scan reads", 0, 0, NULL },
        { "--tiles", CLI_U64, &tiles, "tiles of the scan (DYADIC_TILE elements each) for --lookback-svg (default 72)", 1, 512, NULL },
        { "--quiet", CLI_FLAG, &quiet, "print only the verdicts", 0, 0, NULL },
    };
    cli_parse(argc, argv,
              "Replays the GPU kernels' arithmetic on the CPU and compares it bit for bit with the CPU library.",
              options, sizeof options / sizeof options[0]);
    if (svg)
        return exit_status(print_lookback_svg(tiles, seed));
    const impl_under_test emulation = {
        "GPU emulation",           emulate_canonical_reduce, emulate_block_dyadic_reduce,
        emulate_dyadic_scan_block, emulate_iterated_pairwise_scan, NULL,
    };
    return exit_status(run_comparison_matrix(&emulation, seed, large ? MATRIX_LARGE : MATRIX_SMALL, quiet));
}
