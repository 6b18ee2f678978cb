/* walk_draw.c - see walk_draw.h. */
#include "walk_draw.h"

#include <stdint.h>
#include <string.h>

#define SVG_WIDTH 600
#define LABEL_W 62   /* the output labels on the left */
#define ROUND_W 52   /* the round labels on the right */
#define ROW_H 16

static const char *owner_colour(int owner)
{
    static const char *palette[] = { "#9ecae1", "#fdae6b", "#a1d99b", "#bcbddc",
                                     "#fc9272", "#c7e9c0", "#fdd0a2", "#d9d9d9" };
    return palette[owner % 8];
}

/* One panel: the label line, a k axis, then a row per output. Returns its height. */
static int svg_panel(FILE *out, const block_walk *w, const char *label, int y)
{
    const int cell = (SVG_WIDTH - LABEL_W - ROUND_W) / w->len;
    fprintf(out, "<text x=\"4\" y=\"%d\" font-size=\"12\" font-weight=\"bold\">%s</text>\n", y + 12, label);
    y += 20;
    for (int k = 0; k < w->len; k += 8)
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"9\">k=%d</text>\n", LABEL_W + k * cell, y + 9, k);
    y += 12;
    for (int o = 0; o < w->n_out; o++, y += ROW_H) {
        fprintf(out, "<text x=\"4\" y=\"%d\" font-size=\"10\">output %d</text>\n", y + 12, o);
        for (int k = 0; k < w->len; k++) {
            const long t = (long)o * w->len + k;
            const int x = LABEL_W + k * cell;
            if (w->thread[t] == WALK_NOBODY) {
                fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"white\" stroke=\"#bbb\"/>\n",
                        x, y, cell, ROW_H - 2);
                continue;
            }
            fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"white\"/>\n", x, y,
                    cell, ROW_H - 2, owner_colour(w->owner[o]));
            fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"8\" text-anchor=\"middle\">%d</text>\n", x + cell / 2,
                    y + 10, w->thread[t]);
        }
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\">round %d</text>\n", LABEL_W + w->len * cell + 6,
                y + 12, w->round[o]);
    }
    return 32 + w->n_out * ROW_H + 10;
}

void walk_draw_svg(FILE *out, const char *title, const block_walk *walks[], const char *labels[], int n_walks)
{
    int height = 24;
    for (int i = 0; i < n_walks; i++)
        height += 32 + walks[i]->n_out * ROW_H + 10;
    fprintf(out, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
                 "font-family=\"sans-serif\">\n", SVG_WIDTH, height, SVG_WIDTH, height);
    fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(out, "<text x=\"4\" y=\"14\" font-size=\"12\">%s</text>\n", title);
    int y = 24;
    for (int i = 0; i < n_walks; i++)
        y += svg_panel(out, walks[i], labels[i], y);
    fprintf(out, "</svg>\n");
}

/* "t3 + t35": the terms the walk put into one lane of one output, in order. */
static void lane_label(const block_walk *w, int output, int lane, char *buf, size_t size)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int k = 0; k < w->len && used + 16 < size; k++)
        if (w->lane[(long)output * w->len + k] == lane)
            used += (size_t)snprintf(buf + used, size - used, "%st%d", used ? " + " : "", k);
    if (used == 0)
        snprintf(buf, size, "0");
}

void walk_draw_tree_dot(FILE *out, const block_walk *w, int output)
{
    fprintf(out, "digraph warp_tree {\n  rankdir=LR; nodesep=0.08; ranksep=0.35;\n"
                 "  node [shape=box, fontname=\"sans-serif\", fontsize=10, height=0.25, margin=\"0.04,0.02\"];\n"
                 "  edge [arrowsize=0.5];\n");
    char label[256];
    for (int lane = 0; lane < 32; lane++) {
        lane_label(w, output, lane, label, sizeof label);
        fprintf(out, "  n0_%d [label=\"lane %d: %s\", style=filled, fillcolor=\"#deebf7\"];\n", lane, lane, label);
    }
    int level = 0;
    for (int offset = 16; offset > 0; offset /= 2, level++) { /* the loop of tree32_sum_float */
        fprintf(out, "  { rank=same;");
        for (int lane = 0; lane < offset; lane++)
            fprintf(out, " n%d_%d;", level + 1, lane);
        fprintf(out, " }\n");
        for (int lane = 0; lane < offset; lane++) {
            fprintf(out, "  n%d_%d [label=\"offset %d: p%d + p%d\"%s];\n", level + 1, lane, offset, lane,
                    lane + offset, offset == 1 ? ", style=filled, fillcolor=\"#fdd0a2\"" : "");
            fprintf(out, "  n%d_%d -> n%d_%d;\n", level, lane, level + 1, lane);
            fprintf(out, "  n%d_%d -> n%d_%d [style=dashed];\n", level, lane + offset, level + 1, lane);
        }
    }
    fprintf(out, "}\n");
}

static void print_lanes(FILE *out, const int count[32], int *col)
{
    for (int l = 0; l < 32; l++)
        if (count[l] > 0) {
            if (*col > 74)
                *col = fprintf(out, "\n          ");
            *col += fprintf(out, " %d", l);
        }
}

int walk_print_registers(FILE *out)
{
    int count[32][32]; /* count[l][m]: how often p[l] holds lane m's partial */
    for (int l = 0; l < 32; l++)
        for (int m = 0; m < 32; m++)
            count[l][m] = l == m;
    fprintf(out, "p[l] starts as lane l's partial; each step runs p[l] += p[l + offset] for l < offset\n");
    for (int offset = 16; offset > 0; offset /= 2) { /* the loop of tree32_sum_float, on counts of lanes */
        for (int l = 0; l < offset; l++)
            for (int m = 0; m < 32; m++)
                count[l][m] += count[l + offset][m];
        int col = fprintf(out, "offset %2d:", offset);
        for (int l = 0; l < offset; l++) {
            char head[16];
            const int len = snprintf(head, sizeof head, " p[%d] = {", l);
            if (col + len + 6 > 78)
                col = fprintf(out, "\n          ");
            col += fprintf(out, "%s", head);
            print_lanes(out, count[l], &col);
            col += fprintf(out, " }");
        }
        fprintf(out, "\n");
    }
    int once = 1;
    for (int m = 0; m < 32; m++)
        once &= count[0][m] == 1;
    return once;
}
