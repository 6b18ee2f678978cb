/* walk_draw.c - see walk_draw.h. */
#include "walk_draw.h"

#include "lower_triangle.h"

#include <stdint.h>
#include <string.h>

#define SVG_WIDTH 600
#define LABEL_W 62 /* the output labels on the left */
#define ROUND_W 52 /* the round labels on the right */
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
                fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"white\" stroke=\"#bbb\"/>\n", x,
                        y, cell, ROW_H - 2);
                continue;
            }
            fprintf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" stroke=\"white\"/>\n", x, y,
                    cell, ROW_H - 2, owner_colour(w->owner[o]));
            fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"8\" text-anchor=\"middle\">%d</text>\n", x + cell / 2,
                    y + 10, w->thread[t]);
        }
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\">round %d</text>\n", LABEL_W + w->len * cell + 6, y + 12,
                w->round[o]);
    }
    return 32 + w->n_out * ROW_H + 10;
}

void walk_draw_svg(FILE *out, const char *title, const block_walk *walks[], const char *labels[], int n_walks)
{
    int height = 24;
    for (int i = 0; i < n_walks; i++)
        height += 32 + walks[i]->n_out * ROW_H + 10;
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"sans-serif\">\n",
            SVG_WIDTH, height, SVG_WIDTH, height);
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
            fprintf(out, "  n%d_%d [label=\"offset %d: p%d + p%d\"%s];\n", level + 1, lane, offset, lane, lane + offset,
                    offset == 1 ? ", style=filled, fillcolor=\"#fdd0a2\"" : "");
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

/* ---- the lower triangle of a symmetric result -------------------------- */

#define TRI_PANEL_W 196
#define TRI_AXIS 14 /* the i and j labels */

static int tri_cell_size(int n)
{
    const int fit = (TRI_PANEL_W - TRI_AXIS - 4) / n;
    return fit < 20 ? fit : 20;
}

static void tri_rect(FILE *out, int x, int y, int size, const char *fill, double opacity, const char *label)
{
    fprintf(out,
            "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\" fill-opacity=\"%.2f\" "
            "stroke=\"white\"/>\n",
            x, y, size, size, fill, opacity);
    if (label[0] != '\0' && size >= 14)
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" text-anchor=\"middle\">%s</text>\n", x + size / 2,
                y + size / 2 + 3, size >= 18 ? 8 : 7, label);
}

static void tri_heading(FILE *out, int x, int y, const char *line1, const char *line2)
{
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\" font-weight=\"bold\">%s</text>\n", x, y + 10, line1);
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\">%s</text>\n", x, y + 23, line2);
}

/* The n x n result: a row per i, a column per j. */
static void tri_matrix(FILE *out, const tri_walk *w, int x, int y, int size)
{
    for (int j = 0; j < w->n; j++)
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"8\" text-anchor=\"middle\">%d</text>\n",
                x + TRI_AXIS + j * size + size / 2, y + 9, j);
    for (int i = 0; i < w->n; i++) {
        const int yi = y + 12 + i * size;
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"8\">%d</text>\n", x, yi + size / 2 + 3, i);
        for (int j = 0; j < w->n; j++) {
            const int e = i * w->n + j, xj = x + TRI_AXIS + j * size;
            char label[16] = "";
            if (w->owner[e] != WALK_NOBODY) {
                snprintf(label, sizeof label, "%d", w->round[e] + 1);
                tri_rect(out, xj, yi, size, owner_colour(w->owner[e]), 1.0, label);
            } else if (w->stepped[e] != WALK_NOBODY) {
                tri_rect(out, xj, yi, size, owner_colour(w->stepped[e]), 0.3, "");
            } else {
                tri_rect(out, xj, yi, size, "#eeeeee", 1.0, "");
            }
        }
    }
}

/* The fold: rectangle row r, column c holds cell t = r*n + c. */
static int tri_fold(FILE *out, const tri_walk *w, int x, int y, int size)
{
    const int n = w->n, cells = lower_triangle_cells(n), rows = (cells + n - 1) / n;
    for (int c = 0; c < n; c++)
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"8\" text-anchor=\"middle\">%d</text>\n",
                x + TRI_AXIS + c * size + size / 2, y + 9, c);
    for (int r = 0; r < rows; r++) {
        const int yr = y + 12 + r * size;
        fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"8\">%d</text>\n", x, yr + size / 2 + 3, r);
        for (int c = 0; c < n; c++) {
            const int t = r * n + c, xc = x + TRI_AXIS + c * size;
            if (t >= cells) {
                tri_rect(out, xc, yr, size, "white", 1.0, "");
                continue;
            }
            const tri_cell cell = lower_triangle_cell(t, n);
            char label[24];
            snprintf(label, sizeof label, "%d,%d", cell.i, cell.j);
            const int inside = cell.i >= 0 && cell.i < n && cell.j >= 0 && cell.j <= cell.i;
            const int owner = inside ? w->owner[cell.i * n + cell.j] : WALK_NOBODY;
            tri_rect(out, xc, yr, size, owner >= 0 ? owner_colour(owner) : "black", 1.0,
                     label); /* black: a broken fold */
        }
    }
    return rows;
}

int walk_draw_triangle_svg(FILE *out, const tri_walk *numbered, const tri_walk *skipping, int threads)
{
    const int n = numbered->n, size = tri_cell_size(n), cells = lower_triangle_cells(n);
    const int ok = numbered->once && skipping->once;
    const char *who = threads < 32 ? "thread" : "warp";
    const int height = 40 + 30 + 12 + n * size + 24;
    fprintf(out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" "
            "font-family=\"sans-serif\">\n",
            SVG_WIDTH, height, SVG_WIDTH, height);
    fprintf(out, "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    fprintf(out,
            "<text x=\"4\" y=\"14\" font-size=\"12\">syrk, m = %d: the %d cells with j &#8804; i, one block of %d "
            "threads (%d %ss)</text>\n",
            n, cells, threads, numbered->owners, who);
    fprintf(out,
            "<text x=\"4\" y=\"30\" font-size=\"12\">busiest %s takes %d cells numbered directly, %d when the "
            "upper cells are skipped</text>\n",
            who, numbered->busiest, skipping->busiest);
    const int y = 40, grid_y = y + 30, foot_y = grid_y + 12 + n * size + 16;
    char line[96];
    tri_heading(out, 4, y, "the fold of lower_triangle_cell", "row t / m, column t mod m: (i, j)");
    const int rows = tri_fold(out, numbered, 4, grid_y, size);
    snprintf(line, sizeof line, "%d rows of %d: each of the %d cells %s", rows, n, cells, ok ? "once" : "NOT once");
    fprintf(out, "<text x=\"4\" y=\"%d\" font-size=\"10\">%s</text>\n", grid_y + 12 + rows * size + 16, line);
    snprintf(line, sizeof line, "cell t to %s t mod %d", who, numbered->owners);
    tri_heading(out, 4 + TRI_PANEL_W + 2, y, "numbered directly", line);
    tri_matrix(out, numbered, 4 + TRI_PANEL_W + 2, grid_y, size);
    snprintf(line, sizeof line, "busiest %s: %d cells", who, numbered->busiest);
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\">%s</text>\n", 4 + TRI_PANEL_W + 2, foot_y, line);
    snprintf(line, sizeof line, "%s w: index w, w + %d, w + %d, ...", who, skipping->owners, 2 * skipping->owners);
    tri_heading(out, 4 + 2 * (TRI_PANEL_W + 2), y, "all m &#215; m indices, i &lt; j skipped", line);
    tri_matrix(out, skipping, 4 + 2 * (TRI_PANEL_W + 2), grid_y, size);
    snprintf(line, sizeof line, "busiest %s: %d cells", who, skipping->busiest);
    fprintf(out, "<text x=\"%d\" y=\"%d\" font-size=\"10\">%s</text>\n", 4 + 2 * (TRI_PANEL_W + 2), foot_y, line);
    fprintf(out, "</svg>\n");
    return ok;
}
