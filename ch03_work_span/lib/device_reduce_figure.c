/* device_reduce_figure.c - see device_reduce_figure.h. */
#include "device_reduce_figure.h"

#include <math.h>

/* Geometry of the picture, in SVG pixels. */
#define FIG_WIDTH 640
#define FIG_LEFT 20
#define FIG_BAR_MAX 400 /* the input's bar; the others shrink on a log scale */
#define FIG_CHAIN_X 560 /* the column of chain lengths */
#define FIG_ROW 40
#define FIG_HEADER 26

static int bar_width(size_t values, size_t most)
{
    const int w = (int)(FIG_BAR_MAX * log2((double)values + 1.0) / log2((double)most + 1.0) + 0.5);
    return w < 4 ? 4 : w;
}

static const char *plural(size_t count)
{
    return count == 1 ? "" : "s";
}

static void row(FILE *out, int y, const char *what, size_t values, const char *unit, size_t most, const char *chain)
{
    if (values == 1)
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"12\">%s: the sum</text>\n", FIG_LEFT, y + 14, what);
    else
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"12\">%s: %zu %s%s</text>\n", FIG_LEFT, y + 14, what, values,
                unit, plural(values));
    fprintf(out,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"12\" fill=\"#9ecae1\" "
            "stroke=\"#3182bd\"/>\n",
            FIG_LEFT, y + 20, bar_width(values, most));
    fprintf(out,
            "<text x=\"%d\" y=\"%d\" font-size=\"12\" font-weight=\"bold\" "
            "text-anchor=\"end\">%s</text>\n",
            FIG_WIDTH - 10, y + 14, chain);
}

static void header(FILE *out, int y, const char *text)
{
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"13\" font-weight=\"bold\">%s</text>\n", FIG_LEFT, y + 17, text);
}

/* The wait after a stage: a block barrier (dashed) or the end of the first
 * kernel, the one wait for every block of the grid (solid, thicker). */
static void wait_line(FILE *out, int y, reduce_wait wait)
{
    if (wait == REDUCE_WAIT_NONE)
        return;
    fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#d62728\" stroke-width=\"%s\"%s/>\n", FIG_LEFT,
            y, FIG_WIDTH - 10, y, wait == REDUCE_WAIT_GRID ? "3" : "1.5",
            wait == REDUCE_WAIT_GRID ? "" : " stroke-dasharray=\"6,3\"");
    fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\" fill=\"#d62728\" font-size=\"11\">%s</text>\n",
            FIG_WIDTH - 10, y - 5,
            wait == REDUCE_WAIT_GRID ? "end of the first kernel: every block has written its partial"
                                     : "__syncthreads()");
}

void device_reduce_stages_svg(FILE *out, const reduce_input *in, const reduce_geometry *g)
{
    reduce_stage stage[REDUCE_STAGES];
    device_reduce_stages(in, g, stage);
    const size_t depth = device_reduce_depth(in, g);
    const int height = 30 + 2 * FIG_HEADER + (REDUCE_STAGES + 1) * FIG_ROW + 50;
    const size_t most = in->n > stage[0].values ? in->n : stage[0].values;
    const char *type = in->type == ELEM_FLOAT ? "float" : "double";
    char text[160];
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\">\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            FIG_WIDTH, height, FIG_WIDTH, height);
    fprintf(out,
            "<text x=\"%d\" y=\"20\" font-size=\"14\" font-weight=\"bold\">%s, n = %zu: "
            "d = %zu additions, one wait for the whole grid</text>\n",
            FIG_LEFT, type, in->n, depth);
    fprintf(out,
            "<text x=\"%d\" y=\"%d\" font-size=\"11\" text-anchor=\"end\" fill=\"#666666\">"
            "longest chain</text>\n",
            FIG_WIDTH - 10, 30 + 17);
    int y = 30;
    snprintf(text, sizeof text, "kernel 1, device_reduce_partials: %d blocks x %d threads", g->blocks, g->threads);
    header(out, y, text);
    y += FIG_HEADER;
    row(out, y, "input in global memory", in->n, type, most, "");
    y += FIG_ROW;
    for (int k = 0; k < REDUCE_STAGES; k++) {
        char chain[32];
        snprintf(chain, sizeof chain, "+%zu", stage[k].chain);
        row(out, y, stage[k].what, stage[k].values, "partial sum", most, chain);
        y += FIG_ROW;
        if (stage[k].then == REDUCE_WAIT_GRID) {
            wait_line(out, y + 4, REDUCE_WAIT_GRID);
            snprintf(text, sizeof text, "kernel 2, device_reduce_final: 1 block x %d threads", g->final_threads);
            header(out, y, text);
            y += FIG_HEADER;
        } else {
            wait_line(out, y + 2, stage[k].then);
        }
    }
    int x = snprintf(text, sizeof text, "d = ");
    for (int k = 0; k < REDUCE_STAGES && x > 0 && (size_t)x < sizeof text; k++)
        x += snprintf(text + x, sizeof text - (size_t)x, k ? " + %zu" : "%zu", stage[k].chain);
    fprintf(out,
            "<text x=\"%d\" y=\"%d\" font-size=\"12\" font-weight=\"bold\">%s = %zu additions "
            "on the longest chain</text>\n",
            FIG_LEFT, y + 22, text, depth);
    fprintf(out,
            "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"#666666\">bars: the values "
            "left after each stage, on a logarithmic scale</text>\n</svg>\n",
            FIG_LEFT, y + 40);
}
