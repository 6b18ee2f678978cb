/* list_figures.c - see list_figures.h. Every figure is a few rows of boxes,
 * one box per node (or array slot), with arrows for the links. */
#include "list_figures.h"
#include "svg_draw.h"

#include <stdlib.h>

#define LABEL_W 128 /* the row labels on the left */
#define BOX_H 28
#define MARGIN 16
#define DONE_FILL "#d9ead3"   /* next = -1: the node reaches the end */
#define LINKED_FILL "#cfe2f3" /* the node still has a successor */

static double cell_w(int32_t n)
{
    return n <= 8 ? 56 : n <= 16 ? 34 : 22;
}

static double box_x(int32_t i, int32_t n)
{
    return LABEL_W + i * cell_w(n);
}

static double box_mid(int32_t i, int32_t n)
{
    return box_x(i, n) + (cell_w(n) - 6) / 2;
}

static int figure_width(int32_t n)
{
    return (int)(LABEL_W + n * cell_w(n) + MARGIN);
}

/* A box for node (or slot) i of a row whose top is y, with a number in it. */
static void node_box(FILE *out, int32_t i, int32_t n, double y, const char *fill, double stroke, int value)
{
    svg_box(out, box_x(i, n), y, cell_w(n) - 6, BOX_H, fill, stroke);
    svg_text(out, box_mid(i, n), y + BOX_H / 2 + 5, "middle", 13, "#000", "%d", value);
}

/* The link from box i to box j of the row at y: over the row when it goes
 * right, under it when it goes left, higher for longer jumps. */
static void link_arc(FILE *out, int32_t i, int32_t j, int32_t n, double y, double max_rise)
{
    const int32_t span = j > i ? j - i : i - j;
    double rise = 8 + 6 * span;
    if (rise > max_rise)
        rise = max_rise;
    if (j > i)
        svg_arc(out, box_mid(i, n) + 3, box_mid(j, n) - 3, y, rise, "#333");
    else
        svg_arc(out, box_mid(i, n) - 3, box_mid(j, n) + 3, y + BOX_H, -rise, "#333");
}

static void index_row(FILE *out, int32_t n, double y, const char *label)
{
    svg_text(out, LABEL_W - 10, y, "end", 12, "#555", "%s", label);
    for (int32_t i = 0; i < n; i++)
        svg_text(out, box_mid(i, n), y, "middle", 11, "#555", "%d", (int)i);
}

void draw_access(FILE *out, int32_t n, const int32_t *visit)
{
    int32_t *step = malloc((size_t)n * sizeof *step);
    if (step == NULL)
        return;
    for (int32_t k = 0; k < n; k++)
        step[visit[k]] = k;
    const double top = 112, gap = 180;
    svg_begin(out, figure_width(n), (int)(top + gap + BOX_H + 80));
    svg_text(out, MARGIN, 22, "start", 13, "#000", "The number in a cell is the step that reads it; arrows join consecutive steps.");
    for (int row = 0; row < 2; row++) {
        const double y = top + row * gap;
        svg_text(out, MARGIN, y - 64, "start", 13, "#000", "%s",
                 row == 0 ? "array a[]: step k reads a[k], address a + 4k, known before any load"
                          : "list node pool: step k reads the node whose index step k - 1 loaded");
        index_row(out, n, y - 44, row == 0 ? "element" : "node (index)");
        for (int32_t i = 0; i < n; i++)
            node_box(out, i, n, y, row == 0 ? LINKED_FILL : svg_group_color(1), 1, row == 0 ? (int)i : (int)step[i]);
        for (int32_t k = 0; k + 1 < n; k++)
            link_arc(out, row == 0 ? k : visit[k], row == 0 ? k + 1 : visit[k + 1], n, y, 34);
        svg_text(out, LABEL_W - 10, y + BOX_H + 52, "end", 12, "#555", "byte offset");
        for (int32_t i = 0; i < n; i++)
            svg_text(out, box_mid(i, n), y + BOX_H + 52, "middle", 10, "#555", "%d", (int)(i * (row == 0 ? 4 : 8)));
    }
    svg_text(out, box_mid(visit[0], n), top + gap + BOX_H + 66, "middle", 11, "#000", "head");
    svg_end(out);
    free(step);
}

void draw_jump_rounds(FILE *out, int32_t n, int rounds, const int32_t *next, const int32_t *dist, int stride)
{
    const double top = 110, row_h = 104;
    svg_begin(out, figure_width(n), (int)(top + (rounds + 1) * row_h + 10));
    svg_text(out, MARGIN, 22, "start", 13, "#000", "Box: dist[i], the hops from node i to next[i]; arrow: next[i].");
    svg_text(out, MARGIN, 40, "start", 13, "#000", "Green: next[i] = -1, so dist[i] is node i's distance to the end.");
    index_row(out, n, top - 50, "node");
    for (int r = 0; r <= rounds; r++) {
        const double y = top + r * row_h;
        const int32_t *nx = next + (size_t)r * stride, *d = dist + (size_t)r * stride;
        if (r == 0)
            svg_text(out, LABEL_W - 10, y + BOX_H / 2 + 5, "end", 13, "#000", "start");
        else
            svg_text(out, LABEL_W - 10, y + BOX_H / 2 + 5, "end", 13, "#000", "after round %d", r);
        for (int32_t i = 0; i < n; i++)
            if (nx[i] != LIST_NULL)
                link_arc(out, i, nx[i], n, y, 40);
        for (int32_t i = 0; i < n; i++)
            node_box(out, i, n, y, nx[i] == LIST_NULL ? DONE_FILL : LINKED_FILL, 1, (int)d[i]);
    }
    svg_end(out);
}

/* The ruler whose sublist holds node i, and whether i is that ruler. */
static int is_ruler(const ruling_set_run *run, int32_t i)
{
    return run->start[run->tag[i].sublist] == i;
}

/* Row 1: the pool in index order, cut into ruler slots of k indices. */
static void ruler_slots_row(FILE *out, const list *l, const ruling_set_run *run, double y)
{
    const int32_t n = l->n, k = run->sublist;
    svg_text(out, LABEL_W - 10, y + BOX_H / 2 + 5, "end", 12, "#000", "pool, by index");
    for (int32_t i = 0; i < n; i++) {
        node_box(out, i, n, y, svg_group_color(run->tag[i].sublist), is_ruler(run, i) ? 3 : 1, (int)i);
        if (is_ruler(run, i))
            svg_text(out, box_mid(i, n), y - 6, "middle", 11, "#000", "R%d", (int)run->tag[i].sublist);
    }
    for (int32_t s = 0; s < run->slots; s++) {
        const int32_t last = (s + 1) * k < n ? (s + 1) * k - 1 : n - 1;
        const double x1 = box_x(s * k, n), x2 = box_x(last, n) + cell_w(n) - 6;
        fprintf(out, "<path d=\"M%.1f,%.1f v6 H%.1f v-6\" fill=\"none\" stroke=\"#777\"/>\n", x1, y + BOX_H + 4,
                x2);
        svg_text(out, (x1 + x2) / 2, y + BOX_H + 22, "middle", 11, "#555", "slot %d", (int)s);
    }
}

/* Row 2: the same nodes in list order, each with its local rank; row 3:
 * the rulers' list under the sublists they start. */
static void sublists_row(FILE *out, const list *l, const ruling_set_run *run, double y)
{
    const int32_t n = l->n;
    svg_text(out, LABEL_W - 10, y + BOX_H / 2 + 5, "end", 12, "#000", "list, head to tail");
    svg_text(out, LABEL_W - 10, y + BOX_H + 16, "end", 11, "#555", "local rank");
    int32_t p = 0;
    for (int32_t cur = l->head; cur != LIST_NULL; cur = l->node[cur].next, p++) {
        node_box(out, p, n, y, svg_group_color(run->tag[cur].sublist), is_ruler(run, cur) ? 3 : 1, (int)cur);
        svg_text(out, box_mid(p, n), y + BOX_H + 16, "middle", 11, "#555", "%d", (int)run->tag[cur].local);
        if (is_ruler(run, cur))
            svg_text(out, box_mid(p, n), y - 6, "middle", 11, "#000", "R%d", (int)run->tag[cur].sublist);
    }
    const double yr = y + 84;
    svg_text(out, LABEL_W - 10, yr + BOX_H / 2 + 5, "end", 12, "#000", "rulers' list");
    svg_text(out, LABEL_W - 10, yr + BOX_H + 16, "end", 11, "#555", "sublist length");
    svg_text(out, LABEL_W - 10, yr + BOX_H + 32, "end", 11, "#555", "to the end");
    p = 0;
    int32_t prev = -1;
    for (int32_t cur = l->head; cur != LIST_NULL; cur = l->node[cur].next, p++) {
        if (!is_ruler(run, cur))
            continue;
        const int32_t j = run->tag[cur].sublist;
        node_box(out, p, n, yr, svg_group_color(j), 3, (int)j);
        svg_text(out, box_mid(p, n), yr + BOX_H + 16, "middle", 11, "#000", "%d", (int)run->length[j]);
        svg_text(out, box_mid(p, n), yr + BOX_H + 32, "middle", 11, "#000", "%d", (int)run->to_end[j]);
        if (prev >= 0)
            svg_arrow(out, box_x(prev, n) + cell_w(n) - 6, yr + BOX_H / 2, box_x(p, n), yr + BOX_H / 2, "#333");
        prev = p;
    }
}

void draw_ruling_set(FILE *out, const list *l, const ruling_set_run *run)
{
    const double top = 86;
    svg_begin(out, figure_width(l->n), (int)(top + 270));
    svg_text(out, MARGIN, 22, "start", 13, "#000", "Colour: the sublist a node belongs to. Thick: a ruler (R j).");
    svg_text(out, MARGIN, 40, "start", 13, "#000",
             "%d nodes, one ruler slot per %d indices, %d rulers, ranked in %d rounds.", (int)l->n,
             (int)run->sublist, (int)run->rulers, run->rounds);
    ruler_slots_row(out, l, run, top);
    sublists_row(out, l, run, top + 92);
    svg_end(out);
}

void draw_scatter(FILE *out, const list *l, const int32_t *dist, const int32_t *array)
{
    const int32_t n = l->n;
    const double top = 70, bottom = 220;
    svg_begin(out, figure_width(n), (int)(bottom + 70));
    svg_text(out, MARGIN, 22, "start", 13, "#000", "Node i writes its value to slot n - 1 - dist[i]: one write each, no two alike.");
    index_row(out, n, top - 8, "node");
    svg_text(out, LABEL_W - 10, top + BOX_H / 2 + 5, "end", 12, "#000", "value");
    svg_text(out, LABEL_W - 10, top + BOX_H + 16, "end", 11, "#555", "dist to end");
    for (int32_t i = 0; i < n; i++) {
        node_box(out, i, n, top, LINKED_FILL, 1, (int)l->node[i].value);
        svg_text(out, box_mid(i, n), top + BOX_H + 16, "middle", 11, "#555", "%d", (int)dist[i]);
        const int32_t slot = n - 1 - dist[i];
        if (slot >= 0 && slot < n)
            svg_arrow(out, box_mid(i, n), top + BOX_H + 22, box_mid(slot, n), bottom - 2, "#333");
    }
    svg_text(out, LABEL_W - 10, bottom + BOX_H / 2 + 5, "end", 12, "#000", "array[slot]");
    for (int32_t s = 0; s < n; s++)
        node_box(out, s, n, bottom, DONE_FILL, 1, (int)array[s]);
    index_row(out, n, bottom + BOX_H + 16, "slot");
    svg_end(out);
}
