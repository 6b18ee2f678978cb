/* classic_figure.c - the wiring diagram of a classic network, drawn from
 * the operations network_enumerate lists (nothing here knows a network by
 * name): one vertical wire per element, time running down, one row per
 * level. An addition is a dot on its target wire with a line from the wire
 * it reads; a copy is a dashed line; a cleared wire is a square. */
#include "classic_figure.h"

#include <stdio.h>
#include <stdlib.h>

#define FIG_LEFT 40
#define FIG_COL 36
#define FIG_TOP 56
#define FIG_ROW 44

typedef struct {
    FILE *out;
    size_t n;
    int level; /* the row being drawn */
} figure;

static int wire_x(size_t i)
{
    return FIG_LEFT + FIG_COL * (int)i;
}

static void draw_op(void *ctx, const net_op *op)
{
    figure *f = ctx;
    const int y = FIG_TOP + FIG_ROW * (f->level + 1), y0 = y - FIG_ROW + 10;
    if (op->kind != NETOP_END_LEVEL && op->target >= f->n)
        return; /* a wire beyond n: nothing to draw */
    switch (op->kind) {
    case NETOP_ADD: {
        const size_t from = op->left == op->target ? op->right : op->left;
        fprintf(f->out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#08519c\" stroke-width=\"1.5\"/>\n",
                wire_x(from), y0, wire_x(op->target), y);
        fprintf(f->out, "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"#08519c\"/>\n", wire_x(op->target), y);
        break;
    }
    case NETOP_ADD_INPUT:
        fprintf(f->out, "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"white\" stroke=\"#08519c\" stroke-width=\"2\"/>\n",
                wire_x(op->target), y);
        break;
    case NETOP_COPY:
        fprintf(f->out,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#a04000\" stroke-width=\"1.5\" "
                "stroke-dasharray=\"4,3\"/>\n",
                wire_x(op->left), y0, wire_x(op->target), y);
        break;
    case NETOP_CLEAR:
        fprintf(f->out, "<rect x=\"%d\" y=\"%d\" width=\"10\" height=\"10\" fill=\"#a04000\"/>\n",
                wire_x(op->target) - 5, y - 5);
        break;
    case NETOP_END_LEVEL: f->level++; break;
    }
}

static void count_level(void *ctx, const net_op *op)
{
    *(int *)ctx += op->kind == NETOP_END_LEVEL;
}

void classic_network_svg(FILE *out, classic_network net, size_t n, int exclusive)
{
    int levels = 0;
    const int inclusive = !exclusive;
    network_enumerate(net, n, inclusive, count_level, &levels);
    const network_cost cost = classic_scan_cost(net, n, exclusive);
    const int width = FIG_LEFT + FIG_COL * (int)n, bottom = FIG_TOP + FIG_ROW * levels + 20;
    const int height = bottom + 60;
    const int shows_exclusive = network_is_exclusive(net) ? exclusive : 0;
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" role=\"img\">\n"
            "<title>%s network, n = %zu</title>\n"
            "<desc>%zu vertical wires, one per element, time running down, %d rows of operations; "
            "a dot is an addition on its wire, the line into it comes from the wire it adds. "
            "Work %llu additions, span %llu.</desc>\n"
            "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n",
            width, height, width, height, network_title(net), n, n, levels, (unsigned long long)cost.work,
            (unsigned long long)cost.span);
    for (size_t i = 0; i < n; i++) {
        fprintf(out, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#bdbdbd\"/>\n", wire_x(i), FIG_TOP - 8,
                wire_x(i), bottom - 8);
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"12\">x%zu</text>\n", wire_x(i),
                FIG_TOP - 14, i);
        fprintf(out, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\" font-size=\"11\">%s%zu</text>\n", wire_x(i),
                bottom + 6, shows_exclusive ? "E" : "S", i);
    }
    figure f = { out, n, 0 };
    network_enumerate(net, n, inclusive, draw_op, &f);
    fprintf(out,
            "<text x=\"8\" y=\"22\" font-size=\"13\" font-weight=\"bold\">%s, n = %zu (%s): "
            "work %llu additions, span %llu</text>\n",
            network_title(net), n, shows_exclusive ? "exclusive" : "inclusive", (unsigned long long)cost.work,
            (unsigned long long)cost.span);
    if (net == NET_BLELLOCH)
        fprintf(out,
                "<text x=\"8\" y=\"%d\" font-size=\"12\" fill=\"#a04000\">square: the root cleared "
                "to the empty prefix; dashes: a copy (the parent's prefix to its left child)</text>\n",
                bottom + 32);
    fprintf(out, "</svg>\n");
}
